import type { StudioTitle, Volatility } from '../games/types.ts'
import { slotTitle, type SlotTitle } from './slots/kit.ts'
import { BLUE_HARBOUR_SLOTS } from './slots/blue-harbour.ts'
import { DEMO_STUDIO_SLOTS } from './slots/demo-studio.ts'
import { SLOT_FIGURES, type SlotFigures } from './slots/figures.ts'
import { GOLDEN_REEL_SLOTS } from './slots/golden-reel.ts'
import { NORTHERN_LIGHTS_SLOTS } from './slots/northern-lights.ts'
import { RED_FOX_SLOTS } from './slots/red-fox.ts'
import type { SlotSpec } from './slots/templates.ts'

// The studio's 46 slot titles. Each is a configuration of the one slot engine
// (games/slot-engine.ts) written in titles/slots/<brand>.ts; its pay scale, buy price and stated
// figures come from titles/slots/figures.ts, written by the tuning and calibration runs of
// titles/slots/calibrate.ts (≥ 20,000,000 rounds with seededRng('calibrate:' + code)).

export const SLOT_SPECS: readonly SlotSpec[] = [
  ...NORTHERN_LIGHTS_SLOTS,
  ...GOLDEN_REEL_SLOTS,
  ...RED_FOX_SLOTS,
  ...BLUE_HARBOUR_SLOTS,
  ...DEMO_STUDIO_SLOTS,
]

/** Volatility by the standard deviation of one round in base stakes. */
export const volatilityOf = (sd: number): Volatility =>
  sd < 1.6 ? 'low' : sd < 2.3 ? 'medium' : 'high'

/** A title from its spec and figures (an uncalibrated spec states its target, for tuning runs). */
export function buildSlotTitle(spec: SlotSpec, figures: SlotFigures | undefined): SlotTitle {
  const { targetRtpBp, ...rest } = spec
  const buyPriceX = figures?.buyPriceX ?? spec.buyPriceX
  return slotTitle({
    ...rest,
    ...(buyPriceX !== undefined ? { buyPriceX } : {}),
    ...(figures?.simRounds !== undefined ? { simRounds: figures.simRounds } : {}),
    payScale: figures?.payScale ?? 1,
    stated: {
      rtpBp: figures?.rtpBp ?? targetRtpBp,
      hitBp: figures?.hitBp ?? 0,
      volatility: volatilityOf(figures?.sd ?? 2),
      maxWinX: spec.maxWinX,
    },
  })
}

export const SLOT_TITLES: readonly SlotTitle[] = SLOT_SPECS.map((spec) =>
  buildSlotTitle(spec, SLOT_FIGURES[spec.code]),
)

/** The studio's slots titles (the sheet in sheet.ts lists every part). */
export const SLOTS_TITLES: readonly StudioTitle[] = SLOT_TITLES
