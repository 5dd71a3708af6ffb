/**
 * The rules of the Aurum Originals, shared by the server (real money) and the browser (demo play
 * and the verify page): everything but the drawing of random numbers, which each side does with
 * its own HMAC-SHA256 (`server/modules/originals/engines/fairness.ts`, `app/lib/fairness.ts`).
 * Pure functions and tables only, so one set of rules decides both.
 */

/** The Originals' engines (`games.engine` of kind `original`): each has its bet routes and screen. */
export const ORIGINAL_ENGINES = ['dice', 'slots', 'roulette', 'mines'] as const
export type OriginalEngine = (typeof ORIGINAL_ENGINES)[number]

/**
 * A uniform integer in [0, n) from one uint32. Note: `floor(u * n / 2^32)` is exact in doubles
 * for n < 2^21, and its bias (at most n / 2^32) is far below anything a simulation could see.
 */
export function uniformInt(u32: number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n >= 2 ** 21) throw new Error(`uniformInt range ${n}`)
  return Math.floor((u32 * n) / 2 ** 32)
}

// ---- Dice --------------------------------------------------------------------------------------

/** Rolls are 0.00 to 99.99, kept as integers 0 to 9999. */
export const DICE_OUTCOMES = 10_000
/** RTP 99 % (a 1 % house edge), written in the rules. */
export const DICE_RTP_BP = 9_900
/** The win chance a player may pick: 0.01 % to 98 %, as a count of winning rolls. */
export const DICE_MIN_WIN_COUNT = 1
export const DICE_MAX_WIN_COUNT = 9_800

export interface DiceBet {
  /** 1 to 9999: the line the roll is compared with, in hundredths. */
  target: number
  direction: 'over' | 'under'
}

/** How many of the 10 000 rolls win: under 50.00 wins on 0 to 4999 (5000 rolls). */
export function diceWinCount({ target, direction }: DiceBet): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target
}

export const isDiceBetValid = (bet: DiceBet): boolean => {
  if (!Number.isInteger(bet.target) || bet.target < 1 || bet.target > DICE_OUTCOMES - 1)
    return false
  const winCount = diceWinCount(bet)
  return winCount >= DICE_MIN_WIN_COUNT && winCount <= DICE_MAX_WIN_COUNT
}

export const diceWins = (roll: number, { target, direction }: DiceBet): boolean =>
  direction === 'under' ? roll < target : roll > target

/**
 * The payout multiplier in basis points (10 000 = 1×): 99 % of the fair one. Note: the payout
 * `stake × multiplier / 10 000` rounds down, so the house never pays a fraction it lacks.
 */
export const diceMultiplierBp = (bet: DiceBet): number =>
  Math.floor((DICE_RTP_BP * DICE_OUTCOMES) / diceWinCount(bet))

// ---- European Roulette -------------------------------------------------------------------------

/** European roulette: one zero, 37 pockets; RTP 36/37 = 97.30 % on every bet. */
export const ROULETTE_POCKETS = 37
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
])

/** At most this many bets (chips on distinct spots) on one spin, the Original's and the live one. */
export const ROULETTE_MAX_BETS = 20

export type RouletteBetKind =
  'straight' | 'red' | 'black' | 'even' | 'odd' | 'low' | 'high' | 'dozen' | 'column'

export interface RouletteBet {
  kind: RouletteBetKind
  /** straight: the number 0–36; dozen and column: 1–3; others: unused. */
  value?: number
}

/** The numbers a bet covers; an invalid bet covers none. */
export function coveredNumbers({ kind, value }: RouletteBet): number[] {
  const all = Array.from({ length: 36 }, (_, index) => index + 1)
  switch (kind) {
    case 'straight':
      return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 36
        ? [value]
        : []
    case 'red':
      return all.filter((n) => RED_NUMBERS.has(n))
    case 'black':
      return all.filter((n) => !RED_NUMBERS.has(n))
    case 'even':
      return all.filter((n) => n % 2 === 0)
    case 'odd':
      return all.filter((n) => n % 2 === 1)
    case 'low':
      return all.filter((n) => n <= 18)
    case 'high':
      return all.filter((n) => n >= 19)
    case 'dozen':
      return value === 1 || value === 2 || value === 3
        ? all.filter((n) => Math.ceil(n / 12) === value)
        : []
    case 'column':
      return value === 1 || value === 2 || value === 3
        ? all.filter((n) => ((n - 1) % 3) + 1 === value)
        : []
  }
}

/** What one chip returns on a pocket (stake included; a straight pays 35 to 1, so 36×). */
export function rouletteChipReturn(bet: RouletteBet, stakeMinor: bigint, pocket: number): bigint {
  const covered = coveredNumbers(bet)
  return covered.includes(pocket) ? (stakeMinor * 36n) / BigInt(covered.length) : 0n
}

// ---- Mines -------------------------------------------------------------------------------------

/** A 5×5 field with 1 to 24 mines; RTP 99 % whenever the player cashes out. */
export const MINES_TILES = 25
export const MINES_RTP_BP = 9_900

/**
 * Where the mines lie, from the bet's first `mines` numbers: a Fisher–Yates shuffle of the 25
 * tiles, the first `mines` of it.
 */
export function layMines(u32s: readonly number[], mines: number): number[] {
  if (!Number.isInteger(mines) || mines < 1 || mines >= MINES_TILES)
    throw new Error(`mines ${mines}`)
  const tiles = Array.from({ length: MINES_TILES }, (_, index) => index)
  for (let index = 0; index < mines; index++) {
    const pick = index + uniformInt(u32s[index] ?? 0, MINES_TILES - index)
    const swap = tiles[pick] ?? 0
    tiles[pick] = tiles[index] ?? 0
    tiles[index] = swap
  }
  return tiles.slice(0, mines).sort((a, b) => a - b)
}

/** C(n, k) exactly, for the small numbers of this board. */
function choose(n: number, k: number): bigint {
  let result = 1n
  for (let index = 0; index < k; index++) result = (result * BigInt(n - index)) / BigInt(index + 1)
  return result
}

/**
 * The multiplier in basis points after `revealed` safe tiles: 99 % of the fair odds
 * C(25, k) / C(25 − mines, k), rounded down.
 */
export function minesMultiplierBp(mines: number, revealed: number): number {
  if (revealed === 0) return 10_000
  const fair =
    (choose(MINES_TILES, revealed) * BigInt(MINES_RTP_BP)) / choose(MINES_TILES - mines, revealed)
  return Number(fair)
}

export const minesPayout = (stakeMinor: bigint, mines: number, revealed: number): bigint =>
  (stakeMinor * BigInt(minesMultiplierBp(mines, revealed))) / 10_000n

// ---- Slots -------------------------------------------------------------------------------------

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

/** How often each symbol stands on the strip (the same strip on every reel). */
export const SLOT_STRIP_COUNTS: Record<SlotSymbol, number> = {
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
  const remaining = { ...SLOT_STRIP_COUNTS }
  const strip: SlotSymbol[] = []
  const total = Object.values(SLOT_STRIP_COUNTS).reduce((a, b) => a + b, 0)
  while (strip.length < total) {
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
 * table on purpose: RTP 95.54 % (exact, `slotLineStatistics` on the server) with a standard
 * deviation of about 1.3 stakes per spin, so wins come often and small.
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

export interface SlotLineWin {
  line: number
  symbol: SlotSymbol
  count: number
  pay: number
}

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

/** The 3×5 window the reels' stops show, `window[reel][row]`. */
export const slotWindow = (stops: readonly number[]): SlotSymbol[][] =>
  stops.map((stop) =>
    Array.from(
      { length: SLOT_ROWS },
      (_, row) => SLOT_STRIP[(stop + row) % SLOT_STRIP.length] ?? 'cherry',
    ),
  )

/** A spin's line wins and its payout: the stake × Σ line pays / 10, rounded down. */
export function slotResult(stops: readonly number[], stakeMinor: bigint) {
  const window = slotWindow(stops)
  const wins: SlotLineWin[] = []
  SLOT_PAYLINES.forEach((rows, line) => {
    const win = linePay(rows.map((row, reel) => window[reel]?.[row] ?? 'cherry'))
    if (win) wins.push({ line, ...win })
  })
  const totalPay = wins.reduce((sum, win) => sum + win.pay, 0)
  return { window, wins, payoutMinor: (stakeMinor * BigInt(totalPay)) / BigInt(SLOT_LINES) }
}
