import { describe, expect, it } from 'vitest'
import { LOCALES } from './locales.ts'
import { formatMoney, minorToDecimal } from './format-money.ts'
import { isCurrencyCode } from './money.ts'

describe('formatMoney', () => {
  it('prints fiat minor units with the currency in the locale', () => {
    expect(formatMoney('123456', 'EUR', 'en')).toBe('€1,234.56')
    expect(formatMoney(5n, 'USD', 'en')).toBe('$0.05')
    expect(formatMoney('123456', 'EUR', 'de-DE')).toBe('1.234,56\u00a0€')
    expect(formatMoney('-250', 'NOK', 'nb-NO')).toMatch(/^[−-]2,50\u00a0kr$/)
  })

  it('writes what Intl gives for every locale and its currency', () => {
    for (const { tag, currency, dir } of LOCALES) {
      if (!isCurrencyCode(currency)) throw new Error(currency)
      const intl = new Intl.NumberFormat(tag, { style: 'currency', currency }).format(1234.5)
      const ours = formatMoney('123450', currency, tag)
      expect(dir === 'rtl' ? ours.replace(/\u200e$/, '') : ours, tag).toBe(intl)
    }
  })

  it('keeps US$ whole on a right-to-left page (ar-en), and $ in English (en-ar)', () => {
    // The left-to-right mark keeps "$" after "US" when the page runs right to left.
    expect(formatMoney('123450', 'USD', 'ar')).toBe('\u200f1,234.50\u00a0US$\u200e')
    expect(formatMoney('123450', 'USD', 'en')).toBe('$1,234.50')
    expect(formatMoney('5000', 'EUR', 'ar')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' }).format(50),
    )
  })

  it('is exact beyond what a float can hold', () => {
    expect(formatMoney('900719925474099312', 'EUR', 'en')).toBe('€9,007,199,254,740,993.12')
  })

  it('prints crypto with its own exponent, trailing zeros dropped past two places', () => {
    expect(formatMoney('150000000', 'BTC', 'en')).toBe('1.50 BTC')
    expect(formatMoney('123', 'BTC', 'en')).toBe('0.00000123 BTC')
    expect(formatMoney('2500000', 'USDT', 'en')).toBe('2.50 USDT')
  })

  it('prints every crypto exponent digit-exact (8 for BTC, DOG, BNB; 6 for XRP, ADA, TRX)', () => {
    expect(formatMoney('1', 'DOG', 'en')).toBe('0.00000001 DOG')
    expect(formatMoney('123456789', 'BNB', 'de-DE')).toBe('1,23456789 BNB')
    expect(formatMoney('1', 'XRP', 'en')).toBe('0.000001 XRP')
    expect(formatMoney('1000000', 'ADA', 'en')).toBe('1.00 ADA')
    expect(formatMoney('1234567000000', 'TRX', 'en')).toBe('1,234,567.00 TRX')
  })

  it('gives the plain decimal an amount field takes', () => {
    expect(minorToDecimal('1500', 'EUR')).toBe('15')
    expect(minorToDecimal('1550', 'EUR')).toBe('15.5')
    expect(minorToDecimal('125000', 'BTC')).toBe('0.00125')
    expect(minorToDecimal(7n, 'USDT')).toBe('0.000007')
    expect(minorToDecimal('-205', 'NOK')).toBe('-2.05')
  })
})
