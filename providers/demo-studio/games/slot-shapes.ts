import { seededRng } from './rng.ts'

// Shapes shared by the slot titles: paylines and reel strips built from symbol weights.

/** The 25 classic paylines of a 5×3 window (the first 10, 20 or 25 are used). */
export const LINES_5X3: readonly number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
]

/** 40 paylines of a 5×4 window: the 5×3 shapes on the top three rows and on the bottom three. */
export const LINES_5X4: readonly number[][] = (() => {
  const seen = new Set<string>()
  const out: number[][] = []
  for (const shape of LINES_5X3)
    for (const shift of [0, 1]) {
      const line = shape.map((row) => row + shift)
      const key = line.join()
      if (seen.has(key) || out.length >= 40) continue
      seen.add(key)
      out.push(line)
    }
  return out
})()

/** 3×3: the three rows and the two diagonals. */
export const LINES_3X3: readonly number[][] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
]

export function linesFor(reels: number, rows: number, count: number): number[][] {
  if (rows === 1) return [Array.from({ length: reels }, () => 0)]
  const set = reels === 3 ? LINES_3X3 : rows === 4 ? LINES_5X4 : LINES_5X3
  if (count > set.length) throw new Error(`no ${count} lines for ${reels}×${rows}`)
  return set.slice(0, count).map((line) => [...line])
}

/**
 * Reel strips from weights: `weights[symbol]` is the symbol's count on every reel or one count per
 * reel. The order is a fixed shuffle seeded by `seed` (the strips never change between runs).
 */
export function buildStrips(
  weights: readonly (number | readonly number[])[],
  reels: number,
  seed: string,
): number[][] {
  const strips: number[][] = []
  for (let r = 0; r < reels; r++) {
    const strip: number[] = []
    weights.forEach((weight, symbol) => {
      const n = typeof weight === 'number' ? weight : (weight[r] ?? 0)
      for (let i = 0; i < n; i++) strip.push(symbol)
    })
    const rng = seededRng(`${seed}:${r}`)
    for (let i = strip.length - 1; i > 0; i--) {
      const j = rng.int(i + 1)
      const a = strip[i] ?? 0
      strip[i] = strip[j] ?? 0
      strip[j] = a
    }
    strips.push(strip)
  }
  return strips
}
