import { z } from 'zod'
import type {
  SlotInfo,
  SlotSpin,
  SlotSymbolInfo,
  SlotView,
  SlotWin,
  SymbolGrid,
} from './slot-view.ts'
import { share, type GameMath, type GameRound, type Rng } from './types.ts'

// The studio's one slot engine. A title is a configuration (`SlotConfig`): reels and strips, a
// layout (paylines, ways, megaways), a paytable, wilds, scatters and free spins, cascades with a
// multiplier ladder, hold-and-win respins, a buy price and a maximum win. `slotMath(config)` plays
// any configuration; `playSlot` is the one code path (the view is built only when asked for, by
// replaying the round's recorded draws with the view switched on).
//
// Money: every pay of a round is summed in integer units of `stake ÷ den` (den = lines × 100 for
// lines, betDivisor × 100 for ways), capped at `maxWinX × den`, and turned into minor units once
// per round with `share()`, rounded down.
//
// The order of the random draws (scripted tests rely on it), for each spin:
//   1. reel by reel: megaways only, the reel's height `int(rows − minRows + 1)`; then its stop
//      `int(strip length)` (the window shows strip[stop], strip[stop + 1]… from the top);
//   2. hold-and-win titles, base spins: each coin on the window, reel by reel and top to bottom,
//      draws its value `int(total coin weight)`;
//   cascades draw nothing: new symbols fall in from the strip above the window (stop − 1, stop − 2…).
// Respins: each empty cell, reel by reel and top to bottom, draws `int(1000)` (a coin lands below
// `landPerMille`), and a landed coin draws its value.

export interface SlotSymbolConfig {
  /** The art's name in the renderer's library. */
  art: string
  kind?: 'plain' | 'wild' | 'scatter' | 'coin'
  /**
   * Pays by count. Plain symbols and wilds: in pay units (a line bet for lines, stake ÷ betDivisor
   * per way for ways), scaled by the title's `payScale`. Scatters: multiples of the total stake.
   */
  pays?: Record<number, number>
  /** Wilds: multiplies the pay of a line it stands in (several multiply together). */
  multiplier?: number
}

export interface HoldAndWinConfig {
  /** Coins on the base window that start the feature (6). */
  trigger: number
  /** Respins granted, and granted again on each new coin (3). */
  respins: number
  /** Chance in 1000 that a coin lands on an empty cell in a respin. */
  landPerMille: number
  /** Coin values: multiples of the stake with weights; jackpot coins name their jackpot. */
  coins: { x: number; weight: number; jackpot?: 'MINI' | 'MINOR' | 'MAJOR' }[]
  /** A full window adds the GRAND, this multiple of the stake. */
  grandX: number
}

export interface SlotConfig {
  layout: 'lines' | 'ways' | 'megaways'
  reels: number
  /** Rows of the window (megaways: the most a reel shows). */
  rows: number
  /** Megaways: the fewest rows a reel shows. */
  minRows?: number
  symbols: SlotSymbolConfig[]
  /** One strip of symbol indexes per reel. */
  strips: number[][]
  /** Free spins' own strips (the base strips otherwise). */
  freeStrips?: number[][]
  /** Lines: the row of each line on each reel. */
  lines?: number[][]
  /** Ways and megaways: a way's pay unit is stake ÷ betDivisor. */
  betDivisor?: number
  /** Multiplies every plain and wild pay (tuned so the RTP lands where the title states it). */
  payScale?: number
  /** Scatter counts that award free spins (3+), the free spins' multiplier, retriggers, the cap. */
  freeSpins?: {
    awards: Record<number, number>
    multiplier: number
    retrigger: boolean
    maxSpins: number
  }
  /** Cascades: the multiplier of each step from the first (the last repeats). */
  cascade?: { multipliers: number[] }
  holdAndWin?: HoldAndWinConfig
  /**
   * Buy the free spins for this multiple of the stake, two decimals at most (the spins awarded
   * for the fewest scatters).
   */
  buyPriceX?: number
  /** The round's payout never exceeds maxWinX × stake. */
  maxWinX: number
}

export interface SlotParams {
  buy?: boolean
}

/** Pay units of a round: what the view builder and the simulation read. */
export interface SlotOutcome {
  /** The round's units of stake ÷ den, after the cap. */
  units: number
  capped: boolean
  den: number
}

const MAX_CASCADE_STEPS = 60
/** A cell of a respin window with no coin on it. */
export const EMPTY = -1

interface Compiled {
  cfg: SlotConfig
  R: number
  H: number
  minRows: number
  S: number
  den: number
  capUnits: number
  kind: Uint8Array // 0 plain, 1 wild, 2 scatter, 3 coin
  wildMult: Float64Array
  /** pay[s × (R + 1) + count] in units. */
  pay: Float64Array
  firstWild: number
  scatter: number
  coin: number
  /** scatterPay[count], awards[count] (count up to R × H). */
  scatterPay: Float64Array
  awards: Int32Array
  lines: Int32Array
  nLines: number
  strips: Int32Array[]
  freeStrips: Int32Array[]
  ladder: number[]
  coinCum: Int32Array
  coinTotal: number
  coinUnits: Float64Array
  grandUnits: number
  // Work buffers (a round is played synchronously, so one set per title is enough).
  grid: Int32Array
  heights: Int32Array
  ptr: Int32Array
  remove: Uint8Array
  counts: Int32Array
  wilds: Int32Array
  coinGrid: Float64Array
  coinKind: Int32Array
}

const KIND = { plain: 0, wild: 1, scatter: 2, coin: 3 } as const

function compile(cfg: SlotConfig): Compiled {
  const R = cfg.reels
  const H = cfg.rows
  const S = cfg.symbols.length
  const isLines = cfg.layout === 'lines'
  const lineRows = cfg.lines ?? []
  if (isLines && lineRows.length === 0) throw new Error('a lines slot needs lines')
  if (cfg.strips.length !== R) throw new Error('one strip per reel')
  const den = (isLines ? lineRows.length : (cfg.betDivisor ?? 20)) * 100
  const scale = cfg.payScale ?? 1
  const kind = new Uint8Array(S)
  const wildMult = new Float64Array(S).fill(1)
  const pay = new Float64Array(S * (R + 1))
  let firstWild = -1
  let scatter = -1
  let coin = -1
  const cells = R * H
  const scatterPay = new Float64Array(cells + 1)
  const awards = new Int32Array(cells + 1)
  cfg.symbols.forEach((symbol, s) => {
    const k = KIND[symbol.kind ?? 'plain']
    kind[s] = k
    if (k === KIND.wild) {
      if (firstWild < 0) firstWild = s
      wildMult[s] = symbol.multiplier ?? 1
    }
    if (k === KIND.scatter) scatter = s
    if (k === KIND.coin) coin = s
    for (const [count, value] of Object.entries(symbol.pays ?? {})) {
      const n = Number(count)
      if (k === KIND.scatter) {
        for (let c = n; c <= cells; c++) scatterPay[c] = Math.round(value * den)
      } else if (n <= R) pay[s * (R + 1) + n] = Math.round(value * scale * 100)
    }
  })
  // A scatter count above the table's largest pays as the largest (already filled upwards).
  for (const [count, spins] of Object.entries(cfg.freeSpins?.awards ?? {}))
    for (let c = Number(count); c <= cells; c++) awards[c] = spins
  const lines = new Int32Array(lineRows.length * R)
  lineRows.forEach((rows, l) => {
    rows.forEach((row, r) => (lines[l * R + r] = row))
  })
  const hw = cfg.holdAndWin
  const coinCum = new Int32Array(hw?.coins.length ?? 0)
  const coinUnits = new Float64Array(hw?.coins.length ?? 0)
  let coinTotal = 0
  hw?.coins.forEach((c, i) => {
    coinTotal += c.weight
    coinCum[i] = coinTotal
    coinUnits[i] = Math.round(c.x * den)
  })
  return {
    cfg,
    R,
    H,
    minRows: cfg.minRows ?? H,
    S,
    den,
    capUnits: cfg.maxWinX * den,
    kind,
    wildMult,
    pay,
    firstWild,
    scatter,
    coin,
    scatterPay,
    awards,
    lines,
    nLines: lineRows.length,
    strips: cfg.strips.map((strip) => Int32Array.from(strip)),
    freeStrips: (cfg.freeStrips ?? cfg.strips).map((strip) => Int32Array.from(strip)),
    ladder: cfg.cascade?.multipliers ?? [1],
    coinCum,
    coinTotal,
    coinUnits,
    grandUnits: Math.round((hw?.grandX ?? 0) * den),
    grid: new Int32Array(cells),
    heights: new Int32Array(R),
    ptr: new Int32Array(R),
    remove: new Uint8Array(cells),
    counts: new Int32Array(R * S),
    wilds: new Int32Array(R),
    coinGrid: new Float64Array(cells),
    coinKind: new Int32Array(cells),
  }
}

/** Collects the view while a round is replayed with it switched on. */
interface ViewBuilder {
  stake: bigint
  spins: SlotSpin[]
  wins: SlotWin[]
  steps: SlotSpin['steps']
}

const at = (array: Int32Array | Float64Array | Uint8Array, index: number) => array[index] ?? 0

function gridOf(c: Compiled): SymbolGrid {
  const out: SymbolGrid = []
  for (let r = 0; r < c.R; r++) {
    const column: number[] = []
    for (let row = 0; row < at(c.heights, r); row++) column.push(at(c.grid, r * c.H + row))
    out.push(column)
  }
  return out
}

const payString = (c: Compiled, v: ViewBuilder, units: number) =>
  share(v.stake, units, c.den).toString()

/** Line wins of the window, times `mult`; marks winning cells when `mark`. Returns units. */
function evalLines(c: Compiled, mult: number, mark: boolean, v: ViewBuilder | null): number {
  const { R, H, grid, kind, wildMult, pay, lines, remove } = c
  let total = 0
  for (let l = 0; l < c.nLines; l++) {
    const base = l * R
    let sym = -1
    let count = 0
    let wildRun = 0
    let lineMult = 1
    for (let r = 0; r < R; r++) {
      const s = at(grid, r * H + at(lines, base + r))
      const k = at(kind, s)
      if (k === KIND.wild) {
        count++
        lineMult *= at(wildMult, s)
        if (sym < 0) wildRun++
        continue
      }
      if (sym < 0) {
        if (k !== KIND.plain) break
        sym = s
        count++
        continue
      }
      if (s !== sym) break
      count++
    }
    const symbolPay = sym >= 0 ? at(pay, sym * (R + 1) + count) * lineMult : 0
    const wildPay = wildRun > 0 && c.firstWild >= 0 ? at(pay, c.firstWild * (R + 1) + wildRun) : 0
    const best = symbolPay >= wildPay ? symbolPay : wildPay
    if (best <= 0) continue
    const n = symbolPay >= wildPay ? count : wildRun
    total += best
    if (mark) for (let r = 0; r < n; r++) remove[r * H + at(lines, base + r)] = 1
    if (v) {
      const cells: [number, number][] = []
      for (let r = 0; r < n; r++) cells.push([r, at(lines, base + r)])
      v.wins.push({
        kind: 'line',
        symbol: symbolPay >= wildPay ? sym : c.firstWild,
        count: n,
        line: l,
        cells,
        pay: payString(c, v, best * mult),
      })
    }
  }
  return total * mult
}

/** Ways wins (every reel's visible height), times `mult`; marks winning cells when `mark`. */
function evalWays(c: Compiled, mult: number, mark: boolean, v: ViewBuilder | null): number {
  const { R, H, S, grid, kind, pay, counts, heights, remove } = c
  const { wilds } = c
  counts.fill(0)
  for (let r = 0; r < R; r++) {
    const h = at(heights, r)
    let w = 0
    for (let row = 0; row < h; row++) {
      const s = at(grid, r * H + row)
      counts[r * S + s] = at(counts, r * S + s) + 1
      if (at(kind, s) === KIND.wild) w++
    }
    wilds[r] = w
  }
  let total = 0
  for (let s = 0; s < S; s++) {
    if (at(kind, s) !== KIND.plain) continue
    let ways = 1
    let k = 0
    for (; k < R; k++) {
      const n = at(counts, k * S + s) + at(wilds, k)
      if (n === 0) break
      ways *= n
    }
    const unit = at(pay, s * (R + 1) + k)
    if (unit <= 0) continue
    const won = unit * ways
    total += won
    if (mark || v) {
      const cells: [number, number][] = []
      for (let r = 0; r < k; r++)
        for (let row = 0; row < at(heights, r); row++) {
          const x = at(grid, r * H + row)
          if (x === s || at(kind, x) === KIND.wild) {
            if (mark) remove[r * H + row] = 1
            if (v) cells.push([r, row])
          }
        }
      if (v)
        v.wins.push({
          kind: 'ways',
          symbol: s,
          count: k,
          ways,
          cells,
          pay: payString(c, v, won * mult),
        })
    }
  }
  return total * mult
}

/** Sets the window from fresh stops (and heights for megaways). */
function spinReels(c: Compiled, strips: Int32Array[], rng: Rng) {
  const { R, H, grid, heights, ptr } = c
  const megaways = c.cfg.layout === 'megaways'
  for (let r = 0; r < R; r++) {
    const h = megaways ? c.minRows + rng.int(H - c.minRows + 1) : H
    heights[r] = h
    const strip = strips[r] ?? new Int32Array(1)
    const len = strip.length
    const stop = rng.int(len)
    for (let row = 0; row < h; row++) grid[r * H + row] = at(strip, (stop + row) % len)
    ptr[r] = stop
  }
}

/** Removes marked cells: what stood above falls, new symbols drop in from the strip above. */
function tumble(c: Compiled, strips: Int32Array[]) {
  const { R, H, grid, heights, ptr, remove } = c
  for (let r = 0; r < R; r++) {
    const h = at(heights, r)
    let write = h - 1
    for (let row = h - 1; row >= 0; row--) {
      const i = r * H + row
      if (at(remove, i)) {
        remove[i] = 0
        continue
      }
      grid[r * H + write] = at(grid, i)
      write--
    }
    const strip = strips[r] ?? new Int32Array(1)
    const len = strip.length
    let p = at(ptr, r)
    for (; write >= 0; write--) {
      p = (p - 1 + len) % len
      grid[r * H + write] = at(strip, p)
    }
    ptr[r] = p
  }
}

function countScatters(c: Compiled): number {
  if (c.scatter < 0) return 0
  let n = 0
  for (let r = 0; r < c.R; r++)
    for (let row = 0; row < at(c.heights, r); row++)
      if (at(c.grid, r * c.H + row) === c.scatter) n++
  return n
}

/**
 * One spin with its cascades; returns its units and how many scatters its last window shows.
 * Line and ways wins take the cascade step's multiplier times `spinMult`; scatter pays do not.
 */
function playSpin(
  c: Compiled,
  strips: Int32Array[],
  spinMult: number,
  rng: Rng,
  v: ViewBuilder | null,
): { units: number; scatters: number } {
  spinReels(c, strips, rng)
  const cascades = c.cfg.cascade !== undefined
  const ways = c.cfg.layout !== 'lines'
  let units = 0
  for (let step = 0; ; step++) {
    const mult = (c.ladder[Math.min(step, c.ladder.length - 1)] ?? 1) * spinMult
    if (v) v.wins = []
    const grid = v ? gridOf(c) : null
    const won = ways ? evalWays(c, mult, cascades, v) : evalLines(c, mult, cascades, v)
    units += won
    const last = !cascades || won === 0 || step + 1 >= MAX_CASCADE_STEPS
    let scatters = 0
    if (last) {
      scatters = countScatters(c)
      const scatterUnits = at(c.scatterPay, scatters)
      units += scatterUnits
      if (v && scatterUnits > 0) v.wins.push(scatterWin(c, v, scatters, scatterUnits))
    }
    if (v && grid) v.steps.push({ grid, wins: v.wins, multiplier: mult })
    if (last) {
      if (cascades) c.remove.fill(0)
      return { units, scatters }
    }
    tumble(c, strips)
  }
}

function scatterWin(c: Compiled, v: ViewBuilder, count: number, units: number): SlotWin {
  const cells: [number, number][] = []
  for (let r = 0; r < c.R; r++)
    for (let row = 0; row < at(c.heights, r); row++)
      if (at(c.grid, r * c.H + row) === c.scatter) cells.push([r, row])
  return { kind: 'scatter', symbol: c.scatter, count, cells, pay: payString(c, v, units) }
}

function drawCoin(c: Compiled, rng: Rng): number {
  const x = rng.int(c.coinTotal)
  let i = 0
  while (i < c.coinCum.length - 1 && x >= at(c.coinCum, i)) i++
  return i
}

function coinsView(c: Compiled, v: ViewBuilder): (string | null)[][] {
  const out: (string | null)[][] = []
  for (let r = 0; r < c.R; r++) {
    const column: (string | null)[] = []
    for (let row = 0; row < c.H; row++) {
      const i = r * c.H + row
      column.push(at(c.coinKind, i) >= 0 ? payString(c, v, at(c.coinGrid, i)) : null)
    }
    out.push(column)
  }
  return out
}

/** The base window's coins take their values; returns how many there are. */
function landBaseCoins(c: Compiled, rng: Rng): number {
  const { R, H } = c
  let n = 0
  c.coinKind.fill(-1)
  for (let r = 0; r < R; r++)
    for (let row = 0; row < at(c.heights, r); row++) {
      const i = r * H + row
      if (at(c.grid, i) !== c.coin) continue
      const k = drawCoin(c, rng)
      c.coinKind[i] = k
      c.coinGrid[i] = at(c.coinUnits, k)
      n++
    }
  return n
}

/** Hold-and-win respins from the coins standing on the window; returns the feature's units. */
function playRespins(c: Compiled, rng: Rng, v: ViewBuilder | null): number {
  const hw = c.cfg.holdAndWin
  if (!hw) return 0
  const { R, H } = c
  const cells = R * H
  let held = 0
  for (let i = 0; i < cells; i++) if (at(c.coinKind, i) >= 0) held++
  let left = hw.respins
  while (left > 0 && held < cells) {
    left--
    let landed = false
    for (let i = 0; i < cells; i++) {
      if (at(c.coinKind, i) >= 0) continue
      if (rng.int(1000) >= hw.landPerMille) continue
      const k = drawCoin(c, rng)
      c.coinKind[i] = k
      c.coinGrid[i] = at(c.coinUnits, k)
      held++
      landed = true
    }
    if (landed) left = hw.respins
    if (v) {
      const grid: SymbolGrid = []
      for (let r = 0; r < R; r++) {
        const column: number[] = []
        for (let row = 0; row < H; row++)
          column.push(at(c.coinKind, r * H + row) >= 0 ? c.coin : EMPTY)
        grid.push(column)
      }
      v.spins.push({
        kind: 'respin',
        steps: [{ grid, wins: [], multiplier: 1 }],
        awarded: 0,
        left: held >= cells ? 0 : left,
        coins: coinsView(c, v),
        pay: '0',
      })
    }
  }
  let units = 0
  for (let i = 0; i < cells; i++) units += at(c.coinGrid, i) * (at(c.coinKind, i) >= 0 ? 1 : 0)
  if (held >= cells) units += c.grandUnits
  if (v) {
    const last = v.spins[v.spins.length - 1]
    if (last) {
      const cellsWon: [number, number][] = []
      for (let r = 0; r < R; r++) for (let row = 0; row < H; row++) cellsWon.push([r, row])
      const coinCells = cellsWon.filter(([r, row]) => at(c.coinKind, r * H + row) >= 0)
      const step = last.steps[0]
      const pay = payString(c, v, units)
      if (step)
        step.wins.push({ kind: 'coins', symbol: c.coin, count: held, cells: coinCells, pay })
      last.pay = pay
    }
  }
  return units
}

/** Plays one round (the paid spin, its free spins and respins, or a bought feature). */
function playRound(c: Compiled, rng: Rng, bought: boolean, v: ViewBuilder | null): SlotOutcome {
  const fs = c.cfg.freeSpins
  let units = 0
  let freeLeft = 0
  let awardedTotal = 0
  if (bought) {
    const fewest = Math.min(...Object.keys(fs?.awards ?? {}).map(Number))
    freeLeft = awardedTotal = Math.min(at(c.awards, fewest), fs?.maxSpins ?? 0)
  } else {
    if (v) v.steps = []
    const spin = playSpin(c, c.strips, 1, rng, v)
    units += spin.units
    let coins: (string | null)[][] | undefined
    let holdAndWin = false
    if (c.cfg.holdAndWin) {
      const n = landBaseCoins(c, rng)
      holdAndWin = n >= c.cfg.holdAndWin.trigger
      if (v) coins = coinsView(c, v)
    }
    if (fs) freeLeft = awardedTotal = Math.min(at(c.awards, spin.scatters), fs.maxSpins)
    if (v)
      v.spins.push({
        kind: 'base',
        steps: v.steps,
        awarded: freeLeft,
        left: freeLeft,
        ...(coins ? { coins } : {}),
        pay: payString(c, v, spin.units),
      })
    if (holdAndWin) units += playRespins(c, rng, v)
  }
  while (fs && freeLeft > 0) {
    freeLeft--
    if (v) v.steps = []
    const spin = playSpin(c, c.freeStrips, fs.multiplier, rng, v)
    units += spin.units
    let awarded = 0
    if (fs.retrigger) {
      awarded = Math.min(at(c.awards, spin.scatters), fs.maxSpins - awardedTotal)
      freeLeft += awarded
      awardedTotal += awarded
    }
    if (v)
      v.spins.push({
        kind: 'free',
        steps: v.steps,
        awarded,
        left: freeLeft,
        pay: payString(c, v, spin.units),
      })
  }
  const capped = units > c.capUnits
  return { units: capped ? c.capUnits : units, capped, den: c.den }
}

/** A slot configuration's page info: the paytable, layout and features, nothing about strips. */
export function slotInfo(cfg: SlotConfig): SlotInfo {
  const c = compile(cfg)
  const symbols: SlotSymbolInfo[] = cfg.symbols.map((symbol, s) => {
    const kind = symbol.kind ?? 'plain'
    const pays: number[] = []
    for (let n = 1; n <= (kind === 'scatter' ? c.R * c.H : c.R); n++) {
      const units = kind === 'scatter' ? at(c.scatterPay, n) : at(c.pay, s * (c.R + 1) + n)
      pays.push(units / c.den)
    }
    if (kind === 'scatter')
      while (pays.length > c.R && pays[pays.length - 1] === pays[pays.length - 2]) pays.pop()
    return {
      art: symbol.art,
      kind,
      pays,
      ...(symbol.multiplier && symbol.multiplier > 1 ? { multiplier: symbol.multiplier } : {}),
    }
  })
  const hw = cfg.holdAndWin
  const jackpots: Record<string, number> = {}
  for (const coin of hw?.coins ?? []) if (coin.jackpot) jackpots[coin.jackpot] = coin.x
  if (hw) jackpots.GRAND = hw.grandX
  return {
    layout: cfg.layout,
    reels: cfg.reels,
    rows: cfg.rows,
    ...(cfg.layout === 'megaways' ? { minRows: c.minRows } : {}),
    symbols,
    ...(cfg.layout === 'lines' ? { lines: cfg.lines } : { ways: cfg.rows ** cfg.reels }),
    cascades: cfg.cascade !== undefined,
    ...(cfg.cascade ? { cascadeMultipliers: cfg.cascade.multipliers } : {}),
    ...(cfg.freeSpins
      ? {
          freeSpins: {
            awards: Object.fromEntries(
              Object.entries(cfg.freeSpins.awards).map(([k, n]) => [k, n]),
            ),
            multiplier: cfg.freeSpins.multiplier,
            retrigger: cfg.freeSpins.retrigger,
          },
        }
      : {}),
    ...(hw ? { holdAndWin: { trigger: hw.trigger, respins: hw.respins, jackpots } } : {}),
    ...(cfg.buyPriceX ? { buyPriceX: cfg.buyPriceX } : {}),
  }
}

export interface SlotEngine {
  math: GameMath<SlotParams, never, null, SlotView>
  /** The round without its view, for calibration scripts: units of stake ÷ den. */
  outcome(rng: Rng, bought: boolean): SlotOutcome
  /** The round with its view for a stake (what `start` returns as its view). */
  play(rng: Rng, bought: boolean, stake: bigint): { outcome: SlotOutcome; view: SlotView }
}

/** Records a source's draws so the round can be replayed with its view. */
class RecordingRng implements Rng {
  readonly draws: number[] = []
  constructor(private readonly source: Rng) {}
  int(n: number): number {
    const x = this.source.int(n)
    this.draws.push(x)
    return x
  }
}

class ReplayRng implements Rng {
  private next = 0
  constructor(private readonly draws: readonly number[]) {}
  int(): number {
    return this.draws[this.next++] ?? 0
  }
}

/**
 * A played round. Its view is built on first read of `view` (a getter: the round is replayed from
 * its recorded draws with the view switched on), so simulations never pay for it. No closure is
 * made per round: a round costs about a microsecond plus its spins.
 */
class SlotRound implements GameRound<null, SlotView> {
  readonly state = null
  readonly done = true
  private built: SlotView | undefined
  constructor(
    private readonly engine: SlotEngine,
    private readonly draws: readonly number[],
    private readonly bought: boolean,
    private readonly stake: bigint,
    readonly staked: bigint,
    readonly payout: bigint,
  ) {}

  get view(): SlotView {
    this.built ??= this.engine.play(new ReplayRng(this.draws), this.bought, this.stake).view
    return this.built
  }

  /** What a spread of the round would lose (the view lives on the prototype). */
  toJSON() {
    return {
      state: null,
      view: this.view,
      staked: this.staked.toString(),
      done: true,
      payout: this.payout.toString(),
    }
  }
}

export function slotEngine(cfg: SlotConfig): SlotEngine {
  const c = compile(cfg)
  if (cfg.buyPriceX !== undefined && !cfg.freeSpins)
    throw new Error('a buy needs free spins to buy')
  // The price has at most two decimals: stake × price, rounded down.
  const buyStake = (stake: bigint) => share(stake, Math.round((cfg.buyPriceX ?? 0) * 100), 100)
  const play = (rng: Rng, bought: boolean, stake: bigint) => {
    const v: ViewBuilder = { stake, spins: [], wins: [], steps: [] }
    const outcome = playRound(c, rng, bought, v)
    const view: SlotView = {
      spins: v.spins,
      payout: share(stake, outcome.units, c.den).toString(),
      capped: outcome.capped,
      bought,
    }
    return { outcome, view }
  }
  const math: GameMath<SlotParams, never, null, SlotView> = {
    params: z.object({ buy: z.boolean().optional() }),
    action: z.never(),
    startStake(params, stake) {
      if (!params.buy) return stake
      return cfg.buyPriceX === undefined ? 'unavailable' : buyStake(stake)
    },
    start(params, stake, rng) {
      const bought = params.buy === true && cfg.buyPriceX !== undefined
      const recorder = new RecordingRng(rng)
      const outcome = playRound(c, recorder, bought, null)
      return new SlotRound(
        engine,
        recorder.draws,
        bought,
        stake,
        bought ? buyStake(stake) : stake,
        share(stake, outcome.units, c.den),
      )
    },
    actionStake: () => 'unavailable',
    act() {
      throw new Error('a slot round has no actions')
    },
    resume: () => ({ spins: [], payout: '0', capped: false, bought: false }),
    strategy: {
      params: {},
      move() {
        throw new Error('a slot round has no actions')
      },
    },
  }
  const engine: SlotEngine = {
    math,
    outcome: (rng, bought) => playRound(c, rng, bought, null),
    play,
  }
  return engine
}

/** The title's game: `slotEngine(config).math`. */
export const slotMath = (cfg: SlotConfig) => slotEngine(cfg).math
