import { z } from 'zod'
import {
  codeOf,
  draw,
  evaluate,
  newShoe,
  rankOf,
  suitOf,
  type Card,
  type HandCategory,
  type Shoe,
} from './cards.ts'
import { type GameMath, type GameRound } from './types.ts'

// Casino Hold'em from one deck. The base stake is the ante. The player and the dealer get two
// cards each and three community cards show (the flop); the player folds (the ante is lost) or
// calls with twice the ante. The turn and the river follow and each side plays its best five of
// seven. The dealer qualifies with a pair of fours or better. Against a qualifying dealer a
// better player hand pays the call 1:1 and the ante per the ante table, a tie returns both and a
// worse hand loses both; a dealer who does not qualify pays the ante 1:1 and returns the call.

export const HOLDEM_ANTE_TABLE: Record<HandCategory, number> = {
  'royal-flush': 100,
  'straight-flush': 20,
  'four-of-a-kind': 10,
  'full-house': 3,
  flush: 2,
  straight: 1,
  'three-of-a-kind': 1,
  'two-pair': 1,
  pair: 1,
  'high-card': 1,
}

export const HOLDEM_MOVES = ['call', 'fold'] as const
export type HoldemMove = (typeof HOLDEM_MOVES)[number]

export interface HoldemState {
  shoe: Shoe
  ante: string
  staked: string
  player: Card[]
  dealer: Card[]
  board: Card[]
  phase: 'decide' | 'done'
  folded: boolean
  payout: string
}

export interface HoldemView {
  player: string[]
  /** Hidden (null) until the round is over, unless the player folded (then still shown). */
  dealer: (string | null)[]
  board: string[]
  /** The player's best hand with the cards showing. */
  playerHand: HandCategory
  dealerHand: HandCategory | null
  phase: HoldemState['phase']
  folded: boolean
  qualifies: boolean | null
  result: 'win' | 'push' | 'lose' | 'fold' | 'no-qualify' | null
  payout: string
}

/** A pair of fours or better. */
export function dealerQualifies(cards: readonly Card[]): boolean {
  const rank = evaluate(cards)
  return rank.category !== 'high-card' && (rank.category !== 'pair' || (rank.ranks[0] ?? 0) >= 4)
}

/** What a called round returns for an ante (ante and call back included). */
export function holdemPayout(player: readonly Card[], dealer: readonly Card[], ante: bigint) {
  const mine = evaluate(player)
  if (!dealerQualifies(dealer))
    return { payout: ante * 2n + ante * 2n, result: 'no-qualify' as const }
  const theirs = evaluate(dealer)
  if (mine.score > theirs.score) {
    return {
      payout: ante + ante * BigInt(HOLDEM_ANTE_TABLE[mine.category]) + ante * 4n,
      result: 'win' as const,
    }
  }
  if (mine.score === theirs.score) return { payout: ante * 3n, result: 'push' as const }
  return { payout: 0n, result: 'lose' as const }
}

function viewOf(state: HoldemState): HoldemView {
  const done = state.phase === 'done'
  const player = evaluate([...state.player, ...state.board])
  const dealerCards = [...state.dealer, ...state.board]
  const showDealer = done
  const outcome =
    done && !state.folded
      ? holdemPayout([...state.player, ...state.board], dealerCards, BigInt(state.ante))
      : null
  return {
    player: state.player.map(codeOf),
    dealer: showDealer ? state.dealer.map(codeOf) : [null, null],
    board: state.board.map(codeOf),
    playerHand: player.category,
    dealerHand: showDealer ? evaluate(dealerCards).category : null,
    phase: state.phase,
    folded: state.folded,
    qualifies: showDealer && !state.folded ? dealerQualifies(dealerCards) : null,
    result: state.folded ? 'fold' : (outcome?.result ?? null),
    payout: state.payout,
  }
}

const roundOf = (state: HoldemState): GameRound<HoldemState, HoldemView> => ({
  state,
  view: viewOf(state),
  staked: BigInt(state.staked),
  done: state.phase === 'done',
  payout: BigInt(state.payout),
})

/**
 * The stated strategy (a simple one, chosen among a few by simulation): call with a pair or
 * better (the board's pair included), a ten or better in hand, four to a flush or four to a
 * straight (open-ended or not, the ace low too); fold the rest (about one hand in eight).
 */
export function holdemCalls(player: readonly Card[], board: readonly Card[]): boolean {
  if (player.some((card) => rankOf(card) >= 10)) return true
  const five = [...player, ...board]
  if (evaluate(five).category !== 'high-card') return true
  const suits = [0, 0, 0, 0]
  for (const card of five) suits[suitOf(card)] = (suits[suitOf(card)] ?? 0) + 1
  if (suits.some((count) => count >= 4)) return true
  let mask = 0
  for (const card of five) mask |= 1 << rankOf(card)
  if (mask & (1 << 14)) mask |= 2
  for (let low = 1; low <= 10; low++) {
    let inWindow = 0
    for (let rank = low; rank < low + 5; rank++) if (mask & (1 << rank)) inWindow++
    if (inWindow >= 4) return true
  }
  return false
}

export function holdemMath(): GameMath<Record<string, never>, HoldemMove, HoldemState, HoldemView> {
  return {
    params: z.object({}).strict(),
    action: z.enum(HOLDEM_MOVES),
    startStake: (_params, stake) => stake,
    start(_params, ante, rng) {
      const shoe = newShoe(1)
      const next = () => draw(shoe, rng)
      const player = [next(), next()]
      const dealer = [next(), next()]
      const board = [next(), next(), next()]
      return roundOf({
        shoe,
        ante: ante.toString(),
        staked: ante.toString(),
        player,
        dealer,
        board,
        phase: 'decide',
        folded: false,
        payout: '0',
      })
    },
    actionStake(state, action) {
      if (state.phase !== 'decide') return 'cards.notNow'
      return action === 'call' ? BigInt(state.ante) * 2n : 0n
    },
    act(state, action, rng) {
      if (state.phase !== 'decide') throw new Error("hold'em: the round is over")
      if (action === 'fold') return roundOf({ ...state, phase: 'done', folded: true, payout: '0' })
      const shoe: Shoe = { decks: 1, dealt: [...state.shoe.dealt] }
      const board = [...state.board, draw(shoe, rng), draw(shoe, rng)]
      const ante = BigInt(state.ante)
      const { payout } = holdemPayout(
        [...state.player, ...board],
        [...state.dealer, ...board],
        ante,
      )
      return roundOf({
        ...state,
        shoe,
        board,
        staked: (ante * 3n).toString(),
        phase: 'done',
        payout: payout.toString(),
      })
    },
    resume: viewOf,
    strategy: {
      params: {},
      move: (state) => (holdemCalls(state.player, state.board) ? 'call' : 'fold'),
    },
  }
}
