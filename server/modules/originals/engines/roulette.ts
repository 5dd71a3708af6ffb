import { ROULETTE_POCKETS, rouletteChipReturn, type RouletteBet } from '#common/originals-rules.ts'
import { drawInts, type FairnessInput } from './fairness.ts'

export {
  RED_NUMBERS,
  ROULETTE_POCKETS,
  coveredNumbers,
  rouletteChipReturn,
  type RouletteBet,
  type RouletteBetKind,
} from '#common/originals-rules.ts'

export function rouletteSpin(input: FairnessInput): number {
  const [pocket] = drawInts(input, 1, ROULETTE_POCKETS)
  return pocket ?? 0
}

/** The result of several bets on one spin; each return is a whole multiple of its stake. */
export function rouletteOutcome(
  input: FairnessInput,
  bets: { bet: RouletteBet; stakeMinor: bigint }[],
) {
  const pocket = rouletteSpin(input)
  const payoutMinor = bets.reduce(
    (sum, { bet, stakeMinor }) => sum + rouletteChipReturn(bet, stakeMinor, pocket),
    0n,
  )
  return { pocket, payoutMinor }
}
