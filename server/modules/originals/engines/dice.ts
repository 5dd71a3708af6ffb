import { diceMultiplierBp, diceWins, DICE_OUTCOMES, type DiceBet } from '#common/originals-rules.ts'
import { drawInts, type FairnessInput } from './fairness.ts'

export {
  DICE_MAX_WIN_COUNT,
  DICE_MIN_WIN_COUNT,
  DICE_OUTCOMES,
  DICE_RTP_BP,
  diceMultiplierBp,
  diceWinCount,
  diceWins,
  isDiceBetValid,
  type DiceBet,
} from '#common/originals-rules.ts'

export function diceRoll(input: FairnessInput): number {
  const [roll] = drawInts(input, 1, DICE_OUTCOMES)
  return roll ?? 0
}

export function diceOutcome(input: FairnessInput, bet: DiceBet, stakeMinor: bigint) {
  const roll = diceRoll(input)
  const isWin = diceWins(roll, bet)
  const multiplierBp = isWin ? diceMultiplierBp(bet) : 0
  return { roll, isWin, multiplierBp, payoutMinor: (stakeMinor * BigInt(multiplierBp)) / 10_000n }
}
