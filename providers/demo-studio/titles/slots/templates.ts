import type { SlotTitleSpec, SymbolSpec } from './kit.ts'

// Building blocks of the slot titles: standard pay tables and reel weights that each title mixes
// with its own symbols, shape and features. A title's `payScale` (figures.ts) then scales the
// plain pays so its RTP lands where it states it.

/**
 * A title before tuning: its RTP target (the stated figure comes from the calibration run). A
 * `buyPriceX` here only marks a title that sells its free spins: the price is the calibrated one
 * in figures.ts.
 */
export type SlotSpec = Omit<SlotTitleSpec, 'payScale' | 'stated'> & { targetRtpBp: number }

const HI_PAYS = [
  [3, 8, 20],
  [3, 6, 15],
  [2, 5, 12],
  [2, 4, 10],
]
const LO_PAYS = [
  [1, 3, 6],
  [1, 2.5, 5],
  [1, 2, 5],
  [0.8, 2, 4],
  [0.8, 1.5, 4],
]
const HI_WEIGHTS = [3, 4, 5, 6]
const LO_WEIGHTS = [8, 9, 10, 11, 12]

/**
 * Plain symbols of a five-reel title (pays for 3, 4, 5 of a kind). `tilt` scales the high symbols'
 * pays; `flat` (0…1) brings the pays for 4 and 5 towards the pay for 3 (a flatter, less volatile
 * title); `two` adds pays for 2 of a kind on the high symbols.
 */
export function fiveReelSymbols(
  hi: string[],
  lo: string[],
  options: { tilt?: number; two?: number; flat?: number } = {},
): SymbolSpec[] {
  const tilt = options.tilt ?? 1
  const flat = options.flat ?? 1
  const pays = (a: number, b: number, c: number, f: number, two?: number) => {
    const out: Record<number, number> = {
      3: a * f,
      4: (a + (b - a) * flat) * f,
      5: (a + (c - a) * flat) * f,
    }
    if (two) out[2] = two
    return out
  }
  const out: SymbolSpec[] = []
  hi.forEach((art, i) => {
    const [a = 5, b = 15, c = 50] = HI_PAYS[i] ?? []
    out.push({ art, pays: pays(a, b, c, tilt, options.two), weight: HI_WEIGHTS[i] ?? 6 })
  })
  lo.forEach((art, i) => {
    const [a = 1, b = 3, c = 10] = LO_PAYS[i] ?? []
    out.push({ art, pays: pays(a, b, c, 1), weight: LO_WEIGHTS[i] ?? 12 })
  })
  return out
}

/**
 * Plain symbols of a ways title on a big window (megaways, cascading grids): flat pays for 3…6
 * of a kind per way (the ways themselves make the big wins), every symbol `weight` times on a
 * strip. `tilt` scales the high symbols' pays.
 */
export function sixReelSymbols(
  hi: string[],
  lo: string[],
  options: { tilt?: number; weight?: number } = {},
): SymbolSpec[] {
  const tilt = options.tilt ?? 1
  const weight = options.weight ?? 8
  const out: SymbolSpec[] = []
  hi.forEach((art, i) => {
    const f = tilt * (1 - 0.1 * i)
    out.push({ art, pays: { 3: 1 * f, 4: 1.2 * f, 5: 1.4 * f, 6: 1.6 * f }, weight })
  })
  lo.forEach((art, i) => {
    const f = 1 - 0.05 * i
    out.push({ art, pays: { 3: 0.6 * f, 4: 0.7 * f, 5: 0.8 * f, 6: 1 * f }, weight })
  })
  return out
}

/**
 * Three-reel classic symbols: `[art, pay for 3 (line bets), weight, pay for 2, pay for 1]` (the
 * pays for 2 and 1 count from the leftmost reel, as a cherry pays).
 */
export function classicSymbols(list: [string, number, number, number?, number?][]): SymbolSpec[] {
  return list.map(([art, three, weight, two, one]) => {
    const pays: Record<number, number> = { 3: three }
    if (two) pays[2] = two
    if (one) pays[1] = one
    return { art, pays, weight }
  })
}

/** A wild on the given reels (weight per reel), with an optional multiplier and pays of its own. */
export function wild(
  weights: readonly number[],
  options: { art?: string; multiplier?: number; pays?: Record<number, number> } = {},
): SymbolSpec {
  return {
    art: options.art ?? 'wild',
    kind: 'wild',
    weight: weights,
    ...(options.multiplier ? { multiplier: options.multiplier } : {}),
    ...(options.pays ? { pays: options.pays } : {}),
  }
}

/** A scatter paying multiples of the total stake anywhere. */
export function scatter(
  weights: number | readonly number[],
  pays: Record<number, number>,
  art = 'scatter',
): SymbolSpec {
  return { art, kind: 'scatter', weight: weights, pays }
}

export function coin(weight: number | readonly number[], art = 'coin'): SymbolSpec {
  return { art, kind: 'coin', weight }
}

/** The usual hold-and-win: 6 coins, 3 respins, jackpots MINI 5× MINOR 10× MAJOR 25×, GRAND `grandX`. */
export function holdAndWin(landPerMille: number, grandX: number) {
  return {
    trigger: 6,
    respins: 3,
    landPerMille,
    coins: [
      { x: 0.2, weight: 400 },
      { x: 0.5, weight: 300 },
      { x: 1, weight: 160 },
      { x: 2, weight: 80 },
      { x: 3, weight: 40 },
      { x: 5, weight: 14, jackpot: 'MINI' as const },
      { x: 10, weight: 5, jackpot: 'MINOR' as const },
      { x: 25, weight: 1, jackpot: 'MAJOR' as const },
    ],
    grandX,
  }
}

export const theme = (from: string, to: string, accent: string) => ({
  background: `linear-gradient(160deg, ${from} 0%, ${to} 100%)`,
  accent,
})
