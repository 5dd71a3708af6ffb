import { classicSymbols, coin, fiveReelSymbols, holdAndWin, scatter, sixReelSymbols, theme, wild, type SlotSpec } from './templates.ts'

// Northern Lights' slots: nordic themes.
const brand = 'northern-lights' as const

export const NORTHERN_LIGHTS_SLOTS: SlotSpec[] = [
  {
    code: 'aurora-riches', brand, title: 'Aurora Riches', targetRtpBp: 9620,
    layout: 'ways', reels: 5, rows: 3, betDivisor: 25,
    symbols: [...fiveReelSymbols(['aurora', 'wolf', 'raven', 'longship'], ['ace', 'king', 'queen', 'jack', 'ten'], { tilt: 0.6, flat: 0.4 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 50 }, 'snowflake')],
    freeSpins: { awards: { 3: 8, 4: 12, 5: 20 }, multiplier: 2, retrigger: false, maxSpins: 100 },
    maxWinX: 1500,
    theme: theme('#0b1d3a', '#1f6f6b', '#7cf5c4'),
  },
  {
    code: 'fjord-fortune', brand, title: 'Fjord Fortune', targetRtpBp: 9550,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['longship', 'helmet', 'axe', 'shield'], ['ace', 'king', 'queen', 'jack', 'ten'], { flat: 0 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 50 }, 'compass')],
    freeSpins: { awards: { 3: 10, 4: 15, 5: 20 }, multiplier: 1, retrigger: true, maxSpins: 100 },
    maxWinX: 1000,
    theme: theme('#10263f', '#3b6e8f', '#a6d8ff'),
  },
  {
    code: 'polar-wilds', brand, title: 'Polar Wilds', targetRtpBp: 9480,
    layout: 'lines', reels: 5, rows: 3, lines: 10,
    symbols: [...fiveReelSymbols(['wolf', 'reindeer', 'moon', 'snowflake'], ['ace', 'king', 'queen', 'jack'], { tilt: 0.5, flat: 0.2, two: 0.5 }), wild([0, 1, 1, 1, 0], { multiplier: 2 }), wild([0, 0, 1, 0, 0], { art: 'aurora', multiplier: 3 })],
    maxWinX: 800,
    theme: theme('#dff3ff', '#5b8fb9', '#0a4f8a'),
  },
  {
    code: 'midnight-sun-megaways', brand, title: 'Midnight Sun Megaways', targetRtpBp: 9600,
    layout: 'megaways', reels: 6, rows: 7, minRows: 2, betDivisor: 20,
    symbols: [...sixReelSymbols(['aurora', 'moon', 'wolf', 'raven', 'reindeer'], ['ace', 'king', 'queen', 'jack', 'ten', 'nine', 'snowflake'])],
    cascade: { multipliers: [1] },
    maxWinX: 2500,
    theme: theme('#2b0f3a', '#f0a04b', '#ffd37a'),
  },
  {
    code: 'viking-voyage', brand, title: 'Viking Voyage', targetRtpBp: 9650,
    layout: 'lines', reels: 5, rows: 4, lines: 40,
    symbols: [...fiveReelSymbols(['longship', 'hammer', 'helmet', 'shield'], ['axe', 'rune', 'ace', 'king', 'queen'], { flat: 0 }), wild([0, 3, 3, 3, 0]), scatter(2, { 3: 2, 4: 8, 5: 40 })],
    freeSpins: { awards: { 3: 8, 4: 12, 5: 16 }, multiplier: 2, retrigger: true, maxSpins: 100 },
    maxWinX: 2000,
    theme: theme('#1a1410', '#6b4a2b', '#e0b15c'),
  },
  {
    code: 'snowfall-sevens', brand, title: 'Snowfall Sevens', targetRtpBp: 9500,
    layout: 'lines', reels: 3, rows: 1, lines: 1,
    symbols: [...classicSymbols([['seven', 10, 2], ['triple-bar', 6, 3], ['double-bar', 4, 4], ['bar', 3, 5], ['bell', 2, 6], ['snowflake', 2, 8, 1, 0.5]]), wild([1, 1, 1], { art: 'wild', pays: { 3: 20 } })],
    maxWinX: 150,
    theme: theme('#e8f4ff', '#8fb8de', '#c2185b'),
  },
  {
    code: 'reindeer-run', brand, title: 'Reindeer Run', targetRtpBp: 9580,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['reindeer', 'wolf', 'moon', 'snowflake'], ['ace', 'king', 'queen', 'jack', 'ten']), wild([0, 2, 2, 2, 0])],
    cascade: { multipliers: [1, 2, 3, 5] },
    maxWinX: 1000,
    theme: theme('#0e3b2e', '#c7e8f3', '#d62828'),
  },
  {
    code: 'book-of-runes', brand, title: 'Book of Runes', targetRtpBp: 9610,
    layout: 'lines', reels: 5, rows: 3, lines: 10,
    symbols: [...fiveReelSymbols(['hammer', 'raven', 'rune', 'shield'], ['ace', 'king', 'queen', 'jack', 'ten'], { two: 1, tilt: 0.7, flat: 0.3 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 50 }, 'book')],
    freeSpins: { awards: { 3: 10 }, multiplier: 2, retrigger: true, maxSpins: 100 },
    maxWinX: 2500,
    theme: theme('#2a1a0a', '#7a4f1d', '#f2c14e'),
  },
  {
    code: 'frost-giants', brand, title: 'Frost Giants', targetRtpBp: 9420,
    layout: 'ways', reels: 5, rows: 4, betDivisor: 25,
    symbols: [...fiveReelSymbols(['hammer', 'axe', 'helmet', 'wolf'], ['ace', 'king', 'queen', 'jack', 'ten'], { tilt: 0.4, flat: 0 }), wild([0, 2, 2, 2, 0])],
    maxWinX: 1200,
    theme: theme('#0c2233', '#7fb3d5', '#bfe6ff'),
  },
  {
    code: 'saga-of-thor', brand, title: 'Saga of Thor', targetRtpBp: 9560,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['hammer', 'raven', 'longship', 'helmet'], ['ace', 'king', 'queen', 'jack']), wild([0, 2, 2, 2, 0]), coin(12)],
    holdAndWin: holdAndWin(40, 200),
    maxWinX: 1000,
    theme: theme('#141b2d', '#3a5a8c', '#ffcc33'),
  },
]
