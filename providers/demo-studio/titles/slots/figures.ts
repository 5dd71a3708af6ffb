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
  'viking-voyage': {payScale: 27.8303, rtpBp: 9683, hitBp: 4885, sd: 2.383, rounds: 20000000, simRounds: 3000000},
  'snowfall-sevens': {payScale: 2.9505, rtpBp: 9520, hitBp: 3173, sd: 2.214, rounds: 20000000, simRounds: 3000000},
  'reindeer-run': {payScale: 18.3758, rtpBp: 9556, hitBp: 3268, sd: 2.454, rounds: 20000000, simRounds: 3000000},
  'book-of-runes': {payScale: 18.7272, rtpBp: 9646, hitBp: 3063, sd: 2.296, rounds: 20000000, simRounds: 3000000},
  'frost-giants': {payScale: 13.2126, rtpBp: 9405, hitBp: 6004, sd: 1.342, rounds: 20000000},
  'saga-of-thor': {payScale: 31.5458, rtpBp: 9550, hitBp: 2818, sd: 2.266, rounds: 20000000, simRounds: 3000000},
  'golden-reels-deluxe': {payScale: 3.6813, rtpBp: 9440, hitBp: 4400, sd: 1.59, rounds: 20000000, simRounds: 2000000},
  'pharaohs-gold': {payScale: 36.603, rtpBp: 9630, hitBp: 3003, sd: 2.506, rounds: 20000000, simRounds: 3000000},
  'lucky-clover-link': {payScale: 22.9701, rtpBp: 9513, hitBp: 3389, sd: 2.312, rounds: 20000000, simRounds: 3000000},
  'jewel-cascade': {payScale: 3.655, rtpBp: 9583, hitBp: 6428, sd: 2.188, rounds: 20000000, simRounds: 3000000},
  'royal-sevens': {payScale: 3.0841, rtpBp: 9447, hitBp: 2944, sd: 2.355, rounds: 20000000, simRounds: 3000000},
  'dragon-hoard': {payScale: 43.1879, rtpBp: 9692, hitBp: 2602, sd: 2.382, rounds: 20000000, simRounds: 3000000},
  'gold-rush-express': {payScale: 25.4179, rtpBp: 9581, hitBp: 3604, sd: 2.442, rounds: 20000000, buyPriceX: 17.95, simRounds: 3000000, buyRtpBp: 9580},
  'treasure-temple': {payScale: 36.0489, rtpBp: 9562, hitBp: 4255, sd: 1.921, rounds: 20000000, simRounds: 2000000},
  'emerald-scarab': {payScale: 51.2762, rtpBp: 9583, hitBp: 3767, sd: 1.926, rounds: 20000000, simRounds: 2000000},
  'diamond-dynasty': {payScale: 2.5483, rtpBp: 9446, hitBp: 4677, sd: 1.995, rounds: 20000000, simRounds: 2000000},
  'fox-tales': {payScale: 28.4246, rtpBp: 9506, hitBp: 3516, sd: 2.351, rounds: 20000000, simRounds: 3000000},
  'crimson-canyon': {payScale: 13.5798, rtpBp: 9579, hitBp: 5892, sd: 1.386, rounds: 20000000},
  'wild-west-wanted': {payScale: 37.6663, rtpBp: 9621, hitBp: 3031, sd: 2.252, rounds: 20000000, simRounds: 3000000, buyPriceX: 10.02, buyRtpBp: 9619},
  'fruit-frenzy': {payScale: 3.8723, rtpBp: 9512, hitBp: 3857, sd: 1.589, rounds: 20000000, simRounds: 2000000},
  'cherry-bomb': {payScale: 4.8825, rtpBp: 9507, hitBp: 6813, sd: 1.934, rounds: 20000000, simRounds: 2000000},
  'lantern-festival': {payScale: 29.0252, rtpBp: 9614, hitBp: 2644, sd: 2.407, rounds: 20000000, simRounds: 3000000},
  'chili-cascade': {payScale: 26.9862, rtpBp: 9558, hitBp: 3052, sd: 2.45, rounds: 20000000, buyPriceX: 5.99, simRounds: 3000000, buyRtpBp: 9562},
  'fox-fire-sevens': {payScale: 2.1277, rtpBp: 9669, hitBp: 3736, sd: 2.244, rounds: 20000000, simRounds: 3000000},
  'deep-blue-pearls': {payScale: 37.813, rtpBp: 9672, hitBp: 3698, sd: 1.721, rounds: 20000000, simRounds: 2000000},
  'harbour-lights': {payScale: 3.8205, rtpBp: 9471, hitBp: 4453, sd: 1.531, rounds: 20000000, simRounds: 2000000},
  'krakens-call': {payScale: 38.2094, rtpBp: 9578, hitBp: 4346, sd: 1.825, rounds: 20000000, buyPriceX: 8.01, simRounds: 2000000, buyRtpBp: 9580},
  'pirate-plunder': {payScale: 29.7578, rtpBp: 9539, hitBp: 3043, sd: 2.448, rounds: 20000000, buyPriceX: 17.96, simRounds: 3000000, buyRtpBp: 9539},
  'sails-of-fortune': {payScale: 11.6846, rtpBp: 9670, hitBp: 6338, sd: 2.064, rounds: 20000000, simRounds: 2000000},
  'tidal-riches': {payScale: 7.0291, rtpBp: 9407, hitBp: 5133, sd: 2.467, rounds: 20000000, simRounds: 3000000},
  'mermaid-lagoon': {payScale: 29.3754, rtpBp: 9551, hitBp: 3012, sd: 2.363, rounds: 20000000, simRounds: 3000000},
  'lighthouse-link': {payScale: 16.6182, rtpBp: 9547, hitBp: 3281, sd: 2.439, rounds: 20000000, simRounds: 3000000},
  'starlight-spins': {payScale: 3.8573, rtpBp: 9569, hitBp: 4239, sd: 1.543, rounds: 20000000, simRounds: 2000000},
  'neon-nights': {payScale: 14.9829, rtpBp: 9574, hitBp: 2974, sd: 2.021, rounds: 20000000, simRounds: 2000000},
  'candy-castle': {payScale: 5.5246, rtpBp: 9649, hitBp: 6672, sd: 1.881, rounds: 20000000, simRounds: 2000000},
  'cosmic-cash': {payScale: 21.4557, rtpBp: 9493, hitBp: 4192, sd: 1.913, rounds: 20000000, simRounds: 2000000},
  'jungle-gems': {payScale: 19.3565, rtpBp: 9561, hitBp: 3884, sd: 2.559, rounds: 20000000, simRounds: 3000000},
  'samurai-spirit': {payScale: 29.7038, rtpBp: 9581, hitBp: 3296, sd: 2.514, rounds: 20000000, simRounds: 3000000},
  'space-miner': {payScale: 28.9817, rtpBp: 9523, hitBp: 2580, sd: 2.409, rounds: 20000000, simRounds: 3000000},
  'pixel-fruits': {payScale: 3.8079, rtpBp: 9454, hitBp: 4069, sd: 1.53, rounds: 20000000, simRounds: 2000000},
  'robo-reactor': {payScale: 8.0212, rtpBp: 9589, hitBp: 4780, sd: 2.451, rounds: 20000000, buyPriceX: 5.1, simRounds: 3000000, buyRtpBp: 9598},
  'lucky-bubbles': {payScale: 7.6637, rtpBp: 9582, hitBp: 5156, sd: 2.384, rounds: 20000000, simRounds: 3000000},
}
