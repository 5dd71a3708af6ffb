import { z } from 'zod'
import { codeOf, draw, newShoe, pointsOf, type Card, type Shoe } from './cards.ts'
import { share, type GameMath, type GameRound, type Rng } from './types.ts'

// Blackjack: a fresh shoe of `decks` decks each round; blackjack pays 3:2; double on any two
// cards (after a split too); one split of a pair (split aces take one card each, and ace + ten
// after a split is 21, not blackjack); insurance 2:1 offered on a dealer ace; the dealer peeks
// for blackjack on an ace (once insurance is decided) or a ten and the round ends at once on a
// dealer blackjack; no surrender. The dealer stands on soft 17 or hits it (`hitsSoft17`).

export interface BlackjackConfig {
  decks: number
  hitsSoft17: boolean
}

export const BLACKJACK_MOVES = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no-insurance',
] as const
export type BlackjackMove = (typeof BLACKJACK_MOVES)[number]

export interface BlackjackHand {
  cards: Card[]
  doubled: boolean
  /** Standing, busted, doubled or a split ace: takes no more moves. */
  finished: boolean
}

export interface BlackjackState {
  shoe: Shoe
  /** The base stake, minor units (a string: the state is JSON). */
  stake: string
  staked: string
  /** `insurance` (a dealer ace: insure or not), `play` (the player's hands), `done`. */
  phase: 'insurance' | 'play' | 'done'
  insured: boolean
  split: boolean
  hands: BlackjackHand[]
  active: number
  dealer: Card[]
  payout: string
}

export interface BlackjackView {
  /** The dealer's cards as the player sees them: the hole card is null until revealed. */
  dealer: (string | null)[]
  /** The dealer's total of the visible cards. */
  dealerTotal: number
  hands: {
    cards: string[]
    total: number
    soft: boolean
    doubled: boolean
    finished: boolean
    result?: HandResult
  }[]
  active: number
  phase: BlackjackState['phase']
  insured: boolean
  /** The moves the player may make now. */
  moves: BlackjackMove[]
  /** Once done: what happened to insurance and to the hands. */
  dealerBlackjack: boolean
  payout: string
}

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust'

/** The best total of a hand and whether an ace counts 11 in it. */
export function totalOf(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0
  let aces = 0
  for (const card of cards) {
    const points = pointsOf(card)
    total += points
    if (points === 1) aces++
  }
  if (aces > 0 && total + 10 <= 21) return { total: total + 10, soft: true }
  return { total, soft: false }
}

const isBlackjack = (cards: readonly Card[]) => cards.length === 2 && totalOf(cards).total === 21

function dealerPlays(dealer: Card[], shoe: Shoe, rng: Rng, hitsSoft17: boolean) {
  for (;;) {
    const { total, soft } = totalOf(dealer)
    if (total > 17 || (total === 17 && !(soft && hitsSoft17))) return
    dealer.push(draw(shoe, rng))
  }
}

function handResult(state: BlackjackState, hand: BlackjackHand): HandResult {
  const player = totalOf(hand.cards).total
  if (player > 21) return 'bust'
  if (!state.split && isBlackjack(hand.cards))
    return isBlackjack(state.dealer) ? 'push' : 'blackjack'
  if (isBlackjack(state.dealer)) return 'lose'
  const dealer = totalOf(state.dealer).total
  if (dealer > 21 || player > dealer) return 'win'
  return player === dealer ? 'push' : 'lose'
}

function movesOf(state: BlackjackState): BlackjackMove[] {
  if (state.phase === 'insurance') {
    return BigInt(state.stake) / 2n > 0n ? ['insurance', 'no-insurance'] : ['no-insurance']
  }
  if (state.phase !== 'play') return []
  const hand = state.hands[state.active]
  if (!hand || hand.finished) return []
  const moves: BlackjackMove[] = ['hit', 'stand']
  if (hand.cards.length === 2) {
    moves.push('double')
    const [a, b] = hand.cards
    if (!state.split && a !== undefined && b !== undefined && pointsOf(a) === pointsOf(b))
      moves.push('split')
  }
  return moves
}

function viewOf(state: BlackjackState): BlackjackView {
  const done = state.phase === 'done'
  const dealerShown = done ? state.dealer : state.dealer.slice(0, 1)
  return {
    dealer: done ? state.dealer.map(codeOf) : [codeOf(state.dealer[0] ?? 0), null],
    dealerTotal: totalOf(dealerShown).total,
    hands: state.hands.map((hand) => {
      const { total, soft } = totalOf(hand.cards)
      return {
        cards: hand.cards.map(codeOf),
        total,
        soft,
        doubled: hand.doubled,
        finished: hand.finished,
        ...(done ? { result: handResult(state, hand) } : {}),
      }
    }),
    active: state.active,
    phase: state.phase,
    insured: state.insured,
    moves: movesOf(state),
    dealerBlackjack: done && isBlackjack(state.dealer),
    payout: state.payout,
  }
}

const roundOf = (state: BlackjackState): GameRound<BlackjackState, BlackjackView> => ({
  state,
  view: viewOf(state),
  staked: BigInt(state.staked),
  done: state.phase === 'done',
  payout: BigInt(state.payout),
})

/** Ends the round: the dealer plays if a hand still stands, and every bet is settled. */
function settle(state: BlackjackState, rng: Rng, config: BlackjackConfig) {
  const stake = BigInt(state.stake)
  const dealerBlackjack = isBlackjack(state.dealer)
  const live = state.hands.some(
    (hand) => totalOf(hand.cards).total <= 21 && (state.split || !isBlackjack(hand.cards)),
  )
  if (live && !dealerBlackjack) dealerPlays(state.dealer, state.shoe, rng, config.hitsSoft17)
  let payout = 0n
  if (state.insured && dealerBlackjack) payout += (stake / 2n) * 3n
  for (const hand of state.hands) {
    const bet = hand.doubled ? stake * 2n : stake
    const result = handResult(state, hand)
    if (result === 'blackjack') payout += stake + share(stake, 3, 2)
    else if (result === 'win') payout += bet * 2n
    else if (result === 'push') payout += bet
  }
  state.phase = 'done'
  state.payout = payout.toString()
}

/** After the peek (or with no peek): a natural ends the round; otherwise the player plays. */
function afterPeek(state: BlackjackState, rng: Rng, config: BlackjackConfig) {
  const hand = state.hands[0]
  if (isBlackjack(state.dealer) || (hand && isBlackjack(hand.cards))) settle(state, rng, config)
  else state.phase = 'play'
}

/** Moves to the next hand that takes moves, or settles when none is left. */
function advance(state: BlackjackState, rng: Rng, config: BlackjackConfig) {
  while (state.active < state.hands.length && state.hands[state.active]?.finished) state.active++
  if (state.active >= state.hands.length) {
    state.active = state.hands.length - 1
    settle(state, rng, config)
  }
}

/** A copy the move may change (the studio keeps the state it was given). */
const cloneState = (state: BlackjackState): BlackjackState => ({
  ...state,
  shoe: { decks: state.shoe.decks, dealt: [...state.shoe.dealt] },
  hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
  dealer: [...state.dealer],
})

export function blackjackMath(
  config: BlackjackConfig,
): GameMath<Record<string, never>, BlackjackMove, BlackjackState, BlackjackView> {
  const params = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>
  return {
    params,
    action: z.enum(BLACKJACK_MOVES),
    startStake: (_params, stake) => stake,
    start(_params, stake, rng) {
      const shoe = newShoe(config.decks)
      // Dealt as at the table: player, dealer up, player, dealer hole.
      const p1 = draw(shoe, rng)
      const up = draw(shoe, rng)
      const p2 = draw(shoe, rng)
      const hole = draw(shoe, rng)
      const state: BlackjackState = {
        shoe,
        stake: stake.toString(),
        staked: stake.toString(),
        phase: 'play',
        insured: false,
        split: false,
        hands: [{ cards: [p1, p2], doubled: false, finished: false }],
        active: 0,
        dealer: [up, hole],
        payout: '0',
      }
      if (pointsOf(up) === 1) state.phase = 'insurance'
      else afterPeek(state, rng, config)
      return roundOf(state)
    },
    actionStake(state, action) {
      if (!movesOf(state).includes(action)) {
        if (action === 'double') return 'cards.cannotDouble'
        if (action === 'split') return 'cards.cannotSplit'
        if (action === 'insurance' && state.phase === 'insurance') return 'cards.cannotInsure'
        return 'cards.notNow'
      }
      const stake = BigInt(state.stake)
      if (action === 'double' || action === 'split') return stake
      if (action === 'insurance') return stake / 2n
      return 0n
    },
    act(state, action, rng) {
      const next = cloneState(state)
      if (!movesOf(next).includes(action))
        throw new Error(`blackjack: ${action} is not allowed now`)
      const stake = BigInt(next.stake)
      if (action === 'insurance' || action === 'no-insurance') {
        if (action === 'insurance') {
          next.insured = true
          next.staked = (BigInt(next.staked) + stake / 2n).toString()
        }
        afterPeek(next, rng, config)
        return roundOf(next)
      }
      const hand = next.hands[next.active]
      if (!hand) throw new Error('blackjack: no active hand')
      if (action === 'hit') {
        hand.cards.push(draw(next.shoe, rng))
        if (totalOf(hand.cards).total >= 21) hand.finished = true
      } else if (action === 'stand') {
        hand.finished = true
      } else if (action === 'double') {
        next.staked = (BigInt(next.staked) + stake).toString()
        hand.doubled = true
        hand.cards.push(draw(next.shoe, rng))
        hand.finished = true
      } else {
        // Split: each card starts a hand and takes a second card; split aces stop there.
        next.staked = (BigInt(next.staked) + stake).toString()
        next.split = true
        const [a, b] = hand.cards
        if (a === undefined || b === undefined) throw new Error('blackjack: no pair')
        const aces = pointsOf(a) === 1
        const first: BlackjackHand = {
          cards: [a, draw(next.shoe, rng)],
          doubled: false,
          finished: aces,
        }
        const second: BlackjackHand = {
          cards: [b, draw(next.shoe, rng)],
          doubled: false,
          finished: aces,
        }
        for (const split of [first, second])
          if (totalOf(split.cards).total === 21) split.finished = true
        next.hands = [first, second]
        next.active = 0
      }
      advance(next, rng, config)
      return roundOf(next)
    },
    resume: viewOf,
    strategy: {
      params: {},
      move: (state) => basicStrategy(state, config.hitsSoft17),
    },
  }
}

// --- Basic strategy ----------------------------------------------------------------------------

/** What the chart says before the rules' limits: H hit, S stand, D double else hit, Ds double else stand, P split. */
export type ChartMove = 'H' | 'S' | 'D' | 'Ds' | 'P'

/**
 * The multi-deck basic strategy chart (double after split, no surrender), by the dealer's
 * upcard's points (1 = ace, 10 = ten or picture). `hitsSoft17` changes: double 11 against an ace,
 * double soft 18 against a two, double soft 19 against a six.
 */
export function chartMove(
  cards: readonly Card[],
  upcard: number,
  hitsSoft17: boolean,
  canSplit: boolean,
): ChartMove {
  const up = upcard
  const between = (low: number, high: number) => up >= low && up <= high
  const [a, b] = cards
  if (
    canSplit &&
    cards.length === 2 &&
    a !== undefined &&
    b !== undefined &&
    pointsOf(a) === pointsOf(b)
  ) {
    const pair = pointsOf(a)
    if (pair === 1 || pair === 8) return 'P'
    if ((pair === 2 || pair === 3 || pair === 7) && between(2, 7)) return 'P'
    if (pair === 4 && between(5, 6)) return 'P'
    if (pair === 6 && between(2, 6)) return 'P'
    if (pair === 9 && (between(2, 6) || between(8, 9))) return 'P'
  }
  const { total, soft } = totalOf(cards)
  if (soft) {
    if (total >= 20) return 'S'
    if (total === 19) return hitsSoft17 && up === 6 ? 'Ds' : 'S'
    if (total === 18) {
      if (between(3, 6) || (hitsSoft17 && up === 2)) return 'Ds'
      return up === 2 || up === 7 || up === 8 ? 'S' : 'H'
    }
    if (total === 17) return between(3, 6) ? 'D' : 'H'
    if (total >= 15) return between(4, 6) ? 'D' : 'H'
    return between(5, 6) ? 'D' : 'H'
  }
  if (total >= 17) return 'S'
  if (total >= 13) return between(2, 6) ? 'S' : 'H'
  if (total === 12) return between(4, 6) ? 'S' : 'H'
  if (total === 11) return up === 1 && !hitsSoft17 ? 'H' : 'D'
  if (total === 10) return between(2, 9) ? 'D' : 'H'
  if (total === 9) return between(3, 6) ? 'D' : 'H'
  return 'H'
}

/** The stated strategy: never insurance; the chart, within what the rules allow now. */
export function basicStrategy(state: BlackjackState, hitsSoft17: boolean): BlackjackMove {
  if (state.phase === 'insurance') return 'no-insurance'
  const hand = state.hands[state.active]
  const up = state.dealer[0]
  if (!hand || up === undefined) return 'stand'
  const moves = movesOf(state)
  const move = chartMove(hand.cards, pointsOf(up), hitsSoft17, moves.includes('split'))
  if (move === 'P') return 'split'
  if (move === 'D') return moves.includes('double') ? 'double' : 'hit'
  if (move === 'Ds') return moves.includes('double') ? 'double' : 'stand'
  return move === 'H' ? 'hit' : 'stand'
}
