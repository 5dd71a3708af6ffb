import { describe, expect, it } from 'vitest'
import { cardBrand, cardDigits, isExpiryCurrent, isLuhnValid } from './card-rules.ts'
import { checkMethodFields, PaymentFieldErrors } from './method-fields.ts'
import type { MethodField } from './payments.tables.ts'

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

describe('checkMethodFields', () => {
  const fields: MethodField[] = [
    {
      name: 'card_number',
      type: 'card_number',
      required: true,
      pattern: '^[0-9 ]{12,23}$',
      maxLength: 23,
    },
    {
      name: 'expiry',
      type: 'expiry',
      required: true,
      pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$',
      maxLength: 5,
    },
    { name: 'cvc', type: 'cvc', required: true, pattern: '^[0-9]{3,4}$', maxLength: 4 },
    { name: 'holder', type: 'text', required: true, maxLength: 10 },
  ]
  const now = new Date('2026-11-23T10:00:00Z')
  const problemsOf = (sent: Record<string, string>) => {
    try {
      checkMethodFields(fields, sent, now)
      return {}
    } catch (error) {
      if (error instanceof PaymentFieldErrors) return error.problems
      throw error
    }
  }

  it('answers the known fields, trimmed, and drops the rest', () => {
    expect(
      checkMethodFields(
        fields,
        {
          card_number: ' 4242 4242 4242 4242 ',
          expiry: '12/30',
          cvc: '123',
          holder: 'Ann',
          x: 'y',
        },
        now,
      ),
    ).toEqual({ card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holder: 'Ann' })
  })

  it('names every refused field in one pass', () => {
    expect(
      problemsOf({
        card_number: '4242 4242 4242 4241',
        expiry: '10/26',
        cvc: '12',
        holder: 'A very long name',
      }),
    ).toEqual({
      card_number: { code: 'card_number_invalid' },
      expiry: { code: 'card_expired' },
      cvc: { code: 'invalid' },
      holder: { code: 'too_long', params: { max: 10 } },
    })
    expect(problemsOf({})).toEqual({
      card_number: { code: 'required' },
      expiry: { code: 'required' },
      cvc: { code: 'required' },
      holder: { code: 'required' },
    })
  })
})
