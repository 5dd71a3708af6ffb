import { describe, expect, it } from 'vitest'
import { DREAM_CATCHER, GOLDEN_WHEEL, INSTANT_TITLES } from '../titles/instant.ts'
import { scriptedRng } from './rng.ts'
import { createWheel, layWheel, wheelMaxWinX, wheelReturn, type WheelConfig } from './wheel.ts'

/** A non-negative fraction with bigint parts. */
interface Fraction {
  n: bigint
  d: bigint
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b))
const fraction = (n: bigint, d: bigint): Fraction => {
  const g = gcd(n, d) || 1n
  return { n: n / g, d: d / g }
}
const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d)
const times = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d)
const decimal = (a: Fraction) => Number((a.n * 10n ** 12n) / a.d) / 1e12

/** Golden Wheel: every gold outcome × every segment, weighted exactly. */
function goldenReturn(config: WheelConfig, spot: string): Fraction {
  const gold = config.gold
  if (!gold) throw new Error('no gold')
  const segments = layWheel(config.counts)
  const multiplierTotal = gold.multipliers.reduce((s, m) => s + m.weight, 0)
  const outcomes: { weight: bigint; gold: { spot: string; multiplier: number } | null }[] = [
    {
      weight: BigInt(
        (gold.total - Object.values(gold.spots).reduce((s, w) => s + w, 0)) * multiplierTotal,
      ),
      gold: null,
    },
    ...Object.entries(gold.spots).flatMap(([goldSpot, weight]) =>
      gold.multipliers.map((m) => ({
        weight: BigInt(weight * m.weight),
        gold: { spot: goldSpot, multiplier: m.value },
      })),
    ),
  ]
  let paid = 0n
  for (const outcome of outcomes)
    for (const label of segments)
      paid += outcome.weight * BigInt(wheelReturn(config, spot, label, 1, outcome.gold))
  return fraction(paid, BigInt(gold.total * multiplierTotal * segments.length))
}

/**
 * Dream Catcher: the stop that ends the round shows spot s with probability c_s ÷ (number
 * segments), whatever the multiplier; E[M] from g(m) = (p m + Σ q g(min(k m, cap))) solved from
 * the cap down (g(cap) = cap).
 */
function dreamReturn(config: WheelConfig, spot: string): { rtp: Fraction; hit: Fraction } {
  const multipliers = Object.values(config.multipliers ?? {})
  const cap = config.multiplierCap ?? 1
  const total = Object.values(config.counts).reduce((s, c) => s + c, 0)
  const numbers = total - multipliers.length
  const states = new Set<number>([cap])
  const grow = (m: number) => {
    if (states.has(m)) return
    states.add(m)
    for (const k of multipliers) grow(Math.min(m * k, cap))
  }
  grow(1)
  const g = new Map<number, Fraction>([[cap, fraction(BigInt(cap), 1n)]])
  for (const m of [...states].sort((a, b) => b - a)) {
    if (m === cap) continue
    let value = fraction(BigInt(numbers * m), BigInt(total))
    for (const k of multipliers)
      value = add(
        value,
        times(fraction(1n, BigInt(total)), g.get(Math.min(m * k, cap)) ?? fraction(0n, 1n)),
      )
    g.set(m, value)
  }
  const expected = g.get(1) ?? fraction(0n, 1n)
  const hit = fraction(BigInt(config.counts[spot] ?? 0), BigInt(numbers))
  const pay = BigInt(config.pays[spot] ?? 0)
  const rtp = times(hit, add(fraction(1n, 1n), times(fraction(pay, 1n), expected)))
  return { rtp, hit }
}

describe('money wheels', () => {
  it('lays 54 segments with the stated counts', () => {
    for (const config of [GOLDEN_WHEEL, DREAM_CATCHER]) {
      const segments = layWheel(config.counts)
      expect(segments).toHaveLength(54)
      for (const [label, count] of Object.entries(config.counts))
        expect(segments.filter((s) => s === label)).toHaveLength(count)
    }
  })

  it('Golden Wheel: every spot returns 95.9–96.1 % (exact)', () => {
    const rtps = Object.keys(GOLDEN_WHEEL.pays).map((spot) =>
      decimal(goldenReturn(GOLDEN_WHEEL, spot)),
    )
    for (const rtp of rtps) {
      expect(rtp).toBeGreaterThan(0.959)
      expect(rtp).toBeLessThan(0.961)
    }
    const title = INSTANT_TITLES.find((t) => t.code === 'golden-wheel')
    expect(title?.stated.rtpBp).toBe(Math.round(decimal(goldenReturn(GOLDEN_WHEEL, '1')) * 10_000))
    expect(title?.stated.hitBp).toBe(Math.round((25 / 54) * 10_000))
    expect(title?.stated.maxWinX).toBe(20 * (1 + 40 * 10))
  })

  it('Dream Catcher: each spot returns its exact figure', () => {
    const rtps = Object.fromEntries(
      Object.keys(DREAM_CATCHER.pays).map((spot) => [
        spot,
        Math.round(decimal(dreamReturn(DREAM_CATCHER, spot).rtp) * 10_000),
      ]),
    )
    // E[M] is a little under 52/45 (the ×49 cap): 1.1522.
    expect(rtps).toEqual({ '1': 9519, '2': 9531, '5': 9100, '10': 9631, '20': 9247, '40': 9054 })
    const title = INSTANT_TITLES.find((t) => t.code === 'dream-catcher-wheel')
    const two = dreamReturn(DREAM_CATCHER, '2')
    expect(title?.stated.rtpBp).toBe(Math.round(decimal(two.rtp) * 10_000))
    expect(title?.stated.hitBp).toBe(Math.round(decimal(two.hit) * 10_000))
    expect(title?.stated.maxWinX).toBe(wheelMaxWinX(DREAM_CATCHER))
    expect(wheelMaxWinX(DREAM_CATCHER)).toBe(20 * (1 + 40 * 49))
  })

  it('pays hand-computed spins', () => {
    const golden = createWheel(GOLDEN_WHEEL)
    const goldenSegments = layWheel(GOLDEN_WHEEL.counts)
    const one = goldenSegments.indexOf('1')
    // Gold draw 0 → spot 1 lit; multiplier draw 0 → ×2; the wheel stops on a 1.
    const lit = golden.start({ bets: { '1': 2, '5': 1 } }, 10n, scriptedRng([0, 0, one]))
    expect(lit.view.gold).toEqual({ spot: '1', multiplier: 2 })
    expect(lit.staked).toBe(30n)
    expect(lit.payout).toBe(20n * (1n + 2n))
    // Gold draw 999 → no gold spot.
    const plain = golden.start({ bets: { '1': 1 } }, 10n, scriptedRng([999, one]))
    expect(plain.view.gold).toBe(null)
    expect(plain.payout).toBe(20n)

    const dream = createWheel(DREAM_CATCHER)
    const segments = layWheel(DREAM_CATCHER.counts)
    const round = dream.start(
      { bets: { '10': 1 } },
      10n,
      scriptedRng([segments.indexOf('x2'), segments.indexOf('x7'), segments.indexOf('10')]),
    )
    expect(round.view.multiplier).toBe(14)
    expect(round.view.stops).toHaveLength(3)
    expect(round.payout).toBe(10n * (1n + 10n * 14n))
  })

  it('refuses unknown spots and too many chips', () => {
    const golden = createWheel(GOLDEN_WHEEL)
    expect(golden.startStake({ bets: { '3': 1 } }, 10n)).toBe('instantBadBet')
    expect(golden.startStake({ bets: { x2: 1 } }, 10n)).toBe('instantBadBet')
    expect(golden.startStake({ bets: {} }, 10n)).toBe('instantNoBets')
    expect(golden.startStake({ bets: { '1': 15, '2': 6 } }, 10n)).toBe('instantTooManyChips')
    expect(golden.startStake({ bets: { '1': 0 } }, 10n)).toBe('instantBadAmount')
    expect(golden.startStake({ bets: { '1': 15, '2': 5 } }, 10n)).toBe(200n)
  })
})
