// What a slot round looks like to the page, and what the page knows of a slot title. The engine
// (slot-engine.ts) produces `SlotView`; the slot renderer (client/renderers/slot.ts) draws it and
// builds the rules panel from `SlotInfo`. Amounts are minor units as decimal strings.

/** A window of symbol indexes, `grid[reel][row]`; a megaways reel may be shorter than another. */
export type SymbolGrid = number[][]

/** One win of one step: a line, a ways combination, a scatter or a cluster. */
export interface SlotWin {
  /** `line` (with `line`), `ways` (with `ways`), `scatter`, or `coins` (hold-and-win's prize). */
  kind: 'line' | 'ways' | 'scatter' | 'coins'
  symbol: number
  /** Symbols counted (reels from the left for lines and ways; on the window for scatters). */
  count: number
  line?: number
  ways?: number
  /** Every cell of the win, `[reel, row]`. */
  cells: [number, number][]
  /** What it paid, multipliers included. */
  pay: string
}

/** One spin: its first window and, when it cascades, each window after the winners fell away. */
export interface SlotSpin {
  kind: 'base' | 'free' | 'respin'
  /** One window per cascade step (one for a slot that does not cascade). */
  steps: { grid: SymbolGrid; wins: SlotWin[]; multiplier: number }[]
  /** Free spins this spin awarded (a trigger or a retrigger). */
  awarded: number
  /** Free spins (or respins) left after this one. */
  left: number
  /** Hold-and-win: the coin values standing on the window after this spin (minor units), null where empty. */
  coins?: (string | null)[][]
  /** What this spin paid in all. */
  pay: string
}

export interface SlotView {
  /** The paid spin first, then the free spins or respins it triggered, in order. */
  spins: SlotSpin[]
  /** What the round paid in all (what the studio sends as its win). */
  payout: string
  /** True when the title's maximum win cut the round's payout. */
  capped: boolean
  /** The round was a bought feature. */
  bought: boolean
}

export interface SlotSymbolInfo {
  /** The art's name in the renderer's symbol library (`cherry`, `rune-a`, `wild`…). */
  art: string
  kind: 'plain' | 'wild' | 'scatter' | 'coin'
  /** Pays for 1…n of a kind in multiples of the total stake (0 where it pays nothing). */
  pays: number[]
  /** A wild's multiplier of the line it stands in (×2, ×3), where it has one. */
  multiplier?: number
}

/** The page's view of a slot title. */
export interface SlotInfo {
  /** `lines`, `ways` (243, 1024…), `megaways` (variable rows per reel), or `hold-and-win`. */
  layout: 'lines' | 'ways' | 'megaways'
  reels: number
  /** Rows of the window (the most a megaways reel may show). */
  rows: number
  /** Megaways: the fewest rows a reel may show. */
  minRows?: number
  symbols: SlotSymbolInfo[]
  /** Lines: the row of each line on each reel. */
  lines?: number[][]
  /** Ways: the number of ways on a full window. */
  ways?: number
  cascades: boolean
  /** Cascades: the multiplier of each step (the last repeats). */
  cascadeMultipliers?: number[]
  freeSpins?: { awards: Record<string, number>; multiplier: number; retrigger: boolean }
  holdAndWin?: { trigger: number; respins: number; jackpots: Record<string, number> }
  /** A buy-feature price as a multiple of the stake, where the title offers it. */
  buyPriceX?: number
}
