import {
  slotEngine,
  slotInfo,
  type HoldAndWinConfig,
  type SlotConfig,
  type SlotEngine,
} from '../../games/slot-engine.ts'
import { buildStrips, linesFor } from '../../games/slot-shapes.ts'
import type { Brand, Stated, StudioTitle } from '../../games/types.ts'

// How a slot title is written: its symbols with pays and reel weights, its shape and features.
// `slotTitle` builds the strips, the engine and the page info from it.

export interface SymbolSpec {
  art: string
  kind?: 'plain' | 'wild' | 'scatter' | 'coin'
  pays?: Record<number, number>
  multiplier?: number
  /** Count on each reel's strip (one number for every reel, or one per reel). */
  weight: number | readonly number[]
  /** Count on the free spins' strips (the base weight otherwise). */
  free?: number | readonly number[]
}

export interface SlotTitleSpec {
  code: string
  brand: Brand
  title: string
  layout: SlotConfig['layout']
  reels: number
  rows: number
  minRows?: number
  /** Lines layout: how many paylines. */
  lines?: number
  betDivisor?: number
  symbols: SymbolSpec[]
  freeSpins?: SlotConfig['freeSpins']
  cascade?: SlotConfig['cascade']
  holdAndWin?: HoldAndWinConfig
  buyPriceX?: number
  maxWinX: number
  /** Multiplies the plain and wild pays: set by the tuning run so the RTP lands near its target. */
  payScale: number
  stated: Stated
  theme: { background: string; accent: string }
  /** Rounds `npm run sim:rtp` plays (1e6 unless set). */
  simRounds?: number
}

export type SlotTitle = StudioTitle & { simRounds?: number; engine: SlotEngine; config: SlotConfig }

export function slotConfig(spec: SlotTitleSpec): SlotConfig {
  const hasFree = spec.symbols.some((s) => s.free !== undefined)
  return {
    layout: spec.layout,
    reels: spec.reels,
    rows: spec.rows,
    ...(spec.minRows !== undefined ? { minRows: spec.minRows } : {}),
    symbols: spec.symbols.map((s) => ({
      art: s.art,
      ...(s.kind ? { kind: s.kind } : {}),
      ...(s.pays ? { pays: s.pays } : {}),
      ...(s.multiplier ? { multiplier: s.multiplier } : {}),
    })),
    strips: buildStrips(
      spec.symbols.map((s) => s.weight),
      spec.reels,
      `strip:${spec.code}`,
    ),
    ...(hasFree
      ? {
          freeStrips: buildStrips(
            spec.symbols.map((s) => s.free ?? s.weight),
            spec.reels,
            `free-strip:${spec.code}`,
          ),
        }
      : {}),
    ...(spec.layout === 'lines' ? { lines: linesFor(spec.reels, spec.rows, spec.lines ?? 1) } : {}),
    ...(spec.betDivisor !== undefined ? { betDivisor: spec.betDivisor } : {}),
    payScale: spec.payScale,
    ...(spec.freeSpins ? { freeSpins: spec.freeSpins } : {}),
    ...(spec.cascade ? { cascade: spec.cascade } : {}),
    ...(spec.holdAndWin ? { holdAndWin: spec.holdAndWin } : {}),
    ...(spec.buyPriceX !== undefined ? { buyPriceX: spec.buyPriceX } : {}),
    maxWinX: spec.maxWinX,
  }
}

export function featuresOf(config: SlotConfig): string[] {
  const out = [`feature.${config.layout}`]
  const wilds = config.symbols.filter((s) => s.kind === 'wild')
  if (wilds.length > 0) out.push('feature.wild')
  if (wilds.some((s) => (s.multiplier ?? 1) > 1)) out.push('feature.wildMultiplier')
  if (config.symbols.some((s) => s.kind === 'scatter')) out.push('feature.scatter')
  if (config.freeSpins) {
    out.push('feature.freeSpins')
    if (config.freeSpins.retrigger) out.push('feature.retrigger')
    if (config.freeSpins.multiplier > 1) out.push('feature.freeSpinsMultiplier')
  }
  if (config.cascade) out.push('feature.cascade')
  if (config.holdAndWin) out.push('feature.holdAndWin')
  if (config.buyPriceX !== undefined) out.push('feature.buy')
  return out
}

export function slotTitle(spec: SlotTitleSpec): SlotTitle {
  const config = slotConfig(spec)
  const engine = slotEngine(config)
  return {
    code: spec.code,
    brand: spec.brand,
    title: spec.title,
    category: 'slots',
    kind: 'slot',
    math: engine.math,
    stated: spec.stated,
    theme: spec.theme,
    info: slotInfo(config),
    features: featuresOf(config),
    ...(spec.simRounds !== undefined ? { simRounds: spec.simRounds } : {}),
    engine,
    config,
  }
}
