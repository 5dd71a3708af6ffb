// Written by `npx tsx providers/demo-studio/titles/slots/calibrate.ts` (tune, then calibrate):
// payScale and buyPriceX from the tuning run; rtpBp, hitBp and sd from the calibration run
// (≥ 20,000,000 rounds with seededRng('calibrate:' + code)); buyRtpBp from 2,000,000 bought
// features with seededRng('calibrate-buy:' + code).

export interface SlotFigures {
  payScale: number
  buyPriceX?: number
  rtpBp: number
  hitBp: number
  /** Standard deviation of one round, in base stakes. */
  sd: number
  /** Rounds of the calibration (0: tuned, not yet calibrated). */
  rounds: number
  buyRtpBp?: number
  simRounds?: number
}

export const SLOT_FIGURES: Record<string, SlotFigures> = {
  'aurora-riches': {payScale: 5.7636, rtpBp: 9620, hitBp: 3374, sd: 3.324, rounds: 0},
  'fjord-fortune': {payScale: 14.8052, rtpBp: 9551, hitBp: 3013, sd: 2.792, rounds: 0},
  'polar-wilds': {payScale: 3.8489, rtpBp: 9480, hitBp: 2472, sd: 5.406, rounds: 0},
  'midnight-sun-megaways': {payScale: 2.5496, rtpBp: 9592, hitBp: 5650, sd: 4.896, rounds: 0},
  'viking-voyage': {payScale: 10.4757, rtpBp: 9650, hitBp: 4883, sd: 2.767, rounds: 0},
  'snowfall-sevens': {payScale: 1.2861, rtpBp: 9505, hitBp: 1798, sd: 4.644, rounds: 0},
  'reindeer-run': {payScale: 8.8805, rtpBp: 9580, hitBp: 3266, sd: 3.059, rounds: 0},
  'book-of-runes': {payScale: 14.0433, rtpBp: 9610, hitBp: 2010, sd: 3.783, rounds: 0},
  'frost-giants': {payScale: 1.6146, rtpBp: 9420, hitBp: 6012, sd: 2.169, rounds: 0},
  'saga-of-thor': {payScale: 11.4833, rtpBp: 9560, hitBp: 2844, sd: 6.203, rounds: 0},
}
