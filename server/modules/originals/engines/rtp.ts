import { DICE_RTP_BP, diceOutcome, type DiceBet } from './dice.ts'
import type { FairnessInput } from './fairness.ts'
import { MINES_RTP_BP, minePositions, minesPayout } from './mines.ts'
import { rouletteOutcome, type RouletteBet } from './roulette.ts'
import { slotLineStatistics, slotOutcome } from './slots.ts'

/** The return to player each Original states in its rules, as a fraction. */
export const STATED_RTP = {
  dice: DICE_RTP_BP / 10_000,
  roulette: 36 / 37,
  mines: MINES_RTP_BP / 10_000,
  slots: slotLineStatistics().rtp,
} as const
export type OriginalGame = keyof typeof STATED_RTP

/** The fixed seeds of the simulation, so its figures are the same on every run. */
export const SIMULATION_SEEDS = {
  serverSeed: '5f2b8c1d9e7a6b3c4d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e',
  clientSeed: 'aurum-rtp-simulation',
}

const STAKE = 10_000n
const DICE_BETS: DiceBet[] = [
  { target: 5000, direction: 'under' },
  { target: 2500, direction: 'over' },
  { target: 9000, direction: 'under' },
]
const ROULETTE_BETS: { bet: RouletteBet; stakeMinor: bigint }[] = [
  { bet: { kind: 'red' }, stakeMinor: STAKE },
  { bet: { kind: 'dozen', value: 2 }, stakeMinor: STAKE },
  { bet: { kind: 'odd' }, stakeMinor: STAKE },
]
/** Mines: three mines, two tiles opened, then cash out. */
const MINES = 3
const MINES_PICKS = [7, 18]

/** One round of `game` at `nonce`: what was staked and what came back, in minor units. */
export function playRound(game: OriginalGame, nonce: number): { staked: bigint; returned: bigint } {
  const input: FairnessInput = { ...SIMULATION_SEEDS, nonce }
  switch (game) {
    case 'dice': {
      const bet = DICE_BETS[nonce % DICE_BETS.length] as DiceBet
      return { staked: STAKE, returned: diceOutcome(input, bet, STAKE).payoutMinor }
    }
    case 'roulette':
      return {
        staked: STAKE * BigInt(ROULETTE_BETS.length),
        returned: rouletteOutcome(input, ROULETTE_BETS).payoutMinor,
      }
    case 'mines': {
      const mines = new Set(minePositions(input, MINES))
      const isSafe = MINES_PICKS.every((tile) => !mines.has(tile))
      return {
        staked: STAKE,
        returned: isSafe ? minesPayout(STAKE, MINES, MINES_PICKS.length) : 0n,
      }
    }
    case 'slots':
      return { staked: STAKE, returned: slotOutcome(input, STAKE).payoutMinor }
  }
}

/** The measured return over `rounds` rounds (nonces 0 to rounds − 1), as a fraction. */
export function simulateRtp(game: OriginalGame, rounds: number): number {
  let staked = 0n
  let returned = 0n
  for (let nonce = 0; nonce < rounds; nonce++) {
    const round = playRound(game, nonce)
    staked += round.staked
    returned += round.returned
  }
  // Ten-thousandths of a percent, then a plain number: the ratio itself needs no more precision.
  return Number((returned * 1_000_000n) / staked) / 1_000_000
}
