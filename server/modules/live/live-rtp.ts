import { crashPayout, CRASH_RTP_BP, ONE_X_BP, type LiveGame } from '#common/live-rules.ts'
import { rouletteChipReturn, type RouletteBet } from '#common/originals-rules.ts'
import { chainFrom, crashResultOf, roulettePocketOf } from './chain.ts'

/** The return to player each live game states in its rules, as a fraction. */
export const STATED_LIVE_RTP = {
  crash: CRASH_RTP_BP / ONE_X_BP,
  live_roulette: 36 / 37,
} as const satisfies Record<LiveGame, number>

/** A fixed chain secret, so the simulation's figures are the same on every run. */
export const LIVE_SIMULATION_SECRET = 'aurum-live-rtp-simulation'

const STAKE = 10_000n
/** Crash: automatic cash-outs at 1.50×, 2.00× and 3.00× in turn. */
const CRASH_TARGETS_BP = [15_000, 20_000, 30_000]
const ROULETTE_BETS: { bet: RouletteBet; stakeMinor: bigint }[] = [
  { bet: { kind: 'red' }, stakeMinor: STAKE },
  { bet: { kind: 'column', value: 3 }, stakeMinor: STAKE },
  { bet: { kind: 'low' }, stakeMinor: STAKE },
]

/**
 * Plays `rounds` rounds of a live game on one fixed chain through the same result functions the
 * engine uses, and answers the measured return (returned ÷ staked).
 */
export async function simulateLiveRtp(game: LiveGame, rounds: number): Promise<number> {
  const chain = await chainFrom(LIVE_SIMULATION_SECRET, rounds)
  let staked = 0n
  let returned = 0n
  let number = 0
  for (const hash of chain.inOrder()) {
    number += 1
    if (game === 'crash') {
      const target = CRASH_TARGETS_BP[number % CRASH_TARGETS_BP.length] ?? 20_000
      staked += STAKE
      if (crashResultOf(number, hash) >= target) returned += crashPayout(STAKE, target)
    } else {
      const pocket = roulettePocketOf(number, hash)
      for (const { bet, stakeMinor } of ROULETTE_BETS) {
        staked += stakeMinor
        returned += rouletteChipReturn(bet, stakeMinor, pocket)
      }
    }
  }
  return Number((returned * 1_000_000n) / staked) / 1_000_000
}
