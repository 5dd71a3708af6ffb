import { describe, expect, it } from 'vitest'
import { INSTANT_TITLES } from '../titles/instant.ts'
import { hundredths } from './keno.ts'
import { createPlinko, PLINKO_MAX_WIN_X, PLINKO_PAYS, PLINKO_RISKS } from './plinko.ts'
import { scriptedRng } from './rng.ts'

const choose = (n: number, k: number): bigint => {
  let r = 1n
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1)
  return r
}

function exact(rows: number, pays: readonly number[]) {
  const total = 2n ** BigInt(rows)
  let paid = 0n
  let squares = 0n
  pays.forEach((pay, k) => {
    paid += choose(rows, k) * BigInt(hundredths(pay))
    squares += choose(rows, k) * BigInt(hundredths(pay)) ** 2n
  })
  const rtp = Number((paid * 10n ** 12n) / (total * 100n)) / 1e12
  const square = Number((squares * 10n ** 12n) / (total * 10_000n)) / 1e12
  return { rtp, sd: Math.sqrt(square - rtp * rtp) }
}

describe('plinko', () => {
  const configurations = PLINKO_RISKS.flatMap((risk) =>
    [8, 9, 10, 11, 12, 13, 14, 15, 16].map((rows) => ({ risk, rows })),
  )
  it.each(configurations)(
    '$rows rows, $risk risk: returns 99.00 % exactly (to the basis point)',
    ({ risk, rows }) => {
      const pays = PLINKO_PAYS[risk][rows] ?? []
      expect(pays).toHaveLength(rows + 1)
      expect(pays).toEqual([...pays].reverse())
      const { rtp } = exact(rows, pays)
      expect(Math.round(rtp * 10_000)).toBe(9900)
      expect(Math.abs(rtp - 0.99)).toBeLessThan(0.00005)
    },
  )

  it("states the strategy's figures and the largest multiplier", () => {
    const title = INSTANT_TITLES.find((t) => t.code === 'lucky-plinko')
    const { sd } = exact(16, PLINKO_PAYS.medium[16] ?? [])
    expect(title?.stated).toEqual({
      rtpBp: 9900,
      hitBp: 10_000,
      volatility: 'medium',
      maxWinX: 1000,
    })
    expect(sd).toBeGreaterThanOrEqual(1.6)
    expect(sd).toBeLessThan(2.3)
    expect(PLINKO_MAX_WIN_X).toBe(1000)
  })

  it('lands where the path says', () => {
    const plinko = createPlinko({ rows: 8, risk: 'low' })
    const round = plinko.start(
      { rows: 8, risk: 'low' },
      1000n,
      scriptedRng([1, 1, 1, 1, 1, 1, 1, 1]),
    )
    expect(round.view.slot).toBe(8)
    expect(round.payout).toBe(5600n)
    const middle = plinko.start(
      { rows: 8, risk: 'high' },
      1000n,
      scriptedRng([0, 1, 0, 1, 0, 1, 0, 1]),
    )
    expect(middle.view.slot).toBe(4)
    expect(middle.payout).toBe(200n)
    expect(plinko.startStake({ rows: 7, risk: 'low' }, 1n)).toBe('plinkoConfig')
    expect(plinko.startStake({ rows: 17, risk: 'high' }, 1n)).toBe('plinkoConfig')
    expect(plinko.startStake({ rows: 12, risk: 'medium' }, 5n)).toBe(5n)
    expect(plinko.params.safeParse({ rows: 12, risk: 'extreme' }).success).toBe(false)
  })
})
