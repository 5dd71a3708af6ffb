import { randomInt } from 'node:crypto'

// Demo Studio's one slot engine: 3 reels × 3 rows, 5 lines (three rows and two diagonals), a
// wild that stands in for every symbol. Each title is a theme over the same maths, so one
// enumeration (slot.test.ts) proves every title's return.

/** Symbols 0–5 from the most to the least frequent; 6 is the wild. */
export const WILD = 6
const SYMBOL_COUNTS = [6, 5, 4, 3, 2, 1]
export const REEL: readonly number[] = [
  ...SYMBOL_COUNTS.flatMap((count, symbol) => Array.from({ length: count }, () => symbol)),
  WILD,
]

/** Rows of each line, reel by reel. */
export const LINES: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
]

/**
 * What a line pays, in fifths of the stake (the stake is spread over the five lines): three of
 * a symbol, three wilds, and two of the commonest symbol from the left.
 */
export const PAY_THREE = [5, 10, 15, 25, 50, 100] as const
export const PAY_THREE_WILDS = 250
export const PAY_TWO_COMMON = 1

/** 96.40 %: the exact enumeration of every stop combination (slot.test.ts). */
export const RTP_BP = 9640

export interface SpinOutcome {
  /** The reels' top positions on the strip. */
  stops: [number, number, number]
  /** `window[reel][row]`. */
  window: number[][]
  /** Winning lines: their index, the symbol and what each paid in fifths of the stake. */
  lines: { line: number; symbol: number; count: 2 | 3; units: number }[]
  /** Sum of the lines' units; the payout is stake × units ÷ 5, rounded down. */
  units: number
}

export function outcomeOf(stops: [number, number, number]): SpinOutcome {
  const window = stops.map((stop) => [0, 1, 2].map((row) => REEL[(stop + row) % REEL.length] ?? 0))
  const lines: SpinOutcome['lines'] = []
  LINES.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => window[reel]?.[row] ?? 0)
    const plain = symbols.filter((symbol) => symbol !== WILD)
    const first = plain[0]
    if (first === undefined) {
      lines.push({ line, symbol: WILD, count: 3, units: PAY_THREE_WILDS })
      return
    }
    if (plain.every((symbol) => symbol === first)) {
      lines.push({ line, symbol: first, count: 3, units: PAY_THREE[first] ?? 0 })
      return
    }
    const leading = symbols.slice(0, 2).filter((symbol) => symbol !== WILD)
    if (leading.length > 0 && leading.every((symbol) => symbol === 0)) {
      lines.push({ line, symbol: 0, count: 2, units: PAY_TWO_COMMON })
    }
  })
  return {
    stops,
    window,
    lines,
    units: lines.reduce((sum, entry) => sum + entry.units, 0),
  }
}

/** One spin from the operating system's random source. */
export function spin(): SpinOutcome {
  const stop = () => randomInt(REEL.length)
  return outcomeOf([stop(), stop(), stop()])
}

/** Minor units paid for a stake: rounded down, so the studio never pays a fraction. */
export const payoutOf = (stakeMinor: bigint, units: number): bigint =>
  (stakeMinor * BigInt(units)) / 5n

/** Each title the studio runs, by its game code: colours and the names of its seven symbols. */
export const THEMES: Record<
  string,
  { title: string; background: string; accent: string; symbols: readonly string[] }
> = {
  'starlight-spins': {
    title: 'Starlight Spins',
    background: 'linear-gradient(160deg,#1b1446,#3b1d6e 55%,#0c0a24)',
    accent: '#ffd166',
    symbols: ['#9bf6ff', '#bdb2ff', '#ffc6ff', '#caffbf', '#fdffb6', '#ffd166', '#ffffff'],
  },
  'neon-nights': {
    title: 'Neon Nights',
    background: 'linear-gradient(160deg,#050816,#1f0a3a 60%,#04111f)',
    accent: '#ff2e88',
    symbols: ['#00f5d4', '#00bbf9', '#9b5de5', '#fee440', '#f15bb5', '#ff2e88', '#ffffff'],
  },
  'candy-castle': {
    title: 'Candy Castle',
    background: 'linear-gradient(160deg,#5a189a,#9d4edd 55%,#3c096c)',
    accent: '#ffafcc',
    symbols: ['#ff8fab', '#a2d2ff', '#bde0fe', '#ffc8dd', '#caffbf', '#ffafcc', '#fff1e6'],
  },
  'cosmic-cash': {
    title: 'Cosmic Cash',
    background: 'linear-gradient(160deg,#000814,#001d3d 55%,#003566)',
    accent: '#ffc300',
    symbols: ['#48cae4', '#90e0ef', '#7209b7', '#4cc9f0', '#f72585', '#ffc300', '#ffffff'],
  },
  'jungle-gems': {
    title: 'Jungle Gems',
    background: 'linear-gradient(160deg,#081c15,#1b4332 55%,#2d6a4f)',
    accent: '#ffd60a',
    symbols: ['#95d5b2', '#52b788', '#e9c46a', '#f4a261', '#e76f51', '#ffd60a', '#ffffff'],
  },
  'samurai-spirit': {
    title: 'Samurai Spirit',
    background: 'linear-gradient(160deg,#1a0000,#4a0404 55%,#140404)',
    accent: '#e63946',
    symbols: ['#f1faee', '#a8dadc', '#457b9d', '#ffb703', '#fb8500', '#e63946', '#ffffff'],
  },
  'space-miner': {
    title: 'Space Miner',
    background: 'linear-gradient(160deg,#0b090a,#2b2d42 55%,#161a1d)',
    accent: '#f77f00',
    symbols: ['#8d99ae', '#edf2f4', '#ef233c', '#06d6a0', '#118ab2', '#f77f00', '#ffffff'],
  },
}
