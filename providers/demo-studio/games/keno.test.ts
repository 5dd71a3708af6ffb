import { describe, expect, it } from 'vitest'
import { INSTANT_TITLES } from '../titles/instant.ts'
import { createKeno, hundredths, KENO_PAYS } from './keno.ts'
import { scriptedRng } from './rng.ts'

const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n
  let r = 1n
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1)
  return r
}

/** Exact figures of a pick count: RTP, hit and sd from the hypergeometric odds. */
function exact(picks: number) {
  const total = choose(80, picks)
  let paid = 0n
  let squares = 0n
  let hits = 0n
  for (let k = 0; k <= picks; k++) {
    const ways = choose(20, k) * choose(60, picks - k)
    const pay = BigInt(hundredths(KENO_PAYS[picks]?.[k] ?? 0))
    paid += ways * pay
    squares += ways * pay * pay
    if (pay > 0n) hits += ways
  }
  const rtp = Number((paid * 10n ** 12n) / (total * 100n)) / 1e12
  const square = Number((squares * 10n ** 12n) / (total * 10_000n)) / 1e12
  return { rtp, hit: Number((hits * 10n ** 12n) / total) / 1e12, sd: Math.sqrt(square - rtp * rtp) }
}

describe('keno', () => {
  it('returns 95.00 % ± 0.05 pp for every pick count (exact hypergeometric odds)', () => {
    const rtps = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((picks) => exact(picks).rtp)
    for (const rtp of rtps) expect(Math.abs(rtp - 0.95)).toBeLessThanOrEqual(0.0005)
    expect(Math.max(...rtps) - Math.min(...rtps)).toBeLessThanOrEqual(0.001)
  })

  it("states the two-pick strategy's exact figures", () => {
    const title = INSTANT_TITLES.find((t) => t.code === 'coral-keno')
    const figures = exact(2)
    expect(title?.stated.rtpBp).toBe(Math.round(figures.rtp * 10_000))
    expect(title?.stated.hitBp).toBe(Math.round(figures.hit * 10_000))
    expect(figures.sd).toBeGreaterThanOrEqual(1.6)
    expect(figures.sd).toBeLessThan(2.3) // medium
    expect(title?.stated.maxWinX).toBe(Math.max(...Object.values(KENO_PAYS).flat()))
  })

  it('pays a hand-computed draw', () => {
    const keno = createKeno([1, 2])
    // Zero each time: the partial shuffle keeps the pool's order, 1…20 are drawn.
    const round = keno.start(
      { picks: [1, 2, 50] },
      100n,
      scriptedRng(new Array<number>(20).fill(0)),
    )
    expect(round.view.drawn).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(round.view.hits).toEqual([1, 2])
    expect(round.payout).toBe(225n) // 3 picks, 2 hits: 2.25×
    expect(round.done).toBe(true)
    const last = keno.start(
      { picks: [80] },
      100n,
      scriptedRng([79, ...new Array<number>(19).fill(0)]),
    )
    expect(last.view.drawn[0]).toBe(80)
    expect(last.payout).toBe(380n)
  })

  it('refuses bad picks with a string key', () => {
    const keno = createKeno([1])
    expect(keno.startStake({ picks: [] }, 100n)).toBe('kenoPickCount')
    expect(keno.startStake({ picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 100n)).toBe(
      'kenoPickCount',
    )
    expect(keno.startStake({ picks: [0] }, 100n)).toBe('kenoPickRange')
    expect(keno.startStake({ picks: [81] }, 100n)).toBe('kenoPickRange')
    expect(keno.startStake({ picks: [5, 5] }, 100n)).toBe('kenoPickTwice')
    expect(keno.startStake({ picks: [5, 6] }, 100n)).toBe(100n)
    expect(
      keno.actionStake(
        keno.start({ picks: [1] }, 1n, scriptedRng(new Array<number>(20).fill(0))).state,
        undefined as never,
      ),
    ).toBe('instantNoAction')
  })
})
