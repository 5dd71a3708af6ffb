
import type { SlotTitleSpec, SymbolSpec } from './kit.ts'

// Building blocks of the slot titles: standard pay tables and reel weights that each title mixes
// with its own symbols, shape and features. A title's `payScale` (figures.ts) then scales the
// plain pays so its RTP lands where it states it.

/** A title before tuning: its RTP target (the stated figure comes from the calibration run). */
export type SlotSpec = Omit<SlotTitleSpec, 'payScale' | 'stated'> & { targetRtpBp: number }

const HI_PAYS = [
  [10, 40, 150],
  [8, 30, 100],
  [6, 20, 75],
  [5, 15, 50],
]
const LO_PAYS = [
  [2, 6, 25],
  [2, 5, 20],
  [1.5, 4, 15],
  [1, 3, 12],
  [1, 3, 10],
]
const HI_WEIGHTS = [3, 4, 5, 6]
const LO_WEIGHTS = [8, 9, 10, 11, 12]

/**
 * Plain symbols of a five-reel title (pays for 3, 4, 5 of a kind). `tilt` scales the high symbols'
 * pays (above 1: a more volatile title); `extra` adds pays for 2 of a kind on the first high symbol.
 */
export function fiveReelSymbols(hi: string[], lo: string[], options: { tilt?: number; two?: number } = {}): SymbolSpec[] {
  const tilt = options.tilt ?? 1
  const out: SymbolSpec[] = []
  hi.forEach((art, i) => {
    const [a = 5, b = 15, c = 50] = HI_PAYS[i] ?? []
    out.push({
      art,
      pays: { ...(i === 0 && options.two ? { 2: options.two } : {}), 3: a * tilt, 4: b * tilt, 5: c * tilt },
      weight: HI_WEIGHTS[i] ?? 6,
    })
  })
  lo.forEach((art, i) => {
    const [a = 1, b = 3, c = 10] = LO_PAYS[i] ?? []
    out.push({ art, pays: { 3: a, 4: b, 5: c }, weight: LO_WEIGHTS[i] ?? 12 })
  })
  return out
}

const MEGA_HI = [
  [1, 2, 5, 15],
  [0.8, 1.5, 4, 10],
  [0.6, 1.2, 3, 8],
  [0.5, 1, 2.5, 6],
]
const MEGA_LO = [
  [0.2, 0.5, 1, 2.5],
  [0.2, 0.4, 0.8, 2],
  [0.15, 0.3, 0.6, 1.5],
  [0.1, 0.25, 0.5, 1.2],
  [0.1, 0.2, 0.4, 1],
  [0.1, 0.2, 0.4, 1],
]

/** Plain symbols of a six-reel ways title (pays for 3…6 of a kind per way). */
export function sixReelSymbols(hi: string[], lo: string[], options: { tilt?: number } = {}): SymbolSpec[] {
  const tilt = options.tilt ?? 1
  const out: SymbolSpec[] = []
  hi.forEach((art, i) => {
    const [a = 0.5, b = 1, c = 2.5, d = 6] = MEGA_HI[i] ?? []
    out.push({ art, pays: { 3: a * tilt, 4: b * tilt, 5: c * tilt, 6: d * tilt }, weight: HI_WEIGHTS[i] ?? 6 })
  })
  lo.forEach((art, i) => {
    const [a = 0.1, b = 0.2, c = 0.4, d = 1] = MEGA_LO[i] ?? []
    out.push({ art, pays: { 3: a, 4: b, 5: c, 6: d }, weight: LO_WEIGHTS[i] ?? 12 })
  })
  return out
}

/** Three-reel classic symbols: `[art, pay for 3 (line bets), weight]`, plus 2-of-a-kind pays where given. */
export function classicSymbols(list: [string, number, number, number?][]): SymbolSpec[] {
  return list.map(([art, three, weight, two]) => ({ art, pays: { ...(two ? { 2: two } : {}), 3: three }, weight }))
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
export function scatter(weights: number | readonly number[], pays: Record<number, number>, art = 'scatter'): SymbolSpec {
  return { art, kind: 'scatter', weight: weights, pays }
}

export function coin(weight: number | readonly number[], art = 'coin'): SymbolSpec {
  return { art, kind: 'coin', weight }
}

/** The usual hold-and-win: 6 coins, 3 respins, jackpots MINI 10× MINOR 20× MAJOR 50×, GRAND `grandX`. */
export function holdAndWin(landPerMille: number, grandX: number, scale = 1) {
  return {
    trigger: 6,
    respins: 3,
    landPerMille,
    coins: [
      { x: 0.5 * scale, weight: 400 },
      { x: 1 * scale, weight: 300 },
      { x: 2 * scale, weight: 150 },
      { x: 3 * scale, weight: 80 },
      { x: 5 * scale, weight: 45 },
      { x: 10, weight: 18, jackpot: 'MINI' as const },
      { x: 20, weight: 6, jackpot: 'MINOR' as const },
      { x: 50, weight: 1, jackpot: 'MAJOR' as const },
    ],
    grandX,
  }
}

export const theme = (from: string, to: string, accent: string) => ({
  background: `linear-gradient(160deg, ${from} 0%, ${to} 100%)`,
  accent,
})

