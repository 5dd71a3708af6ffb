import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CURRENCY_EXPONENTS } from '#common/money.ts'
import { parseFields } from './field-errors.ts'
import { currencySymbol } from './player-info.ts'
import { RegisterFields, SUPPORTED_CURRENCIES, UpdateFields } from './players.contract.ts'
import { checkBirthDate, checkCountry, normalisePhone } from './profile-rules.ts'

const at = (iso: string) => new Date(`${iso}T12:00:00Z`)

describe('checkBirthDate', () => {
  it('accepts a player who is 18 today or older', () => {
    expect(checkBirthDate('2008-06-15', at('2026-06-15'))).toEqual({
      ok: true,
      value: '2008-06-15',
    })
    expect(checkBirthDate('1950-01-01', at('2026-06-15'))).toMatchObject({ ok: true })
  })

  it('refuses the day before the 18th birthday', () => {
    expect(checkBirthDate('2008-06-16', at('2026-06-15'))).toEqual({ ok: false, code: 'under_age' })
    expect(checkBirthDate('2026-06-15', at('2026-06-15'))).toEqual({ ok: false, code: 'under_age' })
  })

  it('lets someone born on 29 February turn 18 on 1 March of a common year', () => {
    expect(checkBirthDate('2008-02-29', at('2026-02-28'))).toMatchObject({ code: 'under_age' })
    expect(checkBirthDate('2008-02-29', at('2026-03-01'))).toMatchObject({ ok: true })
  })

  it('refuses dates that do not exist, are in the future or before 1900', () => {
    for (const value of ['2001-02-29', '2000-13-01', '2000-00-10', '2000-04-31', '1899-12-31']) {
      expect(checkBirthDate(value, at('2026-06-15'))).toEqual({
        ok: false,
        code: 'birth_date_invalid',
      })
    }
    expect(checkBirthDate('2030-01-01', at('2026-06-15'))).toMatchObject({
      code: 'birth_date_invalid',
    })
    expect(checkBirthDate('1.1.2000', at('2026-06-15'))).toMatchObject({
      code: 'birth_date_invalid',
    })
    expect(checkBirthDate('2000-02-29', at('2026-06-15'))).toMatchObject({ ok: true })
  })
})

describe('checkCountry', () => {
  it('knows the ISO countries and refuses the blocked ones', () => {
    expect(checkCountry('FI', ['US'])).toEqual({ ok: true, value: 'FI' })
    expect(checkCountry('US', ['US'])).toEqual({ ok: false, code: 'country_blocked' })
    expect(checkCountry('ZZ', [])).toEqual({ ok: false, code: 'country_unknown' })
    expect(checkCountry('fi', [])).toEqual({ ok: false, code: 'country_unknown' })
  })
})

describe('normalisePhone', () => {
  it("reads a national number as the country's and stores E.164", () => {
    expect(normalisePhone('040 123 4567', 'FI')).toEqual({ ok: true, value: '+358401234567' })
    expect(normalisePhone('(020) 7946 0018', 'GB')).toEqual({ ok: true, value: '+442079460018' })
  })

  it('takes an international number as it says, whatever the country', () => {
    expect(normalisePhone('+44 7911 123456', 'FI')).toEqual({ ok: true, value: '+447911123456' })
    expect(normalisePhone('+358 40 123 4567', undefined)).toMatchObject({ ok: true })
  })

  it('refuses numbers that are not valid', () => {
    for (const [value, country] of [
      ['12345', 'FI'],
      ['040 123 4567', undefined],
      ['not a number', 'FI'],
      ['call 040 123 4567', 'FI'],
      ['+358 00 000 0000', 'FI'],
    ] as const) {
      expect(normalisePhone(value, country)).toEqual({ ok: false, code: 'phone_invalid' })
    }
    // A country the phone metadata lacks (Antarctica) still accepts an international number.
    expect(normalisePhone('040 123 4567', 'AQ')).toMatchObject({ ok: false })
  })
})

describe('parseFields', () => {
  it('names every refused field with its own code', () => {
    const { values, problems } = parseFields(RegisterFields, {
      email: 'not-an-address',
      password: '',
      currency: 'GBP',
      first_name: '   ',
      last_name: 'x'.repeat(101),
      birth_date: '15/06/2000',
      country: 'Finland',
      city: 42,
      address: null,
      terms_accepted: false,
      locale: 'xx',
      post_code: ' 00100 ',
    })
    expect(problems).toEqual({
      email: { code: 'email_invalid' },
      password: { code: 'required' },
      currency: { code: 'currency_unsupported' },
      first_name: { code: 'required' },
      last_name: { code: 'too_long', params: { max: 100 } },
      birth_date: { code: 'birth_date_invalid' },
      country: { code: 'country_unknown' },
      city: { code: 'invalid' },
      address: { code: 'required' },
      phone: { code: 'required' },
      terms_accepted: { code: 'terms_required' },
      locale: { code: 'locale_unknown' },
    })
    expect(values).toEqual({ post_code: '00100' })
  })

  it('treats a missing terms box as not accepted, and a non-object body as empty', () => {
    expect(parseFields(RegisterFields, []).problems.terms_accepted).toEqual({
      code: 'terms_required',
    })
    expect(Object.keys(parseFields(RegisterFields, 'text').problems)).toHaveLength(12)
  })

  it('normalises what passes: trimmed text, upper-case country, lower-case kept for e-mail', () => {
    const { values, problems } = parseFields(UpdateFields, {
      country: ' fi ',
      city: '  Helsinki ',
      unknown: 'ignored',
    })
    expect(problems).toEqual({})
    expect(values).toEqual({ country: 'FI', city: 'Helsinki' })
  })

  it('leaves optional fields out when absent', () => {
    expect(parseFields({ a: z.string().optional() }, {})).toEqual({ values: {}, problems: {} })
  })
})

describe('currencies and levels', () => {
  it('offers the spec’s 18 currencies, each with a minor-unit exponent', () => {
    expect(SUPPORTED_CURRENCIES).toHaveLength(18)
    expect([...SUPPORTED_CURRENCIES].sort()).toEqual(Object.keys(CURRENCY_EXPONENTS).sort())
  })

  it('shows fiat narrow symbols and crypto codes', () => {
    expect(currencySymbol('EUR')).toBe('€')
    expect(currencySymbol('CAD')).toBe('$')
    expect(currencySymbol('PLN')).toBe('zł')
    expect(currencySymbol('NOK')).toBe('kr')
    expect(currencySymbol('BTC')).toBe('BTC')
    expect(currencySymbol('USDT')).toBe('USDT')
  })
})
