import type { z } from 'zod'

// The studio's games as the studio's server sees them: pure mathematics, no network, no clock.
// A title is a game kind played with a configuration; every kind implements `GameMath`, so the
// studio's round protocol (studio.plugin.ts), the RTP simulation (scripts/rtp-simulate.ts) and
// the tests drive every title the same way.

/** A uniform random integer in [0, n): the OS's source in play, a seeded one in simulations. */
export interface Rng {
  int(n: number): number
}

export type Volatility = 'low' | 'medium' | 'high'

/** What a title states on its rules panel, and what `npm run sim:rtp` checks. */
export interface Stated {
  /** Return to player in basis points (9640 = 96.40 %). */
  rtpBp: number
  /** Share of rounds that pay anything, in basis points. */
  hitBp: number
  volatility: Volatility
  /** The largest payout of one round as a multiple of its base stake (the engine never pays more). */
  maxWinX: number
}

/**
 * One round as it stands. `staked` and `payout` are minor units: every stake the round has taken
 * so far (a double, a split and insurance add to the first), and, once `done`, everything it pays
 * (free spins and features included: they are wins of the round that triggered them).
 */
export interface GameRound<State, View> {
  /** Kept by the studio between steps; may hold what the player must not see (the shoe). */
  state: State
  /** Sent to the page: what the player may see now. */
  view: View
  staked: bigint
  done: boolean
  payout: bigint
}

/**
 * A game kind bound to one title's configuration. Single-step games (slots, keno, plinko…) are
 * done after `start`; multi-step ones (blackjack, video poker, hi-lo…) take `act` until done.
 */
export interface GameMath<Params = unknown, Action = unknown, State = unknown, View = unknown> {
  /** The page's options for a new round (roulette bets, keno picks, plinko rows and risk, a buy). */
  params: z.ZodType<Params>
  /** A player's move in an open round (hit, stand, hold these cards, higher…). */
  action: z.ZodType<Action>
  /**
   * What starting a round takes from the player for a base `stake` (the sum of roulette bets, a
   * feature's buy price), or a string naming why these params are refused (a studio string key).
   */
  startStake(params: Params, stake: bigint): bigint | string
  /** Draws the round; called once the stake is taken. */
  start(params: Params, stake: bigint, rng: Rng): GameRound<State, View>
  /**
   * The further stake `action` takes (0n for none: a double or a split takes one more base
   * stake), or a string naming why it is refused in this state.
   */
  actionStake(state: State, action: Action): bigint | string
  /** Applies the action, once its stake (if any) is taken. */
  act(state: State, action: Action, rng: Rng): GameRound<State, View>
  /** The view of an open round, for a player who comes back to it. */
  resume(state: State): View
  /**
   * The stated strategy's round for `sim:rtp`: the params it starts with and its move in each
   * state (blackjack's basic strategy, a video poker hold chart). Single-step games never act.
   */
  strategy: { params: Params; move(state: State): Action }
}

/** The brands the studio presents to casinos (each a provider id with the same signing secret). */
export const BRANDS = [
  'demo-studio',
  'northern-lights',
  'golden-reel',
  'red-fox',
  'blue-harbour',
] as const
export type Brand = (typeof BRANDS)[number]

/** The lobby category a title belongs to at the casino. */
export type TitleCategory = 'slots' | 'table-games' | 'crash'

/**
 * One title of the studio's sheet: what it would send a casino (code, brand, figures), the
 * mathematics it plays and what its page draws. `info` is the page's public configuration
 * (paytable, lines, symbols, options) and holds nothing the player must not see.
 */
export interface StudioTitle {
  code: string
  brand: Brand
  title: string
  category: TitleCategory
  /** The page's renderer (client/renderers): `slot`, `blackjack`, `keno`… */
  kind: string
  // The sheet holds titles of every kind side by side; each kind's own files keep the types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  math: GameMath<any, any, any, any>
  stated: Stated
  /** Colours of the title's page and art. */
  theme: { background: string; accent: string }
  /** Public configuration for the page (JSON). */
  info: unknown
  /** Studio string keys of the features the rules panel lists (free spins, buy feature…). */
  features: readonly string[]
  /**
   * Rounds `npm run sim:rtp` plays when a million cannot tell its RTP within 0.3 pp (video poker's
   * royal flush): the check plays the larger of this and a million.
   */
  simRounds?: number
}

/** Minor units for `stake × numerator ÷ denominator`, rounded down: the studio never pays a fraction. */
export const share = (stake: bigint, numerator: bigint | number, denominator: bigint | number = 1) =>
  (stake * BigInt(numerator)) / BigInt(denominator)
