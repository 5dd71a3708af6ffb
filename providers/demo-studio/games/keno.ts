import { z } from 'zod'
import { share, type GameMath, type Rng } from './types.ts'

// Keno: 80 numbers, 20 drawn, the player picks 1 to 10. Each pick count has its own paytable
// (multipliers of the stake by hits), tuned so that every pick count returns 95.00 % ± 0.05 pp,
// computed exactly from the hypergeometric odds in keno.test.ts.

export const KENO_NUMBERS = 80
export const KENO_DRAWN = 20
export const KENO_MAX_PICKS = 10

/** `KENO_PAYS[picks][hits]`: the stake's multiplier (two decimals at most). */
export const KENO_PAYS: Record<number, readonly number[]> = {
  1: [0, 3.8],
  2: [0, 1.1, 8.85],
  3: [0, 0, 2.25, 46],
  4: [0, 0, 2.05, 5.3, 93],
  5: [0, 0, 0.75, 2.9, 15, 500],
  6: [0, 0, 0.35, 1.9, 6.6, 69, 1500],
  7: [0, 0, 0.6, 0.75, 3.95, 18, 190, 5000],
  8: [0, 0, 0, 1.2, 3.25, 9, 56, 540, 10_000],
  9: [0, 0, 0, 1.3, 2, 4.35, 19, 110, 2200, 20_000],
  10: [0, 0, 0, 1, 1.65, 3, 9.45, 46, 465, 4650, 100_000],
}

/** A multiplier in hundredths (the paytable's figures have two decimals at most). */
export const hundredths = (multiplier: number) => Math.round(multiplier * 100)

export interface KenoParams {
  picks: number[]
}

export interface KenoView {
  picks: number[]
  /** The 20 numbers in the order they were drawn. */
  drawn: number[]
  /** The picks that were drawn. */
  hits: number[]
  /** The paytable's multiplier for this many hits. */
  multiplier: number
  payout: string
}

export interface KenoInfo {
  numbers: number
  drawn: number
  maxPicks: number
  pays: Record<number, readonly number[]>
}

export const KENO_INFO: KenoInfo = {
  numbers: KENO_NUMBERS,
  drawn: KENO_DRAWN,
  maxPicks: KENO_MAX_PICKS,
  pays: KENO_PAYS,
}

/** Why these picks are refused (a studio string key), or null. */
export function kenoRefusal(picks: readonly number[]): string | null {
  if (picks.length < 1 || picks.length > KENO_MAX_PICKS) return 'kenoPickCount'
  if (picks.some((n) => !Number.isInteger(n) || n < 1 || n > KENO_NUMBERS)) return 'kenoPickRange'
  if (new Set(picks).size !== picks.length) return 'kenoPickTwice'
  return null
}

/** `count` distinct numbers from 1…`of` in draw order (a partial Fisher–Yates shuffle). */
export function drawDistinct(rng: Rng, of: number, count: number, first = 1): number[] {
  const pool = Array.from({ length: of }, (_, i) => i + first)
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(of - i)
    const a = pool[i] ?? 0
    pool[i] = pool[j] ?? 0
    pool[j] = a
  }
  return pool.slice(0, count)
}

export function createKeno(
  simPicks: readonly number[],
): GameMath<KenoParams, never, KenoView, KenoView> {
  const done = (view: KenoView, stake: bigint) => ({
    state: view,
    view,
    staked: stake,
    done: true,
    payout: BigInt(view.payout),
  })
  return {
    params: z.object({ picks: z.array(z.number().int()).max(80) }),
    action: z.never(),
    startStake: (params, stake) => kenoRefusal(params.picks) ?? stake,
    start(params, stake, rng) {
      const refusal = kenoRefusal(params.picks)
      if (refusal) throw new Error(refusal)
      const drawn = drawDistinct(rng, KENO_NUMBERS, KENO_DRAWN)
      const picked = new Set(params.picks)
      const hits = drawn.filter((n) => picked.has(n))
      const multiplier = KENO_PAYS[params.picks.length]?.[hits.length] ?? 0
      const payout = share(stake, hundredths(multiplier), 100)
      return done(
        { picks: [...params.picks], drawn, hits, multiplier, payout: payout.toString() },
        stake,
      )
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('keno rounds are done at the draw')
    },
    resume: (state) => state,
    strategy: {
      params: { picks: [...simPicks] },
      move() {
        throw new Error('keno rounds are done at the draw')
      },
    },
  }
}
