import { countries } from 'countries-list'
import parsePhoneNumber, { isSupportedCountry } from 'libphonenumber-js/max'
import type { FieldErrorCode } from '#server/lib/errors.ts'

/** Players are 18 or older. */
export const MINIMUM_AGE_YEARS = 18
/** Older birth dates are typing mistakes, not players. */
const EARLIEST_BIRTH_YEAR = 1900

type Check<T> = { ok: true; value: T } | { ok: false; code: FieldErrorCode }

const ymd = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/**
 * A `YYYY-MM-DD` that is a real calendar date, from 1900 on, of someone who is 18 or older on
 * `now`'s UTC date. Note: the 18th birthday of someone born on 29 February falls on 1 March in a
 * common year (the comparison is of the date strings, so no day is invented).
 */
export function checkBirthDate(value: string, now: Date): Check<string> {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return { ok: false, code: 'birth_date_invalid' }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const isReal =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  const today = ymd(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate())
  if (!isReal || year < EARLIEST_BIRTH_YEAR || value > today) {
    return { ok: false, code: 'birth_date_invalid' }
  }
  if (ymd(year + MINIMUM_AGE_YEARS, month, day) > today) return { ok: false, code: 'under_age' }
  return { ok: true, value }
}

/** An ISO 3166-1 alpha-2 code that names a country and is not blocked by the site's settings. */
export function checkCountry(code: string, blockedCountries: readonly string[]): Check<string> {
  if (!Object.hasOwn(countries, code)) return { ok: false, code: 'country_unknown' }
  if (blockedCountries.includes(code)) return { ok: false, code: 'country_blocked' }
  return { ok: true, value: code }
}

/** A known country code, blocked or not: a national phone number can be read as one of it. */
export const isKnownCountry = (code: string | undefined): code is string =>
  code !== undefined && Object.hasOwn(countries, code)

/** Whether a phone number is written nationally, so it means nothing without its country. */
export const isNationalFormat = (phone: string) => !phone.trimStart().startsWith('+')

/**
 * A valid phone number as E.164. A number in national format is read as one of `country`; one in
 * international format (`+44…`) is taken as it says, so a player living abroad keeps their phone.
 * Checked against the library's full metadata, so a number of the right length but an unused
 * range is refused too.
 */
export function normalisePhone(value: string, country: string | undefined): Check<string> {
  const defaultCountry = country && isSupportedCountry(country) ? country : undefined
  const phone = parsePhoneNumber(value, {
    ...(defaultCountry && { defaultCountry }),
    extract: false,
  })
  if (!phone?.isValid()) return { ok: false, code: 'phone_invalid' }
  return { ok: true, value: phone.number }
}
