import { classicSymbols, coin, fiveReelSymbols, holdAndWin, scatter, sixReelSymbols, theme, wild, type SlotSpec } from './templates.ts'

// Golden Reel's slots: gold, Egypt, gems and classic fruit machines.
const brand = 'golden-reel' as const
const royals = ['ace', 'king', 'queen', 'jack', 'ten']

export const GOLDEN_REEL_SLOTS: SlotSpec[] = [
  {
    code: 'golden-reels-deluxe', brand, title: 'Golden Reels Deluxe', targetRtpBp: 9450,
    layout: 'lines', reels: 3, rows: 3, lines: 5,
    symbols: [...classicSymbols([['seven', 12, 2], ['triple-bar', 8, 3], ['double-bar', 5, 4], ['bar', 4, 5], ['bell', 3, 6], ['star', 2, 7, 1]]), wild([1, 1, 1], { pays: { 3: 25 } })],
    maxWinX: 300,
    theme: theme('#3a2500', '#b8860b', '#ffd700'),
  },
  {
    code: 'pharaohs-gold', brand, title: 'Pharaoh’s Gold', targetRtpBp: 9630,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['pharaoh', 'sphinx', 'ankh', 'eye'], royals, { tilt: 0.6, flat: 0.1 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 40 }, 'pyramid')],
    freeSpins: { awards: { 3: 6, 4: 8, 5: 10 }, multiplier: 3, retrigger: false, maxSpins: 100 },
    maxWinX: 2000,
    theme: theme('#2b1a05', '#c89b3c', '#40e0d0'),
  },
  {
    code: 'lucky-clover-link', brand, title: 'Lucky Clover Link', targetRtpBp: 9500,
    layout: 'ways', reels: 5, rows: 3, betDivisor: 25,
    symbols: [...fiveReelSymbols(['clover', 'pot-of-gold', 'rainbow', 'horseshoe'], ['ace', 'king', 'queen', 'jack'], { tilt: 0.7, flat: 0.5 }), wild([0, 2, 2, 2, 0]), coin(12)],
    holdAndWin: holdAndWin(40, 200),
    maxWinX: 1000,
    theme: theme('#0b3d1a', '#2e8b57', '#ffd54f'),
  },
  {
    code: 'jewel-cascade', brand, title: 'Jewel Cascade', targetRtpBp: 9600,
    layout: 'ways', reels: 6, rows: 5, betDivisor: 20,
    symbols: sixReelSymbols(['diamond', 'gem-red', 'gem-blue', 'gem-green'], ['gem-purple', 'gem-yellow', 'ace', 'king', 'queen']),
    cascade: { multipliers: [1, 2, 3] },
    maxWinX: 1500,
    theme: theme('#1a0933', '#5b2a86', '#f06292'),
  },
  {
    code: 'royal-sevens', brand, title: 'Royal Sevens', targetRtpBp: 9400,
    layout: 'lines', reels: 3, rows: 3, lines: 1,
    symbols: [...classicSymbols([['seven', 10, 2], ['triple-bar', 6, 3], ['double-bar', 4, 4], ['bar', 3, 5], ['bell', 2, 6], ['cherry', 2, 7, 1, 0.5]]), wild([1, 1, 1], { pays: { 3: 20 } })],
    maxWinX: 200,
    theme: theme('#2a0010', '#8b0000', '#ffcc00'),
  },
  {
    code: 'dragon-hoard', brand, title: 'Dragon Hoard', targetRtpBp: 9660,
    layout: 'lines', reels: 5, rows: 3, lines: 25,
    symbols: [...fiveReelSymbols(['dragon', 'koi', 'lantern', 'fan'], royals), wild([0, 2, 2, 2, 0]), coin(12)],
    holdAndWin: holdAndWin(40, 250),
    maxWinX: 1200,
    theme: theme('#330000', '#a0001c', '#ffb300'),
  },
  {
    code: 'gold-rush-express', brand, title: 'Gold Rush Express', targetRtpBp: 9590,
    layout: 'ways', reels: 5, rows: 3, betDivisor: 25,
    symbols: [...fiveReelSymbols(['nugget', 'wagon', 'sheriff-star', 'horseshoe'], royals, { tilt: 0.5, flat: 0.3 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 40 })],
    freeSpins: { awards: { 3: 10, 4: 15, 5: 20 }, multiplier: 2, retrigger: false, maxSpins: 100 },
    buyPriceX: 100,
    maxWinX: 2000,
    theme: theme('#3b2411', '#a4652d', '#ffd166'),
  },
  {
    code: 'treasure-temple', brand, title: 'Treasure Temple', targetRtpBp: 9520,
    layout: 'megaways', reels: 6, rows: 7, minRows: 2, betDivisor: 20,
    symbols: sixReelSymbols(['idol', 'tiger', 'monkey', 'parrot'], ['leaf', 'ace', 'king', 'queen', 'jack', 'ten'], { tilt: 0.4 }),
    maxWinX: 1500,
    theme: theme('#0f2a12', '#52702b', '#e3b448'),
  },
  {
    code: 'emerald-scarab', brand, title: 'Emerald Scarab', targetRtpBp: 9570,
    layout: 'megaways', reels: 6, rows: 7, minRows: 2, betDivisor: 20,
    symbols: [...sixReelSymbols(['scarab', 'pharaoh', 'sphinx', 'ankh', 'eye'], ['ace', 'king', 'queen', 'jack', 'ten', 'nine'], { tilt: 0.4 }), scatter(2, { 4: 1, 5: 5, 6: 20 }, 'pyramid')],
    freeSpins: { awards: { 4: 8, 5: 12, 6: 16 }, multiplier: 1, retrigger: true, maxSpins: 100 },
    maxWinX: 2500,
    theme: theme('#04261c', '#0f7a55', '#7fffd4'),
  },
  {
    code: 'diamond-dynasty', brand, title: 'Diamond Dynasty', targetRtpBp: 9470,
    layout: 'lines', reels: 3, rows: 3, lines: 5,
    symbols: [...classicSymbols([['diamond', 10, 2], ['gem-red', 6, 3], ['gem-blue', 5, 4], ['gem-green', 4, 5], ['gem-purple', 3, 6], ['gem-yellow', 2, 7, 1]]), wild([1, 1, 1], { multiplier: 2 })],
    maxWinX: 400,
    theme: theme('#0d0d26', '#3949ab', '#b3e5fc'),
  },
]
