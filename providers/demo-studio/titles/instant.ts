import { BINGO_INFO, BINGO_MAX_WIN_X, createBingo } from '../games/bingo.ts'
import { crashInfo, createCrash, type CrashConfig } from '../games/crash.ts'
import { createKeno, KENO_INFO } from '../games/keno.ts'
import { createPlinko, PLINKO_INFO, PLINKO_MAX_WIN_X } from '../games/plinko.ts'
import {
  createRoulette,
  rouletteInfo,
  rouletteMaxWinX,
  type RouletteConfig,
} from '../games/roulette.ts'
import { createScratch, SCRATCH_INFO, SCRATCH_MAX_WIN_X } from '../games/scratch.ts'
import { createSicbo, sicboInfo, sicboMaxWinX, type SicboConfig } from '../games/sicbo.ts'
import type { StudioTitle } from '../games/types.ts'
import { createWheel, wheelInfo, wheelMaxWinX, type WheelConfig } from '../games/wheel.ts'

// The studio's instant titles. Every figure is exact (the games' tests compute them from the
// tables and assert these): `rtpBp` and `hitBp` are the stated strategy's, rounded to the basis
// point. Volatility by the round's sd in base stakes (low < 1.6 ≤ medium < 2.3 ≤ high).

const ANCHOR: RouletteConfig = {
  maxChips: 100,
  spinMs: 4200,
  table: 'anchor',
  sim: [{ kind: 'red', amount: 1 }],
}
const SPEED: RouletteConfig = {
  maxChips: 100,
  spinMs: 1800,
  table: 'speed',
  sim: [{ kind: 'dozen', value: 2, amount: 1 }],
}
const SICBO: SicboConfig = { maxChips: 20, sim: [{ kind: 'small', amount: 1 }] }

export const GOLDEN_WHEEL: WheelConfig = {
  counts: { '1': 25, '2': 15, '5': 7, '10': 4, '20': 2, '40': 1 },
  pays: { '1': 1, '2': 2, '5': 5, '10': 10, '20': 20, '40': 40 },
  gold: {
    total: 1000,
    spots: { '1': 34, '2': 106, '5': 131, '10': 91, '20': 114, '40': 126 },
    multipliers: [
      { value: 2, weight: 50 },
      { value: 3, weight: 30 },
      { value: 5, weight: 15 },
      { value: 10, weight: 5 },
    ],
  },
  maxChips: 20,
  sim: { '1': 1 },
}

export const DREAM_CATCHER: WheelConfig = {
  counts: { '1': 23, '2': 15, '5': 7, '10': 4, '20': 2, '40': 1, x2: 1, x7: 1 },
  pays: { '1': 1, '2': 2, '5': 5, '10': 10, '20': 20, '40': 40 },
  multipliers: { x2: 2, x7: 7 },
  multiplierCap: 49,
  maxChips: 20,
  sim: { '2': 1 },
}

const crash = (config: CrashConfig) => ({
  category: 'crash' as const,
  kind: 'crash',
  math: createCrash(config),
  info: crashInfo(config),
  features: ['crashFeatureTarget', 'crashFeatureFair'],
})

export const INSTANT_TITLES: readonly StudioTitle[] = [
  {
    code: 'coral-keno',
    brand: 'blue-harbour',
    title: 'Coral Keno',
    category: 'table-games',
    kind: 'keno',
    math: createKeno([7, 23]),
    // Two picks: 94.984 % exact (every pick count 95.00 % ± 0.05 pp), sd 2.07.
    stated: { rtpBp: 9498, hitBp: 4399, volatility: 'medium', maxWinX: 100_000 },
    theme: {
      background: 'linear-gradient(160deg, #03324a 0%, #0b6e80 55%, #f28a6b 130%)',
      accent: '#ff8f70',
    },
    info: KENO_INFO,
    features: ['kenoFeaturePicks', 'kenoFeatureQuickPick'],
  },
  {
    code: 'lighthouse-bingo',
    brand: 'blue-harbour',
    title: 'Lighthouse Bingo',
    category: 'table-games',
    kind: 'bingo',
    math: createBingo(),
    stated: { rtpBp: 9577, hitBp: 2597, volatility: 'medium', maxWinX: BINGO_MAX_WIN_X },
    theme: {
      background: 'linear-gradient(170deg, #0d2240 0%, #1d4e7a 60%, #f3c969 140%)',
      accent: '#f6c945',
    },
    info: BINGO_INFO,
    // sd 1.82: a million rounds measure it within ±0.36 pp (2σ) only; four million within ±0.18 pp.
    simRounds: 4_000_000,
    features: ['bingoFeatureLines', 'bingoFeatureCorners', 'bingoFeatureFullHouse'],
  },
  {
    code: 'lucky-plinko',
    brand: 'golden-reel',
    title: 'Lucky Plinko',
    category: 'crash',
    kind: 'plinko',
    math: createPlinko({ rows: 16, risk: 'medium' }),
    // Every rows × risk returns 99.00 %; the stated strategy drops 16 rows at medium risk (sd 1.82).
    stated: { rtpBp: 9900, hitBp: 10_000, volatility: 'medium', maxWinX: PLINKO_MAX_WIN_X },
    theme: {
      background: 'radial-gradient(circle at 50% 0%, #5a2a86 0%, #23103d 60%, #120822 100%)',
      accent: '#ffd34d',
    },
    info: PLINKO_INFO,
    features: ['plinkoFeatureRows', 'plinkoFeatureRisk'],
  },
  {
    code: 'anchor-roulette',
    brand: 'blue-harbour',
    title: 'Anchor Roulette',
    category: 'table-games',
    kind: 'roulette',
    math: createRoulette(ANCHOR),
    // One chip on red: 36/37.
    stated: { rtpBp: 9730, hitBp: 4865, volatility: 'low', maxWinX: rouletteMaxWinX(ANCHOR) },
    theme: {
      background: 'radial-gradient(ellipse at 50% 30%, #146b3a 0%, #0b3f24 70%, #06261a 100%)',
      accent: '#e9c46a',
    },
    info: rouletteInfo(ANCHOR),
    features: ['rouletteFeatureSingleZero', 'rouletteFeatureBets'],
  },
  {
    code: 'speed-roulette',
    brand: 'northern-lights',
    title: 'Speed Roulette',
    category: 'table-games',
    kind: 'roulette',
    math: createRoulette(SPEED),
    // One chip on the second dozen: 36/37.
    stated: { rtpBp: 9730, hitBp: 3243, volatility: 'low', maxWinX: rouletteMaxWinX(SPEED) },
    theme: {
      background: 'radial-gradient(ellipse at 50% 30%, #1c2f6b 0%, #101b42 70%, #070d24 100%)',
      accent: '#5ee6c8',
    },
    info: rouletteInfo(SPEED),
    features: ['rouletteFeatureSingleZero', 'rouletteFeatureSpeed'],
  },
  {
    code: 'sic-bo',
    brand: 'blue-harbour',
    title: 'Sic Bo',
    category: 'table-games',
    kind: 'sicbo',
    math: createSicbo(SICBO),
    // One chip on small: 210/216.
    stated: { rtpBp: 9722, hitBp: 4861, volatility: 'low', maxWinX: sicboMaxWinX(SICBO) },
    theme: {
      background: 'radial-gradient(ellipse at 50% 20%, #8c1c1c 0%, #4d0c10 70%, #2a0508 100%)',
      accent: '#f4c542',
    },
    info: sicboInfo(SICBO),
    features: ['sicboFeatureBets'],
  },
  {
    code: 'golden-wheel',
    brand: 'golden-reel',
    title: 'Golden Wheel',
    category: 'table-games',
    kind: 'wheel',
    math: createWheel(GOLDEN_WHEEL),
    // One chip on 1.
    stated: { rtpBp: 9598, hitBp: 4630, volatility: 'low', maxWinX: wheelMaxWinX(GOLDEN_WHEEL) },
    theme: {
      background: 'radial-gradient(circle at 50% 35%, #6b4a0e 0%, #2e1f06 65%, #140d02 100%)',
      accent: '#ffcf40',
    },
    info: wheelInfo(GOLDEN_WHEEL),
    features: ['wheelFeatureSpots', 'wheelFeatureGold'],
  },
  {
    code: 'dream-catcher-wheel',
    brand: 'demo-studio',
    title: 'Dream Catcher Wheel',
    category: 'table-games',
    kind: 'wheel',
    math: createWheel(DREAM_CATCHER),
    // One chip on 2 (the spots return 90.54–96.31 %: 1 95.19, 2 95.31, 5 91.00, 10 96.31, 20 92.47, 40 90.54).
    stated: { rtpBp: 9531, hitBp: 2885, volatility: 'low', maxWinX: wheelMaxWinX(DREAM_CATCHER) },
    theme: {
      background: 'linear-gradient(165deg, #1a0f3d 0%, #4b2a8a 55%, #ff7eb6 140%)',
      accent: '#ff9bd2',
    },
    info: wheelInfo(DREAM_CATCHER),
    features: ['wheelFeatureSpots', 'wheelFeatureMultipliers'],
  },
  {
    code: 'sunset-scratch',
    brand: 'red-fox',
    title: 'Sunset Scratch',
    category: 'table-games',
    kind: 'scratch',
    math: createScratch(),
    stated: { rtpBp: 9600, hitBp: 4223, volatility: 'medium', maxWinX: SCRATCH_MAX_WIN_X },
    theme: {
      background: 'linear-gradient(180deg, #2b1055 0%, #d53a6b 55%, #ffb347 100%)',
      accent: '#ffcf6b',
    },
    info: SCRATCH_INFO,
    features: ['scratchFeatureMatch', 'scratchFeatureReveal'],
  },
  {
    code: 'ice-crash',
    brand: 'northern-lights',
    title: 'Ice Crash',
    ...crash({ rtpBp: 9700, simTarget: 200, art: 'curve' }),
    // Target 2.00×: P(crash ≥ 2) = 0.485.
    stated: { rtpBp: 9700, hitBp: 4850, volatility: 'low', maxWinX: 10_000 },
    theme: {
      background: 'linear-gradient(180deg, #06162b 0%, #0e3a5c 60%, #7fd3f7 160%)',
      accent: '#8fe3ff',
    },
  },
  {
    code: 'rocket-fox',
    brand: 'red-fox',
    title: 'Rocket Fox',
    ...crash({ rtpBp: 9650, simTarget: 200, art: 'rocket' }),
    stated: { rtpBp: 9650, hitBp: 4825, volatility: 'low', maxWinX: 10_000 },
    theme: {
      background: 'linear-gradient(180deg, #0b0620 0%, #2a1250 60%, #ff6a3d 170%)',
      accent: '#ff7a45',
    },
  },
  {
    code: 'mega-balloon',
    brand: 'demo-studio',
    title: 'Mega Balloon',
    ...crash({ rtpBp: 9700, simTarget: 150, art: 'balloon' }),
    // Target 1.50×: P(crash ≥ 1.5) = 0.6467.
    stated: { rtpBp: 9700, hitBp: 6467, volatility: 'low', maxWinX: 10_000 },
    theme: {
      background: 'linear-gradient(180deg, #123f73 0%, #2f7bbf 60%, #f4b98a 130%)',
      accent: '#e6396b',
    },
  },
  {
    code: 'jet-harbour',
    brand: 'blue-harbour',
    title: 'Jet Harbour',
    ...crash({ rtpBp: 9600, simTarget: 300, art: 'jet' }),
    // Target 3.00×: P(crash ≥ 3) = 0.32.
    stated: { rtpBp: 9600, hitBp: 3200, volatility: 'low', maxWinX: 10_000 },
    theme: {
      background: 'linear-gradient(180deg, #0a1f33 0%, #12476b 55%, #f0a35e 150%)',
      accent: '#ffb061',
    },
  },
]
