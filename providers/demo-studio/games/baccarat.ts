import { z } from 'zod'
import { codeOf, draw, newShoe, pointsOf, type Card } from './cards.ts'
import { share, type GameMath, type GameRound } from './types.ts'

// Punto banco from a fresh shoe of `decks` decks each round. The player chooses one bet before
// the deal (params `{ bet: 'player' | 'banker' | 'tie' }`) and the base stake is that bet: the
// round is over after one step (the tableau's third-card rules are the server's). Player pays
// 1:1; banker pays 1:1 less 5 % commission, or with `noCommission` 1:1 except a banker win with
// a total of 6, which pays 1:2; tie pays 8:1, and a tie returns player and banker bets.

export interface BaccaratConfig {
  decks: number
  noCommission: boolean
}

export const BACCARAT_BETS = ['player', 'banker', 'tie'] as const
export type BaccaratBet = (typeof BACCARAT_BETS)[number]
export type BaccaratParams = { bet: BaccaratBet }

export interface BaccaratCoup {
  player: Card[]
  banker: Card[]
}

export interface BaccaratView {
  bet: BaccaratBet
  /** Cards in the order dealt to each side (two, then maybe a third). */
  player: string[]
  banker: string[]
  playerTotal: number
  bankerTotal: number
  winner: 'player' | 'banker' | 'tie'
  /** A banker win with 6 in the no-commission game (pays 1:2). */
  bankerSix: boolean
  payout: string
}

export interface BaccaratState {
  view: BaccaratView
}

export const baccaratTotal = (cards: readonly Card[]) =>
  cards.reduce((sum, card) => sum + pointsOf(card), 0) % 10

/**
 * Whether the banker draws a third card, given the banker's two-card total and the player's
 * third card's points (null when the player stood).
 */
export function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5
  if (banker <= 2) return true
  if (banker === 3) return playerThird !== 8
  if (banker === 4) return playerThird >= 2 && playerThird <= 7
  if (banker === 5) return playerThird >= 4 && playerThird <= 7
  if (banker === 6) return playerThird === 6 || playerThird === 7
  return false
}

/** Plays a coup from the next cards: player, banker, player, banker, then the third cards. */
export function playCoup(next: () => Card): BaccaratCoup {
  const player = [next()]
  const banker = [next()]
  player.push(next())
  banker.push(next())
  const p = baccaratTotal(player)
  const b = baccaratTotal(banker)
  if (p >= 8 || b >= 8) return { player, banker }
  let playerThird: number | null = null
  if (p <= 5) {
    const third = next()
    player.push(third)
    playerThird = pointsOf(third)
  }
  if (bankerDraws(b, playerThird)) banker.push(next())
  return { player, banker }
}

/** What a bet returns (stake back included) on a coup. */
export function baccaratPayout(
  config: BaccaratConfig,
  bet: BaccaratBet,
  stake: bigint,
  playerTotal: number,
  bankerTotal: number,
): bigint {
  if (playerTotal === bankerTotal) return bet === 'tie' ? stake * 9n : stake
  const winner = playerTotal > bankerTotal ? 'player' : 'banker'
  if (bet !== winner) return 0n
  if (bet === 'player') return stake * 2n
  if (config.noCommission) return bankerTotal === 6 ? stake + share(stake, 1, 2) : stake * 2n
  return stake + share(stake, 95, 100)
}

export function baccaratMath(
  config: BaccaratConfig,
): GameMath<BaccaratParams, never, BaccaratState, BaccaratView> {
  return {
    params: z.object({ bet: z.enum(BACCARAT_BETS) }),
    action: z.never(),
    startStake: (_params, stake) => stake,
    start(params, stake, rng): GameRound<BaccaratState, BaccaratView> {
      const shoe = newShoe(config.decks)
      const coup = playCoup(() => draw(shoe, rng))
      const playerTotal = baccaratTotal(coup.player)
      const bankerTotal = baccaratTotal(coup.banker)
      const payout = baccaratPayout(config, params.bet, stake, playerTotal, bankerTotal)
      const winner =
        playerTotal === bankerTotal ? 'tie' : playerTotal > bankerTotal ? 'player' : 'banker'
      const view: BaccaratView = {
        bet: params.bet,
        player: coup.player.map(codeOf),
        banker: coup.banker.map(codeOf),
        playerTotal,
        bankerTotal,
        winner,
        bankerSix: config.noCommission && winner === 'banker' && bankerTotal === 6,
        payout: payout.toString(),
      }
      return { state: { view }, view, staked: stake, done: true, payout }
    },
    actionStake: () => 'cards.notNow',
    act() {
      throw new Error('baccarat: a coup takes no moves')
    },
    resume: (state) => state.view,
    strategy: { params: { bet: 'banker' }, move: () => undefined as never },
  }
}
