import type { Config } from '#server/config/env.ts'

/**
 * Every timing of the live rounds, in one place. Each can be overridden by its environment
 * variable (`LIVE_BETTING_MS`…), which the end-to-end suite and the tests use to play fast.
 */
export interface LiveTimings {
  /** How long bets are taken before a round starts. */
  bettingMs: number
  /** Crash: the multiplier doubles every this long (2× after it, 4× after twice it…). */
  crashDoublingMs: number
  /** Live Roulette: from the last bet to the ball landing. */
  rouletteSpinMs: number
  /** The result stays on screen this long before the next betting window opens. */
  resultPauseMs: number
  /** A held engine lease lapses this long after its last renewal (renewed every third of it). */
  leaseMs: number
  /** How often the Crash engine looks for automatic cash-outs that are due. */
  crashTickMs: number
}

export const LIVE_TIMING_DEFAULTS: LiveTimings = {
  bettingMs: 8_000,
  crashDoublingMs: 8_000,
  rouletteSpinMs: 6_000,
  resultPauseMs: 4_000,
  leaseMs: 6_000,
  crashTickMs: 100,
}

/** A million rounds: about half a year of either game, at some 15 s a round. */
export const LIVE_CHAIN_LENGTH_DEFAULT = 1_000_000

export function liveTimingsOf(config: Config): LiveTimings {
  return {
    ...LIVE_TIMING_DEFAULTS,
    bettingMs: config.LIVE_BETTING_MS ?? LIVE_TIMING_DEFAULTS.bettingMs,
    crashDoublingMs: config.LIVE_CRASH_DOUBLING_MS ?? LIVE_TIMING_DEFAULTS.crashDoublingMs,
    rouletteSpinMs: config.LIVE_ROULETTE_SPIN_MS ?? LIVE_TIMING_DEFAULTS.rouletteSpinMs,
    resultPauseMs: config.LIVE_RESULT_PAUSE_MS ?? LIVE_TIMING_DEFAULTS.resultPauseMs,
  }
}
