import { z } from 'zod'
import { share, type GameMath, type Rng } from './types.ts'

// Single-player crash: the player sets a target (auto cash-out) in hundredths, 1.01× to
// 10,000×; the round's crash point C satisfies P(C ≥ m) = R ÷ m, and the round pays target ×
// stake when C reaches the target. From a uniform u in [0, 2³²):
//   C = ⌊R_bp × 2³² ÷ (100 × (u + 1))⌋ hundredths,
// so P(C ≥ t) = ⌊R_bp × 2³² ÷ (100 t)⌋ ÷ 2³², and the return at any target is R less than
// t ÷ (100 × 2³²) ≤ 0.00024 pp (crash.test.ts computes it exactly for several targets).

export const CRASH_MIN_TARGET = 101
export const CRASH_MAX_TARGET = 1_000_000
export const CRASH_SPACE = 2n ** 32n

export interface CrashParams {
  /** Hundredths: 200 = 2.00×. */
  target: number
}

export interface CrashView {
  target: number
  /** Where the multiplier stopped, hundredths (1.00× at the least; 10,000× shown at the most). */
  crash: number
  won: boolean
  payout: string
}

export interface CrashInfo {
  rtpBp: number
  minTarget: number
  maxTarget: number
  presets: number[]
  art: 'curve' | 'rocket' | 'balloon' | 'jet'
}

export interface CrashConfig {
  /** R in basis points (9700 = 0.97). */
  rtpBp: number
  simTarget: number
  art: CrashInfo['art']
}

/** The crash point in hundredths for the uniform draw `u` (not clamped). */
export const crashPoint = (rtpBp: number, u: bigint) =>
  (BigInt(rtpBp) * CRASH_SPACE) / (100n * (u + 1n))

export function drawCrash(rtpBp: number, rng: Rng): bigint {
  return crashPoint(rtpBp, BigInt(rng.int(Number(CRASH_SPACE))))
}

export const crashRefusal = (target: number) =>
  Number.isInteger(target) && target >= CRASH_MIN_TARGET && target <= CRASH_MAX_TARGET
    ? null
    : 'crashTarget'

export const crashInfo = (config: CrashConfig): CrashInfo => ({
  rtpBp: config.rtpBp,
  minTarget: CRASH_MIN_TARGET,
  maxTarget: CRASH_MAX_TARGET,
  presets: [150, 200, 500, 1000, 10_000],
  art: config.art,
})

export function createCrash(
  config: CrashConfig,
): GameMath<CrashParams, never, CrashView, CrashView> {
  return {
    params: z.object({ target: z.number().int() }),
    action: z.never(),
    startStake: (params, stake) => crashRefusal(params.target) ?? stake,
    start(params, stake, rng) {
      const refusal = crashRefusal(params.target)
      if (refusal) throw new Error(refusal)
      const point = drawCrash(config.rtpBp, rng)
      const won = point >= BigInt(params.target)
      const payout = won ? share(stake, params.target, 100) : 0n
      const crash = Number(
        point > BigInt(CRASH_MAX_TARGET) ? BigInt(CRASH_MAX_TARGET) : point < 100n ? 100n : point,
      )
      const view: CrashView = { target: params.target, crash, won, payout: payout.toString() }
      return { state: view, view, staked: stake, done: true, payout }
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('crash rounds are done at the start')
    },
    resume: (state) => state,
    strategy: {
      params: { target: config.simTarget },
      move() {
        throw new Error('crash rounds are done at the start')
      },
    },
  }
}
