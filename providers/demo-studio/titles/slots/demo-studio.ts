import { classicSymbols, coin, fiveReelSymbols, holdAndWin, scatter, sixReelSymbols, theme, wild, type SlotSpec } from './templates.ts'

// Demo Studio's own slots: stars, neon, candy, space, jungle and machines.
const brand = 'demo-studio' as const

export const DEMO_STUDIO_SLOTS: SlotSpec[] = [
  {
    code: 'starlight-spins', brand, title: 'Starlight Spins', targetRtpBp: 9600,
    layout: 'lines', reels: 3, rows: 3, lines: 5,
    symbols: [...classicSymbols([['star', 10, 2], ['seven', 6, 3], ['diamond', 5, 4], ['bell', 4, 5], ['bar', 3, 6], ['cherry', 2, 7, 1]]), wild([1, 1, 1], { pays: { 3: 20 } })],
    maxWinX: 300,
    theme: theme('#0d0221', '#3d1e6d', '#fdd835'),
  },
  {
    code: 'neon-nights', brand, title: 'Neon Nights', targetRtpBp: 9540,
    layout: 'lines', reels: 5, rows: 3, lines: 10,
    symbols: [...fiveReelSymbols(['seven', 'diamond', 'star', 'bell'], ['triple-bar', 'double-bar', 'bar', 'cherry', 'lemon'], { tilt: 0.4, flat: 0.2, two: 1 }), wild([0, 2, 2, 2, 0], { multiplier: 2 })],
    maxWinX: 800,
    theme: theme('#0a0015', '#2b0548', '#ff00e6'),
  },
  {
    code: 'candy-castle', brand, title: 'Candy Castle', targetRtpBp: 9620,
    layout: 'ways', reels: 6, rows: 5, betDivisor: 20,
    symbols: sixReelSymbols(['heart', 'lollipop', 'cupcake', 'donut'], ['candy', 'gummy', 'gem-red', 'gem-blue', 'gem-yellow'], { tilt: 0.4 }),
    cascade: { multipliers: [1, 2, 3] },
    maxWinX: 1500,
    theme: theme('#3d0b37', '#f06292', '#fff176'),
  },
  {
    code: 'cosmic-cash', brand, title: 'Cosmic Cash', targetRtpBp: 9480,
    layout: 'megaways', reels: 6, rows: 7, minRows: 2, betDivisor: 20,
    symbols: sixReelSymbols(['astronaut', 'ufo', 'rocket', 'planet'], ['alien', 'comet', 'asteroid', 'satellite', 'ace', 'king'], { tilt: 1.3 }),
    maxWinX: 2000,
    theme: theme('#000814', '#1b263b', '#80ffdb'),
  },
  {
    code: 'jungle-gems', brand, title: 'Jungle Gems', targetRtpBp: 9570,
    layout: 'ways', reels: 5, rows: 3, betDivisor: 20,
    symbols: sixReelSymbols(['tiger', 'idol', 'parrot'], ['gem-green', 'gem-red', 'gem-blue', 'gem-yellow'], { weight: 6, tilt: 0.8 }),
    cascade: { multipliers: [1, 2, 3, 5] },
    maxWinX: 1000,
    theme: theme('#0b2e13', '#2e7d32', '#c6ff00'),
  },
  {
    code: 'samurai-spirit', brand, title: 'Samurai Spirit', targetRtpBp: 9660,
    layout: 'lines', reels: 5, rows: 3, lines: 25,
    symbols: [...fiveReelSymbols(['samurai', 'katana', 'dragon', 'fan'], ['lotus', 'koi', 'ace', 'king', 'queen'], { tilt: 0.8 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 40 })],
    freeSpins: { awards: { 3: 10, 4: 15, 5: 20 }, multiplier: 2, retrigger: true, maxSpins: 100 },
    maxWinX: 2000,
    theme: theme('#1a0000', '#5c0a0a', '#e0e0e0'),
  },
  {
    code: 'space-miner', brand, title: 'Space Miner', targetRtpBp: 9510,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['astronaut', 'rocket', 'planet', 'ufo'], ['asteroid', 'comet', 'satellite', 'alien']), wild([0, 2, 2, 2, 0]), coin(12)],
    holdAndWin: holdAndWin(40, 200),
    maxWinX: 1000,
    theme: theme('#03001c', '#301e67', '#5b8fb9'),
  },
  {
    code: 'pixel-fruits', brand, title: 'Pixel Fruits', targetRtpBp: 9430,
    layout: 'lines', reels: 3, rows: 3, lines: 5,
    symbols: [...classicSymbols([['watermelon', 10, 2], ['grapes', 6, 3], ['orange', 5, 4], ['lemon', 4, 5], ['bell', 3, 6], ['cherry', 2, 7, 1]]), wild([1, 1, 1], { pays: { 3: 20 } })],
    maxWinX: 250,
    theme: theme('#102a43', '#334e68', '#7cfc00'),
  },
  {
    code: 'robo-reactor', brand, title: 'Robo Reactor', targetRtpBp: 9610,
    layout: 'ways', reels: 5, rows: 4, betDivisor: 20,
    symbols: [...sixReelSymbols(['robot', 'gear', 'bolt'], ['gem-blue', 'gem-green', 'ace', 'king', 'queen']), scatter(2, { 3: 1, 4: 5, 5: 20 })],
    cascade: { multipliers: [1, 2, 3] },
    freeSpins: { awards: { 3: 6, 4: 8, 5: 10 }, multiplier: 1, retrigger: false, maxSpins: 100 },
    buyPriceX: 100,
    maxWinX: 2000,
    theme: theme('#101820', '#37474f', '#00e5ff'),
  },
  {
    code: 'lucky-bubbles', brand, title: 'Lucky Bubbles', targetRtpBp: 9550,
    layout: 'ways', reels: 5, rows: 4, betDivisor: 20,
    symbols: sixReelSymbols(['heart', 'clover', 'star'], ['gem-purple', 'gem-blue', 'gem-green', 'gem-yellow', 'candy']),
    cascade: { multipliers: [1, 2, 3, 5] },
    maxWinX: 1000,
    theme: theme('#1a237e', '#4fc3f7', '#f8bbd0'),
  },
]
