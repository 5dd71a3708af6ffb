import { describe, expect, it } from 'vitest'
import { cardBrand, cardDigits, isExpiryCurrent, isLuhnValid } from './card-rules.ts'

describe('Luhn', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '4000002760003184',
    '5555555555554444',
    '378282246310005',
    '79927398713',
  ])('accepts %s', (digits) => {
    expect(isLuhnValid(digits)).toBe(true)
  })
  it.each(['4242424242424241', '4000000000000001', '79927398710', '1234567812345678', '12ab'])(
    'refuses %s',
    (digits) => {
      expect(isLuhnValid(digits)).toBe(false)
    },
  )
})

describe('card numbers', () => {
  it('takes spaces and dashes between groups, 12 to 19 digits', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242')
    expect(cardDigits('4242-4242-4242-4242')).toBe('4242424242424242')
    expect(cardDigits('4242')).toBeUndefined()
    expect(cardDigits('4242 4242 4242 424x')).toBeUndefined()
  })
  it('names the scheme', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa')
    expect(cardBrand('5555555555554444')).toBe('Mastercard')
    expect(cardBrand('378282246310005')).toBe('Amex')
  })
})

describe('expiry', () => {
  const now = new Date('2026-11-23T10:00:00Z')
  it('is valid through the last day of its month', () => {
    expect(isExpiryCurrent('11/26', now)).toBe(true)
    expect(isExpiryCurrent('12/26', now)).toBe(true)
    expect(isExpiryCurrent('01/27', now)).toBe(true)
    expect(isExpiryCurrent('10/26', now)).toBe(false)
    expect(isExpiryCurrent('12/25', now)).toBe(false)
  })
  it('refuses a malformed one', () => {
    expect(isExpiryCurrent('13/26', now)).toBeUndefined()
    expect(isExpiryCurrent('1/26', now)).toBeUndefined()
  })
})
