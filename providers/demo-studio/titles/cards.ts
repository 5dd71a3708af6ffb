import { baccaratMath } from '../games/baccarat.ts'
import { blackjackMath } from '../games/blackjack.ts'
import { hiloMath, hiloMultiplier } from '../games/hilo.ts'
import { HOLDEM_ANTE_TABLE, holdemMath } from '../games/holdem.ts'
import type { StudioTitle } from '../games/types.ts'
import {
  BONUS_POKER_8_5,
  JACKS_OR_BETTER_9_6,
  VIDEO_POKER_HANDS,
  videoPokerMath,
  type Paytable,
} from '../games/video-poker.ts'

// The studio's card games. How each stated figure was obtained:
// - baccarat: exact, by enumerating the shoe's card values with their counts (baccarat.test.ts);
// - hi-lo: exact from the multiplier table and the stated strategy (hilo.test.ts);
// - blackjack, video poker, Casino Hold'em: calibrated with the stated strategy over the rounds
//   named beside each, `seededRng('calibrate:' + code)` (games/cards-calibrate.test.ts, run with
//   CALIBRATE=1); never the check's seed.

/** The page's view of a video poker title: its paytable rows, best first. */
export interface VideoPokerInfo {
  rows: { hand: string; pays: number }[]
}

const rowsOf = (paytable: Paytable) =>
  VIDEO_POKER_HANDS.flatMap((hand) => {
    const pays = paytable[hand]
    return pays === undefined ? [] : [{ hand, pays }]
  })

export interface BlackjackInfo {
  decks: number
  hitsSoft17: boolean
}

export interface BaccaratInfo {
  decks: number
  noCommission: boolean
}

export interface HoldemInfo {
  anteTable: { hand: string; pays: number }[]
}

export interface HiloInfo {
  maxWinX: number
  /** Multiplier in hundredths by how many of the 13 ranks win the guess (index 1…13). */
  multipliers: number[]
}

const HILO = { factorBp: 9800, maxWinX: 1000 }

export const CARDS_TITLES: readonly StudioTitle[] = [
  {
    code: 'northern-blackjack',
    brand: 'northern-lights',
    title: 'Northern Blackjack',
    category: 'table-games',
    kind: 'blackjack',
    math: blackjackMath({ decks: 6, hitsSoft17: false }),
    // Calibrated: 20,000,000 rounds of the basic strategy at seededRng('calibrate:northern-blackjack'):
    // RTP 99.593 % of everything staked (doubles and splits included), hit 52.358 %, sd 1.146.
    stated: { rtpBp: 9959, hitBp: 5236, volatility: 'low', maxWinX: 8 },
    theme: {
      background: 'radial-gradient(circle at 50% 30%, #0f5a4a 0%, #08332c 60%, #041c1a 100%)',
      accent: '#5fd6c4',
    },
    info: { decks: 6, hitsSoft17: false } satisfies BlackjackInfo,
    features: [
      'cards.feature.s17',
      'cards.feature.blackjack32',
      'cards.feature.das',
      'cards.feature.insurance',
    ],
  },
  {
    code: 'demo-blackjack',
    brand: 'demo-studio',
    title: 'Demo Blackjack',
    category: 'table-games',
    kind: 'blackjack',
    math: blackjackMath({ decks: 8, hitsSoft17: true }),
    // Calibrated: 20,000,000 rounds of the basic strategy (H17 chart) at seededRng('calibrate:demo-blackjack'):
    // RTP 99.374 % of everything staked, hit 52.181 %, sd 1.153.
    stated: { rtpBp: 9937, hitBp: 5218, volatility: 'low', maxWinX: 8 },
    theme: {
      background: 'radial-gradient(circle at 50% 30%, #1d6b32 0%, #0f4220 60%, #072412 100%)',
      accent: '#f2c14e',
    },
    info: { decks: 8, hitsSoft17: true } satisfies BlackjackInfo,
    features: [
      'cards.feature.h17',
      'cards.feature.blackjack32',
      'cards.feature.das',
      'cards.feature.insurance',
    ],
  },
  {
    code: 'baccarat-gold',
    brand: 'golden-reel',
    title: 'Baccarat Gold',
    category: 'table-games',
    kind: 'baccarat',
    math: baccaratMath({ decks: 8, noCommission: false }),
    stated: { rtpBp: 9894, hitBp: 5538, volatility: 'low', maxWinX: 9 },
    theme: {
      background: 'radial-gradient(circle at 50% 25%, #5a1420 0%, #350a12 60%, #1c0408 100%)',
      accent: '#e8c060',
    },
    info: { decks: 8, noCommission: false } satisfies BaccaratInfo,
    features: ['cards.feature.commission', 'cards.feature.tie8'],
  },
  {
    code: 'baccarat-squeeze',
    brand: 'red-fox',
    title: 'Baccarat Squeeze',
    category: 'table-games',
    kind: 'baccarat',
    math: baccaratMath({ decks: 8, noCommission: true }),
    stated: { rtpBp: 9854, hitBp: 5538, volatility: 'low', maxWinX: 9 },
    theme: {
      background: 'radial-gradient(circle at 50% 25%, #2a1a4a 0%, #160d2c 60%, #0a0616 100%)',
      accent: '#ff7a3d',
    },
    info: { decks: 8, noCommission: true } satisfies BaccaratInfo,
    features: ['cards.feature.noCommission', 'cards.feature.tie8'],
  },
  {
    code: 'video-poker-jacks',
    brand: 'demo-studio',
    title: 'Video Poker Jacks',
    category: 'table-games',
    kind: 'video-poker',
    math: videoPokerMath(JACKS_OR_BETTER_9_6),
    // Calibrated: 40,000,000 hands of the simple strategy at seededRng('calibrate:video-poker-jacks'):
    // RTP 99.355 %, hit 45.425 %, sd 4.355 (volatility medium as the brief sets for video poker).
    stated: { rtpBp: 9936, hitBp: 4543, volatility: 'medium', maxWinX: 800 },
    simRounds: 4_000_000,
    theme: {
      background: 'linear-gradient(180deg, #0b1f5c 0%, #07133a 70%, #030a22 100%)',
      accent: '#ffd84a',
    },
    info: { rows: rowsOf(JACKS_OR_BETTER_9_6) } satisfies VideoPokerInfo,
    features: ['cards.feature.jacksOrBetter', 'cards.feature.hold'],
  },
  {
    code: 'red-fox-poker',
    brand: 'red-fox',
    title: 'Red Fox Poker',
    category: 'table-games',
    kind: 'video-poker',
    math: videoPokerMath(BONUS_POKER_8_5),
    // Calibrated: 40,000,000 hands of the same simple strategy at seededRng('calibrate:red-fox-poker'):
    // RTP 99.127 %, hit 45.431 %, sd 4.630.
    stated: { rtpBp: 9913, hitBp: 4543, volatility: 'medium', maxWinX: 800 },
    simRounds: 4_000_000,
    theme: {
      background: 'linear-gradient(180deg, #4a1606 0%, #2c0c03 70%, #170501 100%)',
      accent: '#ff8a3d',
    },
    info: { rows: rowsOf(BONUS_POKER_8_5) } satisfies VideoPokerInfo,
    features: ['cards.feature.bonusQuads', 'cards.feature.hold'],
  },
  {
    code: 'casino-holdem',
    brand: 'red-fox',
    title: 'Casino Hold’em',
    category: 'table-games',
    kind: 'holdem',
    math: holdemMath(),
    // Calibrated: 20,000,000 rounds of the stated strategy at seededRng('calibrate:casino-holdem'):
    // RTP 98.073 % of everything staked (ante and calls), hit 52.023 %, sd 2.667 antes.
    stated: { rtpBp: 9807, hitBp: 5202, volatility: 'medium', maxWinX: 105 },
    theme: {
      background: 'radial-gradient(circle at 50% 35%, #145c3c 0%, #0b3823 60%, #051d12 100%)',
      accent: '#e34a3a',
    },
    info: {
      anteTable: Object.entries(HOLDEM_ANTE_TABLE)
        .filter(([, pays]) => pays > 1)
        .map(([hand, pays]) => ({ hand, pays }))
        .concat([{ hand: 'straight', pays: 1 }]),
    } satisfies HoldemInfo,
    features: ['cards.feature.anteCall', 'cards.feature.qualify'],
  },
  {
    code: 'nord-hi-lo',
    brand: 'northern-lights',
    title: 'Nord Hi-Lo',
    category: 'table-games',
    kind: 'hilo',
    math: hiloMath(HILO),
    stated: { rtpBp: 9774, hitBp: 7870, volatility: 'low', maxWinX: HILO.maxWinX },
    theme: {
      background: 'linear-gradient(160deg, #10234a 0%, #0a1733 55%, #1c0f3a 100%)',
      accent: '#7fd3ff',
    },
    info: {
      maxWinX: HILO.maxWinX,
      multipliers: Array.from({ length: 14 }, (_, count) =>
        count === 0 ? 0 : hiloMultiplier(HILO.factorBp, count),
      ),
    } satisfies HiloInfo,
    features: ['cards.feature.hilo', 'cards.feature.cashout'],
  },
]
