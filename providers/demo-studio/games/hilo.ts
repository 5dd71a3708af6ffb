import { z } from 'zod'
import { codeOf, rankOf, type Card } from './cards.ts'
import { share, type GameMath, type GameRound, type Rng } from './types.ts'

// Hi-lo from an infinite deck (every card is drawn from a full deck: 13 ranks equally likely).
// A card shows; the player guesses that the next is higher-or-same or lower-or-same. A right
// guess multiplies the running win by the guess's multiplier, `factor ÷ probability` rounded
// down to hundredths (so the page shows exactly what pays); a wrong guess loses the round. The
// player may cash out at any time after the first right guess; the round cashes out by itself
// when the running win reaches the cap (`maxWinX` × stake) or after 50 right guesses. The payout is rounded down once.

export interface HiloConfig {
  /** The return of one guess before the rounding of the multipliers, basis points. */
  factorBp: number
  maxWinX: number
}

/** A round cashes out by itself after this many right guesses (the state stays small). */
export const HILO_MAX_GUESSES = 50

export const HILO_MOVES = ['higher', 'lower', 'cashout'] as const
export type HiloMove = (typeof HILO_MOVES)[number]

export interface HiloState {
  stake: string
  /** The card showing, and those before it (oldest first). */
  card: Card
  history: Card[]
  /** The running multiplier: product of the right guesses' hundredths ÷ 100^guesses. */
  numerator: string
  guesses: number
  done: boolean
  capped: boolean
  lost: boolean
  payout: string
}

export interface HiloView {
  card: string
  history: string[]
  /** Multipliers of the two guesses on the card showing, in hundredths (180 = ×1.80). */
  higher: number
  lower: number
  /** The running win, minor units (0 before the first right guess). */
  running: string
  guesses: number
  done: boolean
  capped: boolean
  lost: boolean
  payout: string
}

/** How many of the 13 ranks win `higher` (rank ≥ showing) and `lower` (rank ≤ showing). */
export function hiloCounts(card: Card): { higher: number; lower: number } {
  const rank = rankOf(card)
  return { higher: 15 - rank, lower: rank - 1 }
}

/** A guess's multiplier in hundredths when `count` of the 13 ranks win it. */
export const hiloMultiplier = (factorBp: number, count: number) =>
  Math.floor((factorBp * 13) / (count * 100))

const runningOf = (state: HiloState) =>
  state.guesses === 0
    ? 0n
    : share(BigInt(state.stake), BigInt(state.numerator), 100n ** BigInt(state.guesses))

export function hiloMath(
  config: HiloConfig,
): GameMath<Record<string, never>, HiloMove, HiloState, HiloView> {
  const viewOf = (state: HiloState): HiloView => {
    const counts = hiloCounts(state.card)
    return {
      card: codeOf(state.card),
      history: state.history.slice(-20).map(codeOf),
      higher: hiloMultiplier(config.factorBp, counts.higher),
      lower: hiloMultiplier(config.factorBp, counts.lower),
      running: runningOf(state).toString(),
      guesses: state.guesses,
      done: state.done,
      capped: state.capped,
      lost: state.lost,
      payout: state.payout,
    }
  }
  const roundOf = (state: HiloState): GameRound<HiloState, HiloView> => ({
    state,
    view: viewOf(state),
    staked: BigInt(state.stake),
    done: state.done,
    payout: BigInt(state.payout),
  })
  const cap = (stake: bigint) => stake * BigInt(config.maxWinX)
  return {
    params: z.object({}).strict(),
    action: z.enum(HILO_MOVES),
    startStake: (_params, stake) => stake,
    start(_params, stake, rng) {
      return roundOf({
        stake: stake.toString(),
        card: rng.int(52),
        history: [],
        numerator: '1',
        guesses: 0,
        done: false,
        capped: false,
        lost: false,
        payout: '0',
      })
    },
    actionStake(state, action) {
      if (state.done) return 'cards.notNow'
      if (action === 'cashout' && state.guesses === 0) return 'cards.guessFirst'
      return 0n
    },
    act(state, action, rng: Rng) {
      if (state.done) throw new Error('hilo: the round is over')
      const stake = BigInt(state.stake)
      if (action === 'cashout') {
        if (state.guesses === 0) throw new Error('hilo: guess first')
        return roundOf({ ...state, done: true, payout: runningOf(state).toString() })
      }
      const next = rng.int(52)
      const counts = hiloCounts(state.card)
      const right =
        action === 'higher'
          ? rankOf(next) >= rankOf(state.card)
          : rankOf(next) <= rankOf(state.card)
      const moved: HiloState = { ...state, card: next, history: [...state.history, state.card] }
      if (!right) return roundOf({ ...moved, done: true, lost: true, payout: '0' })
      const multiplier = hiloMultiplier(
        config.factorBp,
        action === 'higher' ? counts.higher : counts.lower,
      )
      const won: HiloState = {
        ...moved,
        numerator: (BigInt(state.numerator) * BigInt(multiplier)).toString(),
        guesses: state.guesses + 1,
      }
      const running = runningOf(won)
      if (running >= cap(stake))
        return roundOf({ ...won, done: true, capped: true, payout: cap(stake).toString() })
      if (won.guesses >= HILO_MAX_GUESSES)
        return roundOf({ ...won, done: true, payout: running.toString() })
      return roundOf(won)
    },
    resume: viewOf,
    // The stated strategy: the likelier guess (higher on an eight), then cash out.
    strategy: {
      params: {},
      move(state) {
        if (state.guesses >= 1) return 'cashout'
        const counts = hiloCounts(state.card)
        return counts.higher >= counts.lower ? 'higher' : 'lower'
      },
    },
  }
}
