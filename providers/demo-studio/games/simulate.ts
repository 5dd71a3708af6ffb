import type { Rng, StudioTitle } from './types.ts'

export interface Measured {
  rounds: number
  /** Paid ÷ staked. */
  rtp: number
  /** Share of rounds that paid anything. */
  hit: number
  /** Standard deviation of one round's net result, in base stakes. */
  sd: number
  /** The largest payout seen, in base stakes. */
  maxWinX: number
}

/** The base stake of a simulated round: large, so the rounding down of payouts is invisible. */
export const SIM_STAKE = 1_000_000n

/**
 * Plays `rounds` rounds of a title with its stated strategy (`math.strategy`) and measures what
 * it returned: the one loop `npm run sim:rtp` and the tests use.
 */
export function simulateTitle(title: StudioTitle, rounds: number, rng: Rng): Measured {
  const { math } = title
  let staked = 0n
  let paid = 0n
  let hits = 0
  let sum = 0
  let squares = 0
  let max = 0
  const base = Number(SIM_STAKE)
  for (let i = 0; i < rounds; i++) {
    let round = math.start(math.strategy.params, SIM_STAKE, rng)
    while (!round.done) round = math.act(round.state, math.strategy.move(round.state), rng)
    staked += round.staked
    paid += round.payout
    if (round.payout > 0n) hits++
    const net = (Number(round.payout) - Number(round.staked)) / base
    sum += net
    squares += net * net
    max = Math.max(max, Number(round.payout) / base)
  }
  const mean = sum / rounds
  return {
    rounds,
    rtp: Number((paid * 1_000_000n) / (staked || 1n)) / 1_000_000,
    hit: hits / rounds,
    sd: Math.sqrt(Math.max(0, squares / rounds - mean * mean)),
    maxWinX: max,
  }
}
