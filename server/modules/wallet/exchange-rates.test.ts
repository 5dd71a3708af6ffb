import { describe, expect, it } from 'vitest'
import { DEFAULT_UNITS_PER_EUR, fromEurRounded, rateTable } from './exchange-rates.ts'

const table = rateTable(
  Object.entries(DEFAULT_UNITS_PER_EUR).map(([currency, unitsPerEur]) => ({
    currency,
    unitsPerEur,
  })),
)

describe('rate table', () => {
  it('converts through the euro rates', () => {
    expect(table.convert(10_000n, 'EUR', 'USD', 'toward_zero')).toBe(10_800n)
    expect(table.convert(10_800n, 'USD', 'EUR', 'toward_zero')).toBe(10_000n)
    // 1 BTC = 1 / 0.000011 EUR = 90 909.09 EUR
    expect(table.convert(100_000_000n, 'BTC', 'EUR', 'toward_zero')).toBe(9_090_909n)
  })

  it('writes the rate between two currencies as decimal text', () => {
    expect(table.rateText('EUR', 'USD')).toBe('1.08')
    expect(table.rateText('USD', 'USD')).toBe('1')
    expect(table.rateText('BTC', 'EUR')).toBe('90909.090909090909')
  })

  it('throws for a currency without a rate', () => {
    expect(() => rateTable([]).get('EUR')).toThrow(/no exchange rate/)
  })
})

describe('fromEurRounded (two significant figures)', () => {
  it.each([
    [15_00n, 'USD', 16_00n], // 16.20 → 16
    [200_00n, 'PLN', 860_00n],
    [15_00n, 'INR', 1_400_00n], // 1 350 → 1 400
    [10_00n, 'BTC', 11_000n], // 0.00011 BTC
    [20_00n, 'NOK', 23_000n], // 232 → 230
  ] as const)('%s EUR minor → %s %s', (eur, currency, expected) => {
    expect(fromEurRounded(table, eur, currency)).toBe(expected)
  })

  it('never rounds to zero', () => {
    const tiny = rateTable([
      { currency: 'EUR', unitsPerEur: '1' },
      { currency: 'BTC', unitsPerEur: '0.00000001' },
    ])
    expect(fromEurRounded(tiny, 1n, 'BTC')).toBe(1n)
  })
})

describe('money-moving conversions', () => {
  const now = new Date('2026-11-26T10:00:00Z')
  const fresh = rateTable([
    { currency: 'EUR', unitsPerEur: '1', fetchedAt: now },
    { currency: 'USD', unitsPerEur: '1.08', fetchedAt: now },
    { currency: 'BTC', unitsPerEur: '0.000011', fetchedAt: new Date(now.getTime() - 7_200_000) },
  ])
  const policy = { spreadBp: 100, maxAgeMs: 3_600_000 }

  it('keeps the spread back, rounds toward zero and says the rate it used', () => {
    // 100.00 EUR → 108.00 USD at mid; less 1 % = 106.92.
    expect(fresh.exchange(100_00n, 'EUR', 'USD', policy, now)).toEqual({
      amountMinor: 106_92n,
      rate: '1.0692',
      inverseRate: '0.935278713056',
    })
    // 0.99 EUR → 1.0692 USD × 0.99 = 1.058508: toward zero, where half-even shows 1.07.
    expect(fresh.exchange(99n, 'EUR', 'USD', policy, now).amountMinor).toBe(105n)
    expect(fresh.convert(99n, 'EUR', 'USD', 'half_even')).toBe(107n)
    // Without spread the mid rate, as the display and comparisons use it.
    expect(fresh.exchange(100_00n, 'EUR', 'USD', { ...policy, spreadBp: 0 }, now).amountMinor).toBe(
      108_00n,
    )
  })

  it('finds the least cost of a wanted amount, which exchange turns into at least that', () => {
    const cost = fresh.costOf(106_92n, 'EUR', 'USD', policy, now)
    expect(cost).toBe(100_00n)
    expect(fresh.exchange(cost - 1n, 'EUR', 'USD', policy, now).amountMinor).toBeLessThan(106_92n)
    for (const target of [1n, 7n, 99n, 12_345n]) {
      const paid = fresh.costOf(target, 'EUR', 'USD', policy, now)
      expect(fresh.exchange(paid, 'EUR', 'USD', policy, now).amountMinor >= target).toBe(true)
      expect(fresh.exchange(paid - 1n, 'EUR', 'USD', policy, now).amountMinor < target).toBe(true)
    }
  })

  it('refuses a rate older than the maximum age, but not a same-currency amount', () => {
    expect(() => fresh.exchange(100n, 'EUR', 'BTC', policy, now)).toThrow(
      expect.objectContaining({ code: 'wallet.rates_stale', params: { currency: 'BTC' } }),
    )
    expect(() => fresh.costOf(100n, 'BTC', 'EUR', policy, now)).toThrow(/rates_stale/)
    expect(fresh.exchange(100n, 'BTC', 'BTC', policy, now)).toMatchObject({ amountMinor: 100n })
    // Shown conversions still work with an old rate.
    expect(fresh.convert(100_000_000n, 'BTC', 'EUR', 'half_even')).toBe(9_090_909n)
    // A rate without a fetch time is too old to move money.
    expect(() => table.exchange(100n, 'EUR', 'USD', policy, now)).toThrow(/rates_stale/)
  })
})
