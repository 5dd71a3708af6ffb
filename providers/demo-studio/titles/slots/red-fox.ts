import { classicSymbols, coin, fiveReelSymbols, holdAndWin, scatter, sixReelSymbols, theme, wild, type SlotSpec } from './templates.ts'

// Red Fox's slots: woods, the wild west, fruit and fire.
const brand = 'red-fox' as const
const royals = ['ace', 'king', 'queen', 'jack', 'ten']

export const RED_FOX_SLOTS: SlotSpec[] = [
  {
    code: 'fox-tales', brand, title: 'Fox Tales', targetRtpBp: 9540,
    layout: 'lines', reels: 5, rows: 3, lines: 25,
    symbols: [...fiveReelSymbols(['fox', 'parrot', 'monkey', 'leaf'], royals), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 40 }, 'bonus')],
    freeSpins: { awards: { 3: 10, 4: 15, 5: 20 }, multiplier: 2, retrigger: false, maxSpins: 100 },
    maxWinX: 1500,
    theme: theme('#2d1606', '#c0501f', '#ffa726'),
  },
  {
    code: 'crimson-canyon', brand, title: 'Crimson Canyon', targetRtpBp: 9610,
    layout: 'ways', reels: 5, rows: 4, betDivisor: 25,
    symbols: [...fiveReelSymbols(['bandit', 'revolver', 'cactus', 'horseshoe'], royals, { tilt: 0.4, flat: 0 }), wild([0, 2, 2, 2, 0])],
    maxWinX: 1500,
    theme: theme('#3a0d0d', '#b5401e', '#ffcc80'),
  },
  {
    code: 'wild-west-wanted', brand, title: 'Wild West Wanted', targetRtpBp: 9640,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['sheriff-star', 'wanted', 'revolver', 'wagon'], royals, { tilt: 0.5, flat: 0.1 }), wild([0, 2, 2, 2, 0]), scatter(2, { 3: 2, 4: 10, 5: 40 })],
    freeSpins: { awards: { 3: 10, 4: 12, 5: 15 }, multiplier: 1, retrigger: true, maxSpins: 100 },
    buyPriceX: 100,
    maxWinX: 2000,
    theme: theme('#2e1a0e', '#8d5524', '#f4c542'),
  },
  {
    code: 'fruit-frenzy', brand, title: 'Fruit Frenzy', targetRtpBp: 9560,
    layout: 'lines', reels: 3, rows: 3, lines: 5,
    symbols: [...classicSymbols([['watermelon', 8, 2], ['grapes', 6, 3], ['plum', 5, 4], ['orange', 4, 5], ['lemon', 3, 6], ['cherry', 2, 7, 1]]), wild([1, 1, 1], { pays: { 3: 20 } })],
    maxWinX: 250,
    theme: theme('#4a0e2e', '#e53935', '#ffeb3b'),
  },
  {
    code: 'cherry-bomb', brand, title: 'Cherry Bomb', targetRtpBp: 9490,
    layout: 'ways', reels: 5, rows: 5, betDivisor: 20,
    symbols: sixReelSymbols(['cherry', 'seven', 'bell', 'watermelon'], ['grapes', 'plum', 'orange', 'lemon', 'star'], { tilt: 0.4 }),
    cascade: { multipliers: [1, 2, 3] },
    maxWinX: 1000,
    theme: theme('#1c0008', '#b0003a', '#ff8a80'),
  },
  {
    code: 'lantern-festival', brand, title: 'Lantern Festival', targetRtpBp: 9620,
    layout: 'lines', reels: 5, rows: 3, lines: 20,
    symbols: [...fiveReelSymbols(['lantern', 'dragon', 'firework', 'lotus'], ['ace', 'king', 'queen', 'jack']), wild([0, 2, 2, 2, 0]), coin(12)],
    holdAndWin: holdAndWin(40, 200),
    maxWinX: 1000,
    theme: theme('#1a0a2e', '#c62828', '#ffca28'),
  },
  {
    code: 'chili-cascade', brand, title: 'Chili Cascade', targetRtpBp: 9580,
    layout: 'ways', reels: 5, rows: 3, betDivisor: 20,
    symbols: [...sixReelSymbols(['chili', 'cactus', 'sheriff-star'], ['lemon', 'cherry', 'plum', 'bell'], { weight: 6 }), scatter(1, { 3: 1, 4: 5, 5: 20 })],
    cascade: { multipliers: [1, 2, 3] },
    freeSpins: { awards: { 3: 6 }, multiplier: 1, retrigger: true, maxSpins: 100 },
    buyPriceX: 100,
    maxWinX: 1500,
    theme: theme('#2b0a00', '#e64a19', '#ffee58'),
  },
  {
    code: 'fox-fire-sevens', brand, title: 'Fox Fire Sevens', targetRtpBp: 9680,
    layout: 'lines', reels: 3, rows: 1, lines: 1,
    symbols: [...classicSymbols([['seven', 12, 2], ['fox', 6, 3], ['triple-bar', 4, 4], ['bar', 3, 5], ['chili', 2, 7, 1, 0.5]]), wild([1, 1, 1], { pays: { 3: 25 } })],
    maxWinX: 200,
    theme: theme('#210b00', '#ff5722', '#fff176'),
  },
]
