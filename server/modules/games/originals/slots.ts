import { drawInts, type FairnessInput } from './fairness.ts'

/**
 * Aurum Slots: 5 reels, 3 rows, 10 paylines, a wild that stands for any symbol. The stake is
 * spread evenly over the lines; a line pays for 3, 4 or 5 of a kind from the leftmost reel.
 */
export const SLOT_SYMBOLS = [
  'cherry',
  'lemon',
  'orange',
  'plum',
  'bell',
  'bar',
  'seven',
  'wild',
] as const
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number]
export const SLOT_REELS = 5
export const SLOT_ROWS = 3

/** Every reel's strip (the same strip on every reel keeps the maths readable). */
const STRIP_COUNTS: Record<SlotSymbol, number> = {
  cherry: 5,
  lemon: 4,
  orange: 3,
  plum: 2,
  bell: 2,
  bar: 1,
  seven: 1,
  wild: 2,
}
export const SLOT_STRIP: readonly SlotSymbol[] = (() => {
  // Interleaved so neighbours differ, as on a physical reel.
  const remaining = { ...STRIP_COUNTS }
  const strip: SlotSymbol[] = []
  while (strip.length < Object.values(STRIP_COUNTS).reduce((a, b) => a + b, 0)) {
    for (const symbol of SLOT_SYMBOLS) {
      if (remaining[symbol] > 0) {
        strip.push(symbol)
        remaining[symbol] -= 1
      }
    }
  }
  return strip
})()

/**
 * Pays in multiples of the line bet for 3, 4 and 5 of a kind; five wilds pay as sevens. A flat
 * table on purpose: RTP 95.54 % (exact, `slotLineStatistics`) with a standard deviation of about
 * 1.3 stakes per spin, so wins come often and small.
 */
export const SLOT_PAYTABLE: Record<
  Exclude<SlotSymbol, 'wild'>,
  readonly [number, number, number]
> = {
  cherry: [6, 9, 12],
  lemon: [6, 10, 16],
  orange: [9, 12, 20],
  plum: [10, 16, 25],
  bell: [12, 20, 32],
  bar: [16, 25, 50],
  seven: [20, 32, 80],
}

/** Rows (0 top, 2 bottom) a line crosses on each reel. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
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
]
export const SLOT_LINES = SLOT_PAYLINES.length

/** What one line pays: the symbol and count, or nothing (five wilds find no other symbol: sevens). */
export function linePay(
  symbols: readonly SlotSymbol[],
): { symbol: SlotSymbol; count: number; pay: number } | undefined {
  const base = symbols.find((symbol) => symbol !== 'wild') ?? 'seven'
  let count = 0
  for (const symbol of symbols) {
    if (symbol !== base && symbol !== 'wild') break
    count += 1
  }
  if (count < 3) return undefined
  const pay = SLOT_PAYTABLE[base][count - 3] ?? 0
  return { symbol: base, count, pay }
}

/** The stops of the five reels and the 3×5 window they show, `window[reel][row]`. */
export function slotSpin(input: FairnessInput): { stops: number[]; window: SlotSymbol[][] } {
  const stops = drawInts(input, SLOT_REELS, SLOT_STRIP.length)
  const window = stops.map((stop) =>
    Array.from(
      { length: SLOT_ROWS },
      (_, row) => SLOT_STRIP[(stop + row) % SLOT_STRIP.length] as SlotSymbol,
    ),
  )
  return { stops, window }
}

export interface SlotLineWin {
  line: number
  symbol: SlotSymbol
  count: number
  pay: number
}

/** A spin's line wins and its payout: the stake × Σ line pays / 10, rounded down. */
export function slotOutcome(input: FairnessInput, stakeMinor: bigint) {
  const { stops, window } = slotSpin(input)
  const wins: SlotLineWin[] = []
  SLOT_PAYLINES.forEach((rows, line) => {
    const win = linePay(rows.map((row, reel) => window[reel]?.[row] ?? 'cherry'))
    if (win) wins.push({ line, ...win })
  })
  const totalPay = wins.reduce((sum, win) => sum + win.pay, 0)
  return { stops, window, wins, payoutMinor: (stakeMinor * BigInt(totalPay)) / BigInt(SLOT_LINES) }
}

/**
 * The exact return to player and the variance of one line, from the strip's symbol frequencies:
 * every stop is equally likely, so each reel shows each symbol on any row with the strip's
 * frequency, the same for every line. The rules page states this figure.
 */
export function slotLineStatistics(): { rtp: number; lineVariance: number } {
  const total = SLOT_STRIP.length
  const weights = SLOT_SYMBOLS.map((symbol) => STRIP_COUNTS[symbol] / total)
  let mean = 0
  let square = 0
  const combo: SlotSymbol[] = []
  const walk = (reel: number, probability: number) => {
    if (reel === SLOT_REELS) {
      const pay = linePay(combo)?.pay ?? 0
      mean += probability * pay
      square += probability * pay * pay
      return
    }
    SLOT_SYMBOLS.forEach((symbol, index) => {
      combo[reel] = symbol
      walk(reel + 1, probability * (weights[index] ?? 0))
    })
  }
  walk(0, 1)
  return { rtp: mean, lineVariance: square - mean * mean }
}
