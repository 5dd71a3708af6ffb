import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INPUT_MASKS, applyMask, maskedValueIsComplete } from '#app/lib/format/input-mask.ts'

describe('applyMask', () => {
  // [raw input, mask, expected]
  const table: [string, string, string][] = [
    ['', '99/99', ''],
    ['1', '99/99', '1'],
    ['12', '99/99', '12'],
    ['123', '99/99', '12/3'],
    ['12/2', '99/99', '12/2'],
    ['1225', '99/99', '12/25'],
    ['12/25', '99/99', '12/25'],
    ['12/', '99/99', '12/'],
    ['122599', '99/99', '12/25'],
    ['1a2', '99', '12'],
    ['1-2', '99', '12'],
    ['ab12', '99/99', '12'],
    ['12x', '99/99', '12'],
    ['1/225', '99/99', '12/25'],
    ['4111111111111111', INPUT_MASKS.cardNumber, '4111 1111 1111 1111'],
    ['4111 1111 1111 1111', INPUT_MASKS.cardNumber, '4111 1111 1111 1111'],
    ['4111-1111-1111-1111', INPUT_MASKS.cardNumber, '4111 1111 1111 1111'],
    ['41111', INPUT_MASKS.cardNumber, '4111 1'],
    ['12 34 56', INPUT_MASKS.otp, '123456'],
    ['12a', INPUT_MASKS.cvc, '12'],
    // Letters of any script; digits only ASCII.
    ['ab12', 'aa-99', 'ab-12'],
    ['éß12', 'aa-99', 'éß-12'],
    ['жд', 'aa', 'жд'],
    ['١٢', '99', ''],
    ['a1', 'aa', 'a'],
    ['a1b2', '****', 'a1b2'],
    ['a-1_b', '***', 'a1b'],
    // Several literals in a row, typed or not.
    ['5551234', '(999) 999-9', '(555) 123-4'],
    ['(555) 123-4', '(999) 999-9', '(555) 123-4'],
    ['555 1', '(999) 999', '(555) 1'],
    // A letter outside the BMP is one character, not two halves.
    ['𝐀b', 'aa', '𝐀b'],
    // A decomposed accent (e + U+0301) joins its letter rather than being dropped.
    ['e\u0301t', 'aa', 'ét'],
  ]

  it.each(table)('fits %j into %j as %j', (raw, mask, expected) => {
    expect(applyMask(raw, mask)).toBe(expected)
  })

  it('is idempotent and never longer than the mask', () => {
    const masks = Object.values(INPUT_MASKS)
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...masks), (raw, mask) => {
        const masked = applyMask(raw, mask)
        expect(applyMask(masked, mask)).toBe(masked)
        expect(Array.from(masked).length).toBeLessThanOrEqual(Array.from(mask).length)
      }),
    )
  })

  it('keeps every digit of a card number that fits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,16}$/), (digits) => {
        expect(applyMask(digits, INPUT_MASKS.cardNumber).replaceAll(' ', '')).toBe(digits)
      }),
    )
  })
})

describe('maskedValueIsComplete', () => {
  const table: [string, string, boolean][] = [
    ['12/25', '99/99', true],
    ['12/2', '99/99', false],
    ['1225', '99/99', false],
    ['12-25', '99/99', false],
    ['12/25/', '99/99', false],
    ['ab/25', '99/99', false],
    ['', '99/99', false],
    ['', '', true],
    ['4111 1111 1111 1111', INPUT_MASKS.cardNumber, true],
    ['4111 1111 1111 111', INPUT_MASKS.cardNumber, false],
    ['123', INPUT_MASKS.cvc, true],
    ['123456', INPUT_MASKS.otp, true],
    ['éß-12', 'aa-99', true],
    ['a1b', '***', true],
    ['a_b', '***', false],
  ]

  it.each(table)('%j against %j is %s', (value, mask, expected) => {
    expect(maskedValueIsComplete(value, mask)).toBe(expected)
  })
})

describe('INPUT_MASKS', () => {
  it('holds the shared masks and cannot be changed', () => {
    expect(INPUT_MASKS).toEqual({
      cardNumber: '9999 9999 9999 9999',
      cardExpiry: '99/99',
      cvc: '999',
      otp: '999999',
    })
    expect(Object.isFrozen(INPUT_MASKS)).toBe(true)
  })
})
