import { z } from 'zod'
import { hundredths } from './keno.ts'
import { share, type GameMath } from './types.ts'

// Plinko: a ball falls through `rows` rows of pegs, going left or right at each with even odds,
// and lands in one of rows + 1 slots (binomial odds). Each rows × risk has its multipliers; every
// one of the 27 configurations returns 99.00 % (within 0.005 pp: plinko.test.ts sums
// C(rows, k) ÷ 2^rows × multiplier exactly). The path is the result: the page draws it.

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const
export type PlinkoRisk = (typeof PLINKO_RISKS)[number]
export const PLINKO_MIN_ROWS = 8
export const PLINKO_MAX_ROWS = 16

/** `PLINKO_PAYS[risk][rows]`: the slots' multipliers, left to right (symmetric). */
export const PLINKO_PAYS: Record<PlinkoRisk, Record<number, readonly number[]>> = {
  low: {
    8: [5.6, 2.68, 1.4, 0.78, 0.48, 0.78, 1.4, 2.68, 5.6],
    9: [6.4, 3.19, 1.69, 0.99, 0.59, 0.59, 0.99, 1.69, 3.19, 6.4],
    10: [7.3, 3.9, 2.11, 1.22, 0.75, 0.49, 0.75, 1.22, 2.11, 3.9, 7.3],
    11: [8.3, 4.6, 2.59, 1.5, 0.9, 0.58, 0.58, 0.9, 1.5, 2.59, 4.6, 8.3],
    12: [9.5, 5.4, 3.1, 1.8, 1.13, 0.71, 0.5, 0.71, 1.13, 1.8, 3.1, 5.4, 9.5],
    13: [11, 6.17, 3.61, 2.2, 1.3, 0.89, 0.57, 0.57, 0.89, 1.3, 2.2, 3.61, 6.17, 11],
    14: [12.5, 7.17, 4.3, 2.6, 1.61, 1, 0.7, 0.55, 0.7, 1, 1.61, 2.6, 4.3, 7.17, 12.5],
    15: [14, 8.3, 5, 3.1, 1.86, 1.22, 0.79, 0.62, 0.62, 0.79, 1.22, 1.86, 3.1, 5, 8.3, 14],
    16: [16, 9.7, 5.9, 3.7, 2.3, 1.53, 0.96, 0.68, 0.49, 0.68, 0.96, 1.53, 2.3, 3.7, 5.9, 9.7, 16],
  },
  medium: {
    8: [13, 3.68, 1.31, 0.6, 0.4, 0.6, 1.31, 3.68, 13],
    9: [17, 5.21, 1.8, 0.81, 0.45, 0.45, 0.81, 1.8, 5.21, 17],
    10: [22, 7.2, 2.61, 1.09, 0.55, 0.39, 0.55, 1.09, 2.61, 7.2, 22],
    11: [29, 9.7, 3.61, 1.51, 0.73, 0.41, 0.41, 0.73, 1.51, 3.61, 9.7, 29],
    12: [38, 13, 5, 2.1, 1, 0.48, 0.36, 0.48, 1, 2.1, 5, 13, 38],
    13: [49, 17.49, 6.81, 2.8, 1.31, 0.68, 0.37, 0.37, 0.68, 1.31, 2.8, 6.81, 17.49, 49],
    14: [64, 24.01, 9.3, 3.9, 1.71, 0.9, 0.5, 0.25, 0.5, 0.9, 1.71, 3.9, 9.3, 24.01, 64],
    15: [84, 32, 12.5, 5.3, 2.35, 1.11, 0.55, 0.41, 0.41, 0.55, 1.11, 2.35, 5.3, 12.5, 32, 84],
    16: [110, 42, 17, 7.2, 3.2, 1.5, 0.78, 0.44, 0.3, 0.44, 0.78, 1.5, 3.2, 7.2, 17, 42, 110],
  },
  high: {
    8: [29, 4.9, 1.1, 0.37, 0.2, 0.37, 1.1, 4.9, 29],
    9: [45, 7.8, 1.81, 0.51, 0.24, 0.24, 0.51, 1.81, 7.8, 45],
    10: [70, 12.5, 2.8, 0.8, 0.32, 0.18, 0.32, 0.8, 2.8, 12.5, 70],
    11: [110, 19.5, 4.3, 1.2, 0.45, 0.23, 0.23, 0.45, 1.2, 4.3, 19.5, 110],
    12: [170, 31, 6.8, 1.84, 0.61, 0.3, 0.2, 0.3, 0.61, 1.84, 6.8, 31, 170],
    13: [270, 47.98, 10.5, 2.8, 0.92, 0.42, 0.2, 0.2, 0.42, 0.92, 2.8, 10.5, 47.98, 270],
    14: [410, 74.99, 16.5, 4.3, 1.4, 0.49, 0.28, 0.21, 0.28, 0.49, 1.4, 4.3, 16.5, 74.99, 410],
    15: [640, 120, 25, 6.5, 2.01, 0.79, 0.41, 0.16, 0.16, 0.41, 0.79, 2.01, 6.5, 25, 120, 640],
    16: [1000, 180, 40, 10, 3, 1.07, 0.48, 0.27, 0.17, 0.27, 0.48, 1.07, 3, 10, 40, 180, 1000],
  },
}

export interface PlinkoParams {
  rows: number
  risk: PlinkoRisk
}

export interface PlinkoView {
  rows: number
  risk: PlinkoRisk
  /** 0 = left, 1 = right, one per row. */
  path: number[]
  /** The slot it landed in, 0…rows from the left. */
  slot: number
  multiplier: number
  payout: string
}

export interface PlinkoInfo {
  minRows: number
  maxRows: number
  risks: readonly PlinkoRisk[]
  pays: Record<PlinkoRisk, Record<number, readonly number[]>>
}

export const PLINKO_INFO: PlinkoInfo = {
  minRows: PLINKO_MIN_ROWS,
  maxRows: PLINKO_MAX_ROWS,
  risks: PLINKO_RISKS,
  pays: PLINKO_PAYS,
}

/** The largest multiplier of any configuration (16 rows, high risk, an edge slot). */
export const PLINKO_MAX_WIN_X = Math.max(
  ...PLINKO_RISKS.flatMap((risk) => Object.values(PLINKO_PAYS[risk]).flat()),
)

const refusal = (params: PlinkoParams) =>
  PLINKO_PAYS[params.risk][params.rows] ? null : 'plinkoConfig'

export function createPlinko(
  sim: PlinkoParams,
): GameMath<PlinkoParams, never, PlinkoView, PlinkoView> {
  return {
    params: z.object({ rows: z.number().int(), risk: z.enum(PLINKO_RISKS) }),
    action: z.never(),
    startStake: (params, stake) => refusal(params) ?? stake,
    start(params, stake, rng) {
      const pays = PLINKO_PAYS[params.risk][params.rows]
      if (!pays) throw new Error('plinkoConfig')
      const path: number[] = []
      for (let row = 0; row < params.rows; row++) path.push(rng.int(2))
      const slot = path.reduce((sum, step) => sum + step, 0)
      const multiplier = pays[slot] ?? 0
      const payout = share(stake, hundredths(multiplier), 100)
      const view: PlinkoView = { ...params, path, slot, multiplier, payout: payout.toString() }
      return { state: view, view, staked: stake, done: true, payout }
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('plinko rounds are done at the drop')
    },
    resume: (state) => state,
    strategy: {
      params: sim,
      move() {
        throw new Error('plinko rounds are done at the drop')
      },
    },
  }
}
