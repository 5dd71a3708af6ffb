import { CURRENCY_EXPONENTS, type CurrencyCode } from './money.ts'

/** ISO 4217 codes Intl knows; the crypto codes are printed after the number instead. */
const FIAT = new Set<string>(['EUR', 'USD', 'CAD', 'AUD', 'NZD', 'PLN', 'INR', 'NOK'])

/**
 * Minor units as text in the player's locale, digit-exact: the integer is split into whole and
 * fraction as strings, never through a float (conventions: money is never a float).
 */
export function formatMoney(
  minor: bigint | string,
  currency: CurrencyCode,
  localeTag: string,
): string {
  const exponent = CURRENCY_EXPONENTS[currency]
  const value = BigInt(minor)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, '0')
  const whole = digits.slice(0, digits.length - exponent)
  // Crypto amounts drop trailing zeros beyond two places; fiat keeps its exponent.
  let fraction = digits.slice(digits.length - exponent)
  if (!FIAT.has(currency)) fraction = fraction.replace(/0+$/, '').padEnd(2, '0')
  const decimal = `${negative ? '-' : ''}${whole}.${fraction}` as `${number}`
  const format = (options: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(localeTag, {
      minimumFractionDigits: fraction.length,
      maximumFractionDigits: fraction.length,
      ...options,
    }).format(decimal)
  const text = FIAT.has(currency)
    ? format({ style: 'currency', currency })
    : `${format({})} ${currency}`
  return isRightToLeft(localeTag) ? anchorLatinSymbol(text) : text
}

const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur'])
const isRightToLeft = (localeTag: string) => RTL_LANGUAGES.has(localeTag.split('-')[0] ?? '')

/**
 * Note: Intl writes a dollar in Arabic as `‏1,234.50 US$`, and so do we, but on a right-to-left
 * page the `$` after the Latin `US` takes the page's direction and is drawn before it: players
 * read "$US". A left-to-right mark after a symbol ending in Latin letters or signs keeps the
 * symbol as Intl wrote it; the text itself is Intl's, unchanged.
 */
function anchorLatinSymbol(text: string): string {
  return /[A-Za-z][^\s\d]*$/.test(text) ? `${text}\u200e` : text
}

/**
 * Minor units as the plain decimal a player types into an amount field ("15", "15.5",
 * "0.00125"): ASCII digits and a dot, trailing zeros dropped, no grouping and no symbol.
 */
export function minorToDecimal(minor: bigint | string, currency: CurrencyCode): string {
  const exponent = CURRENCY_EXPONENTS[currency]
  const value = BigInt(minor)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, '0')
  const whole = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
