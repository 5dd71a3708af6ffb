import { z } from 'zod'
import { chipsStake } from './roulette.ts'
import { share, type GameMath } from './types.ts'

// Money wheels: 54 segments; a bet on a spot (1, 2, 5, 10, 20, 40) wins when the wheel stops
// on one of its segments and is paid its number to one. Two twists, one per title:
// - gold (Golden Wheel): before the spin, one spot may light gold with a ×2–×10 multiplier on
//   its pay (weights below): it lifts every spot to 95.9–96.1 %;
// - multiplier segments (Dream Catcher): ×2 and ×7 segments spin the wheel again within the
//   round and multiply the pay of the spin that lands on a number (they stack, to ×49 at most).
// wheel.test.ts computes each spot's return exactly from these tables.

export interface WheelConfig {
  /** Spot → how many segments show it. */
  counts: Record<string, number>
  /** Spot → pay to one. */
  pays: Record<string, number>
  /** Multiplier segments (`x2` → 2): the wheel spins again, the pay is multiplied. */
  multipliers?: Record<string, number>
  /** The stacked multipliers stop growing here. */
  multiplierCap?: number
  /** The gold spot: weights per spot out of `total` (the rest: no gold), and its multipliers. */
  gold?: {
    total: number
    spots: Record<string, number>
    multipliers: { value: number; weight: number }[]
  }
  maxChips: number
  sim: Record<string, number>
}

export interface WheelParams {
  /** Spot → chips. */
  bets: Record<string, number>
}

export interface WheelView {
  /** The segments the wheel stopped on, in order (the last one shows a spot). */
  stops: number[]
  /** The stacked multiplier of the multiplier segments (1 when none). */
  multiplier: number
  gold: { spot: string; multiplier: number } | null
  bets: { spot: string; amount: string; win: string }[]
  payout: string
}

export interface WheelInfo {
  /** The 54 segments' labels clockwise from the pointer's start. */
  segments: string[]
  spots: string[]
  pays: Record<string, number>
  multipliers: Record<string, number>
  multiplierCap: number
  gold: WheelConfig['gold'] | null
  maxChips: number
}

/** Spreads each label's segments evenly round the wheel (rarest first on a tie). */
export function layWheel(counts: Record<string, number>): string[] {
  const entries = Object.entries(counts)
  const places = entries.flatMap(([label, count], order) =>
    Array.from({ length: count }, (_, j) => ({
      label,
      at: (j + 0.5 + order / (entries.length + 1)) / count,
      count,
    })),
  )
  places.sort((a, b) => a.at - b.at || a.count - b.count)
  return places.map((place) => place.label)
}

export const wheelInfo = (config: WheelConfig): WheelInfo => ({
  segments: layWheel(config.counts),
  spots: Object.keys(config.pays),
  pays: config.pays,
  multipliers: config.multipliers ?? {},
  multiplierCap: config.multiplierCap ?? 1,
  gold: config.gold ?? null,
  maxChips: config.maxChips,
})

/** What one chip on `spot` returns (stake included) when the wheel shows `label`. */
export function wheelReturn(
  config: WheelConfig,
  spot: string,
  label: string,
  multiplier: number,
  gold: WheelView['gold'],
): number {
  if (spot !== label) return 0
  const pay = config.pays[spot] ?? 0
  return 1 + pay * multiplier * (gold?.spot === spot ? gold.multiplier : 1)
}

/** The largest payout in base stakes: every chip on the top spot at the top multiplier. */
export function wheelMaxWinX(config: WheelConfig): number {
  const top = Math.max(...Object.values(config.pays))
  const gold = Math.max(1, ...(config.gold?.multipliers.map((m) => m.value) ?? []))
  return config.maxChips * (1 + top * gold * (config.multiplierCap ?? 1))
}

function refusal(
  config: WheelConfig,
  bets: Record<string, number>,
  stake: bigint,
): bigint | string {
  const spots = Object.keys(bets)
  if (spots.some((spot) => config.pays[spot] === undefined)) return 'instantBadBet'
  return chipsStake(Object.values(bets), stake, config.maxChips)
}

export function createWheel(
  config: WheelConfig,
): GameMath<WheelParams, never, WheelView, WheelView> {
  const segments = layWheel(config.counts)
  const cap = BigInt(wheelMaxWinX(config))
  const multipliers = config.multipliers ?? {}
  return {
    params: z.object({ bets: z.record(z.string().max(8), z.number().int()) }),
    action: z.never(),
    startStake: (params, stake) => refusal(config, params.bets, stake),
    start(params, stake, rng) {
      const staked = refusal(config, params.bets, stake)
      if (typeof staked === 'string') throw new Error(staked)
      let gold: WheelView['gold'] = null
      if (config.gold) {
        let draw = rng.int(config.gold.total)
        for (const [spot, weight] of Object.entries(config.gold.spots)) {
          if (draw < weight) {
            let pick = rng.int(config.gold.multipliers.reduce((sum, m) => sum + m.weight, 0))
            const found = config.gold.multipliers.find((m) => (pick -= m.weight) < 0)
            gold = { spot, multiplier: found?.value ?? 1 }
            break
          }
          draw -= weight
        }
      }
      const stops: number[] = []
      let multiplier = 1
      let label = ''
      for (;;) {
        const stop = rng.int(segments.length)
        stops.push(stop)
        label = segments[stop] ?? ''
        const more = multipliers[label]
        if (more === undefined || stops.length >= 1000) break
        multiplier = Math.min(multiplier * more, config.multiplierCap ?? 1)
      }
      let payout = 0n
      const bets = Object.entries(params.bets).map(([spot, chips]) => {
        const amount = stake * BigInt(chips)
        const win = share(amount, wheelReturn(config, spot, label, multiplier, gold))
        payout += win
        return { spot, amount: amount.toString(), win: win.toString() }
      })
      if (payout > cap * stake) payout = cap * stake
      const view: WheelView = { stops, multiplier, gold, bets, payout: payout.toString() }
      return { state: view, view, staked, done: true, payout }
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('wheel rounds are done at the spin')
    },
    resume: (state) => state,
    strategy: {
      params: { bets: config.sim },
      move() {
        throw new Error('wheel rounds are done at the spin')
      },
    },
  }
}
