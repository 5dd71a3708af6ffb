import { describe, expect, it } from 'vitest'
import { SUPPORTED_CURRENCIES } from '#server/modules/players/players.contract.ts'
import {
  CURRENCY_EXPONENTS,
  convertMinor,
  formatDecimal,
  parseDecimal,
  parseMinor,
  parseRate,
} from './money.ts'

describe('currencies', () => {
  it('has an exponent for exactly the supported currencies', () => {
    expect(Object.keys(CURRENCY_EXPONENTS)).toEqual([...SUPPORTED_CURRENCIES])
    expect(CURRENCY_EXPONENTS).toMatchObject({ EUR: 2, BTC: 8, DOG: 8, BNB: 8, XRP: 6, USDT: 6 })
  })
})

describe('parseDecimal and formatDecimal', () => {
  it.each([
    ['12.5', 'EUR', 1250n],
    ['12', 'EUR', 1200n],
    ['0.01', 'EUR', 1n],
    ['0.00000001', 'BTC', 1n],
    ['1.5', 'XRP', 1_500_000n],
  ] as const)('%s %s is %s minor units', (text, currency, minor) => {
    expect(parseDecimal(text, currency)).toEqual({ ok: true, minor })
  })

  it('refuses more decimals than the currency has, instead of rounding', () => {
    expect(parseDecimal('1.005', 'EUR')).toEqual({ ok: false, reason: 'too_many_decimals' })
    expect(parseDecimal('0.0000001', 'XRP')).toEqual({ ok: false, reason: 'too_many_decimals' })
  })

  it.each(['', '-1', '1e3', '1,5', '.5', 'abc', '1.2.3'])('refuses %j', (text) => {
    expect(parseDecimal(text, 'EUR')).toEqual({ ok: false, reason: 'invalid' })
  })

  it('writes every decimal of the currency', () => {
    expect(formatDecimal(1250n, 'EUR')).toBe('12.50')
    expect(formatDecimal(5n, 'EUR')).toBe('0.05')
    expect(formatDecimal(125_000n, 'BTC')).toBe('0.00125000')
    expect(formatDecimal(-5n, 'EUR')).toBe('-0.05')
  })

  it('reads minor units from the wire only as whole numbers', () => {
    expect(parseMinor('1500')).toBe(1500n)
    expect(parseMinor('0')).toBe(0n)
    for (const text of ['-1', '01', '1.5', '', ' 1', '1e3'])
      expect(parseMinor(text)).toBeUndefined()
  })
})

const rate = (text: string) => {
  const parsed = parseRate(text)
  if (parsed === undefined) throw new Error(`bad rate ${text}`)
  return parsed
}

describe('convertMinor', () => {
  const eur = { currency: 'EUR' as const, rate: rate('1') }
  const usd = { currency: 'USD' as const, rate: rate('1.08') }
  const btc = { currency: 'BTC' as const, rate: rate('0.000011') }

  it('keeps the amount within one currency', () => {
    expect(convertMinor(1234n, eur, eur, 'toward_zero')).toBe(1234n)
  })

  it('converts between exponents (2 → 8 and back)', () => {
    // 100.00 EUR at 0.000011 BTC per EUR = 0.0011 BTC = 110 000 satoshi
    expect(convertMinor(10_000n, eur, btc, 'toward_zero')).toBe(110_000n)
    expect(convertMinor(110_000n, btc, eur, 'toward_zero')).toBe(10_000n)
  })

  it('rounds money that moves toward zero, shown money half-even', () => {
    // 0.01 EUR → 0.0108 USD: moved 0.01, shown 0.01
    expect(convertMinor(1n, eur, usd, 'toward_zero')).toBe(1n)
    // 0.15 USD → 0.13888… EUR
    expect(convertMinor(15n, usd, eur, 'toward_zero')).toBe(13n)
    expect(convertMinor(15n, usd, eur, 'half_even')).toBe(14n)
  })

  it('rounds exact halves to the even neighbour when shown', () => {
    const two = { currency: 'USD' as const, rate: rate('2') }
    expect(convertMinor(1n, two, eur, 'half_even')).toBe(0n) // 0.5 → 0
    expect(convertMinor(3n, two, eur, 'half_even')).toBe(2n) // 1.5 → 2
    expect(convertMinor(5n, two, eur, 'half_even')).toBe(2n) // 2.5 → 2
    expect(convertMinor(5n, two, eur, 'toward_zero')).toBe(2n)
  })

  it('refuses malformed or zero rates', () => {
    for (const text of ['0', '0.000', '-1', '1e3', '', '1.1234567890123'])
      expect(parseRate(text)).toBeUndefined()
  })
})
