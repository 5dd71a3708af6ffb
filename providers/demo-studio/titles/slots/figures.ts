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
  'aurora-riches': {payScale: 23.4897, rtpBp: 9530, hitBp: 3361, sd: 2.407, rounds: 20000000, simRounds: 3000000},
  'fjord-fortune': {payScale: 37.7188, rtpBp: 9594, hitBp: 3017, sd: 2.048, rounds: 20000000, simRounds: 2000000},
  'polar-wilds': {payScale: 15.766, rtpBp: 9545, hitBp: 3566, sd: 2.018, rounds: 20000000, simRounds: 2000000},
  'midnight-sun-megaways': {payScale: 26.1576, rtpBp: 9598, hitBp: 3449, sd: 2.304, rounds: 20000000, simRounds: 3000000},
  'viking-voyage': {payScale: 27.8303, rtpBp: 9649, hitBp: 4883, sd: 2.358, rounds: 0},
  'snowfall-sevens': {payScale: 2.9505, rtpBp: 9508, hitBp: 3173, sd: 2.201, rounds: 0},
  'reindeer-run': {payScale: 18.3758, rtpBp: 9580, hitBp: 3266, sd: 2.462, rounds: 0},
  'book-of-runes': {payScale: 18.7272, rtpBp: 9611, hitBp: 3053, sd: 2.26, rounds: 0},
  'frost-giants': {payScale: 13.2126, rtpBp: 9419, hitBp: 6012, sd: 1.346, rounds: 0},
  'saga-of-thor': {payScale: 31.5458, rtpBp: 9560, hitBp: 2818, sd: 2.223, rounds: 0},
  'golden-reels-deluxe': {payScale: 3.6813, rtpBp: 9449, hitBp: 4409, sd: 1.594, rounds: 0},
  'pharaohs-gold': {payScale: 36.9845, rtpBp: 9630, hitBp: 2992, sd: 2.486, rounds: 0},
  'lucky-clover-link': {payScale: 22.9701, rtpBp: 9500, hitBp: 3373, sd: 2.375, rounds: 0},
  'jewel-cascade': {payScale: 3.655, rtpBp: 9599, hitBp: 6433, sd: 2.192, rounds: 0},
  'royal-sevens': {payScale: 3.0656, rtpBp: 9397, hitBp: 2940, sd: 2.354, rounds: 0},
  'dragon-hoard': {payScale: 43.1879, rtpBp: 9660, hitBp: 2596, sd: 2.299, rounds: 0},
  'gold-rush-express': {payScale: 25.4179, rtpBp: 9590, hitBp: 3611, sd: 2.451, rounds: 0, buyPriceX: 17.98},
  'treasure-temple': {payScale: 36.0489, rtpBp: 9518, hitBp: 4244, sd: 1.907, rounds: 0},
  'emerald-scarab': {payScale: 51.2762, rtpBp: 9568, hitBp: 3767, sd: 1.909, rounds: 0},
  'diamond-dynasty': {payScale: 2.5483, rtpBp: 9470, hitBp: 4685, sd: 2.003, rounds: 0},
  'fox-tales': {payScale: 28.4246, rtpBp: 9540, hitBp: 3526, sd: 2.344, rounds: 0},
  'crimson-canyon': {payScale: 13.5798, rtpBp: 9608, hitBp: 5901, sd: 1.377, rounds: 0},
  'wild-west-wanted': {payScale: 37.6663, rtpBp: 9640, hitBp: 3025, sd: 2.268, rounds: 0},
  'fruit-frenzy': {payScale: 3.8723, rtpBp: 9558, hitBp: 3862, sd: 1.592, rounds: 0},
  'cherry-bomb': {payScale: 4.8825, rtpBp: 9487, hitBp: 6820, sd: 1.946, rounds: 0},
  'lantern-festival': {payScale: 29.0252, rtpBp: 9620, hitBp: 2640, sd: 2.478, rounds: 0},
  'chili-cascade': {payScale: 26.9862, rtpBp: 9580, hitBp: 3053, sd: 2.46, rounds: 0, buyPriceX: 5.99},
  'fox-fire-sevens': {payScale: 2.1277, rtpBp: 9676, hitBp: 3745, sd: 2.261, rounds: 0},
  'deep-blue-pearls': {payScale: 37.813, rtpBp: 9650, hitBp: 3692, sd: 1.723, rounds: 0},
  'harbour-lights': {payScale: 3.8205, rtpBp: 9509, hitBp: 4460, sd: 1.533, rounds: 0},
  'krakens-call': {payScale: 38.2094, rtpBp: 9599, hitBp: 4358, sd: 1.814, rounds: 0, buyPriceX: 8},
  'pirate-plunder': {payScale: 29.7578, rtpBp: 9551, hitBp: 3046, sd: 2.434, rounds: 0, buyPriceX: 17.91},
  'sails-of-fortune': {payScale: 11.6846, rtpBp: 9630, hitBp: 6325, sd: 2.059, rounds: 0},
  'tidal-riches': {payScale: 7.0291, rtpBp: 9449, hitBp: 5133, sd: 2.487, rounds: 0},
  'mermaid-lagoon': {payScale: 29.3754, rtpBp: 9591, hitBp: 3019, sd: 2.384, rounds: 0},
  'lighthouse-link': {payScale: 16.6182, rtpBp: 9530, hitBp: 3279, sd: 2.389, rounds: 0},
  'starlight-spins': {payScale: 3.8573, rtpBp: 9600, hitBp: 4253, sd: 1.545, rounds: 0},
  'neon-nights': {payScale: 14.9829, rtpBp: 9539, hitBp: 2973, sd: 2.016, rounds: 0},
  'candy-castle': {payScale: 5.5246, rtpBp: 9623, hitBp: 6664, sd: 1.868, rounds: 0},
  'cosmic-cash': {payScale: 21.4557, rtpBp: 9477, hitBp: 4174, sd: 1.92, rounds: 0},
  'jungle-gems': {payScale: 19.3565, rtpBp: 9566, hitBp: 3874, sd: 2.582, rounds: 0},
  'samurai-spirit': {payScale: 29.7038, rtpBp: 9660, hitBp: 3294, sd: 2.575, rounds: 0},
  'space-miner': {payScale: 28.9817, rtpBp: 9510, hitBp: 2582, sd: 2.401, rounds: 0},
  'pixel-fruits': {payScale: 3.8079, rtpBp: 9432, hitBp: 4065, sd: 1.524, rounds: 0},
  'robo-reactor': {payScale: 8.0212, rtpBp: 9609, hitBp: 4788, sd: 2.427, rounds: 0, buyPriceX: 5.11},
  'lucky-bubbles': {payScale: 7.6637, rtpBp: 9550, hitBp: 5150, sd: 2.386, rounds: 0},
}
