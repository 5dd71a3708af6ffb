import { z } from 'zod'
import { codeOf, draw, evaluate, newShoe, type Card, type Shoe } from './cards.ts'
import { share, type GameMath, type GameRound } from './types.ts'

// Five-card draw video poker from one deck: five cards are dealt, the player holds any of them
// and the others are replaced from the 47 left; the final hand pays per the paytable (what one
// stake returns, the stake included: a pair of jacks or better returns the stake).

export const VIDEO_POKER_HANDS = [
  'royal-flush',
  'straight-flush',
  'four-aces',
  'four-2-4',
  'four-of-a-kind',
  'full-house',
  'flush',
  'straight',
  'three-of-a-kind',
  'two-pair',
  'jacks-or-better',
] as const
export type VideoPokerHand = (typeof VIDEO_POKER_HANDS)[number]

/** Returns per stake; hands absent from a paytable count as the general row (four aces → four of a kind). */
export type Paytable = Partial<Record<VideoPokerHand, number>>

export const JACKS_OR_BETTER_9_6: Paytable = {
  'royal-flush': 800,
  'straight-flush': 50,
  'four-of-a-kind': 25,
  'full-house': 9,
  flush: 6,
  straight: 4,
  'three-of-a-kind': 3,
  'two-pair': 2,
  'jacks-or-better': 1,
}

export const BONUS_POKER_8_5: Paytable = {
  'royal-flush': 800,
  'straight-flush': 50,
  'four-aces': 80,
  'four-2-4': 40,
  'four-of-a-kind': 25,
  'full-house': 8,
  flush: 5,
  straight: 4,
  'three-of-a-kind': 3,
  'two-pair': 2,
  'jacks-or-better': 1,
}

/** The paying hand (most specific row) of five cards, or null. */
export function videoPokerHand(cards: readonly Card[]): VideoPokerHand | null {
  const rank = evaluate(cards)
  switch (rank.category) {
    case 'royal-flush':
    case 'straight-flush':
    case 'full-house':
    case 'flush':
    case 'straight':
    case 'three-of-a-kind':
    case 'two-pair':
      return rank.category
    case 'four-of-a-kind': {
      const quad = rank.ranks[0] ?? 0
      if (quad === 14) return 'four-aces'
      return quad <= 4 ? 'four-2-4' : 'four-of-a-kind'
    }
    case 'pair':
      return (rank.ranks[0] ?? 0) >= 11 ? 'jacks-or-better' : null
    case 'high-card':
      return null
  }
}

/** The row of `paytable` a hand pays on (a hand without its own row pays the general one). */
export function paytableRow(
  paytable: Paytable,
  hand: VideoPokerHand | null,
): VideoPokerHand | null {
  if (hand === null) return null
  if (paytable[hand] !== undefined) return hand
  if (hand === 'four-aces' || hand === 'four-2-4') return 'four-of-a-kind'
  return null
}

export interface VideoPokerState {
  shoe: Shoe
  stake: string
  cards: Card[]
  held: boolean[]
  done: boolean
  payout: string
}

export interface VideoPokerView {
  cards: string[]
  held: boolean[]
  /** The paytable row the cards showing make (a dealt hand's too), or null. */
  hand: VideoPokerHand | null
  done: boolean
  payout: string
}

export type VideoPokerAction = { hold: number[] }

export function videoPokerMath(
  paytable: Paytable,
): GameMath<Record<string, never>, VideoPokerAction, VideoPokerState, VideoPokerView> {
  const viewOf = (state: VideoPokerState): VideoPokerView => ({
    cards: state.cards.map(codeOf),
    held: state.held,
    hand: paytableRow(paytable, videoPokerHand(state.cards)),
    done: state.done,
    payout: state.payout,
  })
  const roundOf = (state: VideoPokerState): GameRound<VideoPokerState, VideoPokerView> => ({
    state,
    view: viewOf(state),
    staked: BigInt(state.stake),
    done: state.done,
    payout: BigInt(state.payout),
  })
  return {
    params: z.object({}).strict(),
    action: z.object({ hold: z.array(z.number().int().min(0).max(4)).max(5) }),
    startStake: (_params, stake) => stake,
    start(_params, stake, rng) {
      const shoe = newShoe(1)
      const cards = [0, 1, 2, 3, 4].map(() => draw(shoe, rng))
      return roundOf({
        shoe,
        stake: stake.toString(),
        cards,
        held: [false, false, false, false, false],
        done: false,
        payout: '0',
      })
    },
    actionStake(state, action) {
      if (state.done) return 'cards.notNow'
      if (new Set(action.hold).size !== action.hold.length) return 'cards.notNow'
      return 0n
    },
    act(state, action, rng) {
      if (state.done) throw new Error('video poker: the round is over')
      const shoe: Shoe = { decks: 1, dealt: [...state.shoe.dealt] }
      const held = [0, 1, 2, 3, 4].map((index) => action.hold.includes(index))
      const cards = state.cards.map((card, index) => (held[index] ? card : draw(shoe, rng)))
      const row = paytableRow(paytable, videoPokerHand(cards))
      const payout = row === null ? 0n : share(BigInt(state.stake), paytable[row] ?? 0)
      return roundOf({
        shoe,
        stake: state.stake,
        cards,
        held,
        done: true,
        payout: payout.toString(),
      })
    },
    resume: viewOf,
    strategy: { params: {}, move: (state) => ({ hold: simpleStrategy(state.cards) }) },
  }
}

// --- The stated hold strategy ---------------------------------------------------------------

const HIGH = 11

/**
 * The stated hold strategy: the well-known "simple strategy" for Jacks or Better 9/6 (its first
 * matching line holds), played for Bonus Poker as well:
 * 1 royal, straight flush, four of a kind · 2 four to a royal · 3 three of a kind, straight,
 * flush, full house · 4 four to a straight flush · 5 two pair · 6 a high pair · 7 three to a
 * royal · 8 four to a flush · 9 a low pair · 10 four to an outside straight · 11 two suited high
 * cards · 12 three to a straight flush · 13 two unsuited high cards (the lowest two of more) ·
 * 14 suited 10-J, 10-Q or 10-K · 15 one high card · 16 draw five. Returns the held indexes.
 */
export function simpleStrategy(cards: readonly Card[]): number[] {
  const ranks = cards.map((card) => (card >> 2) + 2)
  const suits = cards.map((card) => card & 3)
  const pick = (keep: (index: number) => boolean) => {
    const out: number[] = []
    for (let index = 0; index < 5; index++) if (keep(index)) out.push(index)
    return out
  }
  const all = [0, 1, 2, 3, 4]
  const rank = evaluate(cards)
  const category = rank.category
  const top = rank.ranks[0] ?? 0
  if (category === 'royal-flush' || category === 'straight-flush') return all
  if (category === 'four-of-a-kind') return pick((i) => ranks[i] === top)
  const suitCount = [0, 0, 0, 0]
  const royalCount = [0, 0, 0, 0]
  for (let i = 0; i < 5; i++) {
    const suit = suits[i] ?? 0
    suitCount[suit] = (suitCount[suit] ?? 0) + 1
    if ((ranks[i] ?? 0) >= 10) royalCount[suit] = (royalCount[suit] ?? 0) + 1
  }
  const royalDraw = (size: number) => {
    const suit = royalCount.indexOf(size)
    return suit < 0 ? null : pick((i) => suits[i] === suit && (ranks[i] ?? 0) >= 10)
  }
  /** A straight-flush draw of `size` cards of one suit within five ranks (the ace low too). */
  const straightFlushDraw = (size: number) => {
    for (let suit = 0; suit < 4; suit++) {
      if ((suitCount[suit] ?? 0) < size) continue
      let mask = 0
      for (let i = 0; i < 5; i++) if (suits[i] === suit) mask |= 1 << (ranks[i] ?? 0)
      if (mask & (1 << 14)) mask |= 2
      for (let low = 1; low <= 10; low++) {
        const window = mask & (0b11111 << low)
        let count = 0
        for (let bits = window; bits; bits &= bits - 1) count++
        if (count === size) {
          return pick((i) => {
            if (suits[i] !== suit) return false
            const r = ranks[i] ?? 0
            const value = r === 14 && low === 1 ? 1 : r
            return value >= low && value <= low + 4
          })
        }
      }
    }
    return null
  }
  const fourToRoyal = royalDraw(4)
  if (fourToRoyal) return fourToRoyal
  if (category === 'full-house' || category === 'flush' || category === 'straight') return all
  if (category === 'three-of-a-kind') return pick((i) => ranks[i] === top)
  const fourToStraightFlush = straightFlushDraw(4)
  if (fourToStraightFlush) return fourToStraightFlush
  if (category === 'two-pair') return pick((i) => ranks[i] === top || ranks[i] === rank.ranks[1])
  const pair = category === 'pair' ? top : 0
  if (pair >= HIGH) return pick((i) => ranks[i] === pair)
  const threeToRoyal = royalDraw(3)
  if (threeToRoyal) return threeToRoyal
  const flushSuit = suitCount.indexOf(4)
  if (flushSuit >= 0) return pick((i) => suits[i] === flushSuit)
  if (pair) return pick((i) => ranks[i] === pair)
  // Four to an outside straight: four ranks in a row from 2-3-4-5 to 10-J-Q-K (all five differ here).
  let mask = 0
  for (const r of ranks) mask |= 1 << r
  for (let low = 2; low <= 10; low++) {
    const run = 0b1111 << low
    if ((mask & run) === run)
      return pick((i) => (ranks[i] ?? 0) >= low && (ranks[i] ?? 0) <= low + 3)
  }
  for (let suit = 0; suit < 4; suit++) {
    const held = pick((i) => suits[i] === suit && (ranks[i] ?? 0) >= HIGH)
    if (held.length === 2) return held
  }
  const threeToStraightFlush = straightFlushDraw(3)
  if (threeToStraightFlush) return threeToStraightFlush
  const high = pick((i) => (ranks[i] ?? 0) >= HIGH).sort(
    (a, b) => (ranks[a] ?? 0) - (ranks[b] ?? 0),
  )
  if (high.length >= 2) return high.slice(0, 2).sort((a, b) => a - b)
  for (let suit = 0; suit < 4; suit++) {
    const ten = pick((i) => suits[i] === suit && ranks[i] === 10)
    const picture = pick((i) => suits[i] === suit && (ranks[i] ?? 0) >= 11 && (ranks[i] ?? 0) <= 13)
    const [t] = ten
    const [p] = picture
    if (t !== undefined && p !== undefined) return [t, p].sort((a, b) => a - b)
  }
  return high
}
