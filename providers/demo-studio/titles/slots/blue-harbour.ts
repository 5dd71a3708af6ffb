import { classicSymbols, coin, fiveReelSymbols, holdAndWin, scatter, sixReelSymbols, theme, wild, type SlotSpec } from './templates.ts'

// Blue Harbour's slots: the sea, its ships and its treasures.
const brand = 'blue-harbour' as const
const royals = ['ace', 'king', 'queen', 'jack', 'ten']

export const BLUE_HARBOUR_SLOTS: SlotSpec[] = [
  {
    code: 'deep-blue-pearls', brand, title: 'Deep Blue Pearls', targetRtpBp: 9650,
    layout: 'ways', reels: 5, rows: 3, betDivisor: 25,
    symbols: [...fiveReelSymbols(['pearl', 'octopus', 'fish', 'shell'], royals, { tilt: 0.3, flat: 0 }), wild([0, 2, 2, 2, 0])],
    maxWinX: 800,
    theme: theme('#001a33', '#006994', '#e0f7fa'),
  },
  {
    code: 'harbour-lights', brand, title: 'Harbour Lights', targetRtpBp: 9510,
    layout: 'lines', reels: 3, rows: 3, lines: 5,
    symbols: [...classicSymbols([['lighthouse', 10, 2], ['ship', 6, 3], ['anchor', 5, 4], ['compass', 4, 5], ['shell', 3, 6], ['wave', 2, 7, 1]]), wild([1, 1, 1], { pays: { 3: 20 } })],
    maxWinX: 250,
    theme: theme('#0a1931', '#185adb', '#ffc947'),
  },
  {
    code: 'krakens-call', brand, title: 'Kraken’s Call', targetRtpBp: 9600,
    layout: 'megaways', reels: 6, rows: 7, minRows: 2, betDivisor: 20,
    symbols: [...sixReelSymbols(['kraken', 'ship', 'octopus', 'anchor'], ['ace', 'king', 'queen', 'jack', 'ten', 'nine'], { tilt: 0.4 }), scatter(2, { 4: 1, 5: 5, 6: 20 })],
    freeSpins: { awards: { 4: 8, 5: 12, 6: 16 }, multiplier: 1, retrigger: true, maxSpins: 100 },
    buyPriceX: 100,
    maxWinX: 2500,
    theme: theme('#00121f', '#123f5a', '#4dd0e1'),
  },
  {
    code: 'pirate-plunder', brand, title: 'Pirate Plunder', targetRtpBp: 9550,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['ship', 'chest', 'compass', 'anchor'], royals, { tilt: 0.8 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 40 })],
    freeSpins: { awards: { 3: 10, 4: 12, 5: 15 }, multiplier: 2, retrigger: false, maxSpins: 100 },
    buyPriceX: 100,
    maxWinX: 2000,
    theme: theme('#1b1200', '#5d4037', '#ffd54f'),
  },
  {
    code: 'sails-of-fortune', brand, title: 'Sails of Fortune', targetRtpBp: 9630,
    layout: 'ways', reels: 5, rows: 4, betDivisor: 25,
    symbols: [...fiveReelSymbols(['ship', 'compass', 'anchor', 'wave'], royals, { tilt: 0.7, flat: 0 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 40 })],
    freeSpins: { awards: { 3: 8, 4: 10, 5: 12 }, multiplier: 2, retrigger: false, maxSpins: 100 },
    maxWinX: 1500,
    theme: theme('#02203a', '#1e88e5', '#fff59d'),
  },
  {
    code: 'tidal-riches', brand, title: 'Tidal Riches', targetRtpBp: 9450,
    layout: 'ways', reels: 5, rows: 4, betDivisor: 20,
    symbols: sixReelSymbols(['wave', 'pearl', 'shell'], ['fish', 'ace', 'king', 'queen', 'jack']),
    cascade: { multipliers: [1, 2, 3, 5] },
    maxWinX: 1000,
    theme: theme('#002b36', '#00897b', '#b2ebf2'),
  },
  {
    code: 'mermaid-lagoon', brand, title: 'Mermaid Lagoon', targetRtpBp: 9590,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['mermaid', 'pearl', 'shell', 'fish'], royals, { tilt: 0.5, flat: 0.3 }), wild([0, 1, 1, 1, 0], { multiplier: 2 }), wild([0, 0, 1, 0, 0], { art: 'wave', multiplier: 3 })],
    maxWinX: 1000,
    theme: theme('#003844', '#00acc1', '#f8bbd0'),
  },
  {
    code: 'lighthouse-link', brand, title: 'Lighthouse Link', targetRtpBp: 9530,
    layout: 'ways', reels: 5, rows: 3, betDivisor: 25,
    symbols: [...fiveReelSymbols(['lighthouse', 'ship', 'anchor', 'compass'], ['ace', 'king', 'queen', 'jack']), wild([0, 2, 2, 2, 0]), coin(12)],
    holdAndWin: holdAndWin(40, 200),
    maxWinX: 1000,
    theme: theme('#0b132b', '#3a506b', '#ffd166'),
  },
]
