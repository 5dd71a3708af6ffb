import {
  SLOT_REELS,
  SLOT_STRIP,
  SLOT_STRIP_COUNTS,
  SLOT_SYMBOLS,
  linePay,
  slotResult,
  slotWindow,
  type SlotSymbol,
} from '#common/originals-rules.ts'
import { drawInts, type FairnessInput } from './fairness.ts'

export {
  SLOT_LINES,
  SLOT_PAYLINES,
  SLOT_PAYTABLE,
  SLOT_REELS,
  SLOT_ROWS,
  SLOT_STRIP,
  SLOT_SYMBOLS,
  linePay,
  type SlotLineWin,
  type SlotSymbol,
} from '#common/originals-rules.ts'

/** The stops of the five reels and the 3×5 window they show, `window[reel][row]`. */
export function slotSpin(input: FairnessInput): { stops: number[]; window: SlotSymbol[][] } {
  const stops = drawInts(input, SLOT_REELS, SLOT_STRIP.length)
  return { stops, window: slotWindow(stops) }
}

/** A spin's line wins and its payout: the stake × Σ line pays / 10, rounded down. */
export function slotOutcome(input: FairnessInput, stakeMinor: bigint) {
  const { stops } = slotSpin(input)
  return { stops, ...slotResult(stops, stakeMinor) }
}

/**
 * The exact return to player and the variance of one line, from the strip's symbol frequencies:
 * every stop is equally likely, so each reel shows each symbol on any row with the strip's
 * frequency, the same for every line. The rules page states this figure.
 */
export function slotLineStatistics(): { rtp: number; lineVariance: number } {
  const total = SLOT_STRIP.length
  const weights = SLOT_SYMBOLS.map((symbol) => SLOT_STRIP_COUNTS[symbol] / total)
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
