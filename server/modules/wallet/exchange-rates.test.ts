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

describe('fromEurRounded (decisions §6: two significant figures)', () => {
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
