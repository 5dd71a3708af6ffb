// The slot page's pure arithmetic: the window's size on the stage, where a cell sits (for the
// win lines), how far each symbol falls in a cascade, the reels' stop times, the free spins'
// count, pays at a stake. No DOM here: slot-layout.test.ts checks it in node.

import type { SlotSpin } from '../../games/slot-view.ts'

/** The gap between cells and the frame's padding, in pixels. */
export const CELL_GAP = 6
export const FRAME_PAD = 8

/**
 * The window's width and height in pixels inside a `width × height` area: square cells for a
 * `reels × rows` window (megaways: rows are the most a reel shows), no wider than `maxWidth`.
 */
export function boardSize(
  width: number,
  height: number,
  reels: number,
  rows: number,
  maxWidth = 760,
): { width: number; height: number; cell: number } {
  const chrome = 2 * FRAME_PAD
  const byWidth = (Math.min(width, maxWidth) - chrome - (reels - 1) * CELL_GAP) / reels
  const byHeight = (height - chrome - (rows - 1) * CELL_GAP) / rows
  // A one-row window would be a thin strip: its cells may be taller than wide, a little.
  const cell = Math.max(24, Math.floor(Math.min(byWidth, byHeight, rows === 1 ? 150 : 140)))
  return {
    width: reels * cell + (reels - 1) * CELL_GAP + chrome,
    height: rows * cell + (rows - 1) * CELL_GAP + chrome,
    cell,
  }
}

/** The centre of a cell in percent of the window: reel from the left, row from the top. */
export function cellCentre(reel: number, row: number, reels: number, rowsOnReel: number) {
  return { x: ((reel + 0.5) / reels) * 100, y: ((row + 0.5) / rowsOnReel) * 100 }
}

/** An SVG polyline's points (percent) along a line: `line[reel]` is its row on each reel. */
export function linePoints(line: readonly number[], rowsPerReel: readonly number[]): string {
  const reels = line.length
  const points = line.map((row, reel) => cellCentre(reel, row, reels, rowsPerReel[reel] ?? 1))
  const first = points[0]
  const last = points[points.length - 1]
  if (!first || !last) return ''
  // From the frame's left edge to its right edge, through every reel's cell.
  const all = [{ x: 0, y: first.y }, ...points, { x: 100, y: last.y }]
  return all.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ')
}

/**
 * A cascade on one reel of `rows` cells: the winners at `removed` rows vanish, the others fall,
 * new symbols drop in from above. For each row of the new window, how many rows its symbol
 * fell (a new symbol falls from above the window) and whether it is new.
 */
export function cascadeFalls(
  rows: number,
  removed: readonly number[],
): { fell: number; fresh: boolean }[] {
  const gone = new Set(removed.filter((row) => row >= 0 && row < rows))
  const survivors: number[] = []
  for (let row = 0; row < rows; row++) if (!gone.has(row)) survivors.push(row)
  const fresh = rows - survivors.length
  const out: { fell: number; fresh: boolean }[] = []
  for (let row = 0; row < rows; row++) {
    if (row < fresh) out.push({ fell: fresh, fresh: true })
    else out.push({ fell: row - (survivors[row - fresh] ?? row), fresh: false })
  }
  return out
}

/**
 * When each reel stops, in milliseconds from the press: left to right, 1.2–2.0 s in all for a
 * normal spin, quicker for a free spin, everything at once (and short) with reduced motion.
 */
export function reelStops(
  reels: number,
  options: { reducedMotion: boolean; quick?: boolean },
): number[] {
  if (options.reducedMotion) return Array.from({ length: reels }, () => 150)
  const total = Math.min(2000, 1200 + 100 * Math.max(0, reels - 3))
  const first = 650
  const scale = options.quick ? 0.6 : 1
  const gap = reels > 1 ? (total - first) / (reels - 1) : 0
  return Array.from({ length: reels }, (_, reel) => Math.round((first + gap * reel) * scale))
}

/**
 * The free spins' (or respins') numbering: for each spin of a round, its number among the free
 * spins and how many the feature had when it was played (retriggers add), or null for a paid
 * spin. Respins count how many are left instead.
 */
export function featureProgress(spins: readonly Pick<SlotSpin, 'kind' | 'left' | 'awarded'>[]) {
  let played = 0
  return spins.map((spin) => {
    if (spin.kind !== 'free') return null
    played++
    return { n: played, total: played + spin.left }
  })
}

/** Pays "× stake" (floats from the paytable) as minor units at `stake`, rounded down. */
export function payAt(stake: bigint, multiple: number): bigint {
  // Six decimals are more than any paytable states; the studio's engine rounds the same way.
  const micro = BigInt(Math.round(multiple * 1_000_000))
  return (stake * micro) / 1_000_000n
}

/** Ways on a full window: `rows` on each of `reels` (243 = 3^5, megaways 7^6 = 117,649). */
export const waysOf = (reels: number, rows: number) => rows ** reels

/** The jackpot a coin value stands for at `stake`, if it is one. */
export function jackpotOf(
  value: bigint,
  stake: bigint,
  jackpots: Record<string, number>,
): string | null {
  for (const [name, multiple] of Object.entries(jackpots))
    if (payAt(stake, multiple) === value) return name
  return null
}

/** Round wins big enough for the big-win banner: ×20 the stake and more. */
export const BIG_WIN_X = 20

/** The steps of a count-up from 0 to `amount` minor units over `frames` frames (the last exact). */
export function countUp(amount: bigint, frames: number): bigint[] {
  if (frames <= 1 || amount <= 0n) return [amount]
  const out: bigint[] = []
  for (let i = 1; i <= frames; i++) {
    // Ease out: quick at first, slow near the end.
    const t = 1 - (1 - i / frames) ** 3
    out.push((amount * BigInt(Math.round(t * 10_000))) / 10_000n)
  }
  out[out.length - 1] = amount
  return out
}

/** Paytable counts to show for a symbol: the counts (1-based) that pay something. */
export function payingCounts(pays: readonly number[]): number[] {
  const out: number[] = []
  pays.forEach((pay, i) => {
    if (pay > 0) out.push(i + 1)
  })
  return out.reverse()
}
