import { describe, expect, it } from 'vitest'
import { formatMoney } from './format-money.ts'

describe('formatMoney', () => {
  it('prints fiat minor units with the currency in the locale', () => {
    expect(formatMoney('123456', 'EUR', 'en')).toBe('€1,234.56')
    expect(formatMoney(5n, 'USD', 'en')).toBe('$0.05')
    expect(formatMoney('123456', 'EUR', 'de-DE')).toBe('1.234,56\u00a0€')
    expect(formatMoney('-250', 'NOK', 'nb-NO')).toMatch(/^[−-]2,50\u00a0kr$/)
  })

  it('is exact beyond what a float can hold', () => {
    expect(formatMoney('900719925474099312', 'EUR', 'en')).toBe('€9,007,199,254,740,993.12')
  })

  it('prints crypto with its own exponent, trailing zeros dropped past two places', () => {
    expect(formatMoney('150000000', 'BTC', 'en')).toBe('1.50 BTC')
    expect(formatMoney('123', 'BTC', 'en')).toBe('0.00000123 BTC')
    expect(formatMoney('2500000', 'USDT', 'en')).toBe('2.50 USDT')
  })
})
