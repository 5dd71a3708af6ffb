/**
 * Money on the server is `bigint` minor units of a currency whose exponent is fixed here. Only
 * these helpers turn decimal text into minor units and back; nothing here uses a float.
 */
export const CURRENCY_EXPONENTS = {
  EUR: 2,
  USD: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  PLN: 2,
  INR: 2,
  NOK: 2,
  BCH: 8,
  BTC: 8,
  LTC: 8,
  ETH: 8,
  DOG: 8,
  XRP: 6,
  USDT: 6,
  ADA: 6,
  TRX: 6,
  BNB: 8,
} as const satisfies Record<string, number>
export type CurrencyCode = keyof typeof CURRENCY_EXPONENTS
/** Every currency the site keeps money in, as a list (for schemas). */
export const CURRENCY_CODES = Object.keys(CURRENCY_EXPONENTS) as [CurrencyCode, ...CurrencyCode[]]

export const isCurrencyCode = (value: string): value is CurrencyCode =>
  Object.hasOwn(CURRENCY_EXPONENTS, value)

export const exponentOf = (currency: CurrencyCode): number => CURRENCY_EXPONENTS[currency]

/**
 * The largest amount a client may name (a stake, deposit, withdrawal, limit, or a gateway's
 * transfer): 12 digits of minor units (10 billion euros, 10,000 BTC). Converted into any of the
 * site's currencies (at most about 6 million minor units per euro cent, Dogecoin) it still fits
 * a `bigint` column, so a bigger number is refused at the edge (400) instead of overflowing a
 * column or a conversion later (500).
 */
export const MAX_AMOUNT_MINOR = 999_999_999_999n
/** Whole minor units from 0 to `MAX_AMOUNT_MINOR`, without leading zeros. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,11})$/
const DECIMAL_PATTERN = /^(\d{1,30})(?:\.(\d{1,30}))?$/

/**
 * Minor units a client wrote on the wire ("1500"); undefined unless a whole number from 0 to
 * `MAX_AMOUNT_MINOR`.
 */
export function parseMinor(text: string): bigint | undefined {
  return AMOUNT_PATTERN.test(text) ? BigInt(text) : undefined
}

export type ParseDecimalResult =
  { ok: true; minor: bigint } | { ok: false; reason: 'invalid' | 'too_many_decimals' }

/** "12.5" EUR → 1250n; more decimals than the currency has is refused, never rounded away. */
export function parseDecimal(text: string, currency: CurrencyCode): ParseDecimalResult {
  const match = DECIMAL_PATTERN.exec(text.trim())
  if (!match) return { ok: false, reason: 'invalid' }
  const [, whole = '0', fraction = ''] = match
  const exponent = exponentOf(currency)
  if (fraction.length > exponent) return { ok: false, reason: 'too_many_decimals' }
  return { ok: true, minor: BigInt(whole + fraction.padEnd(exponent, '0')) }
}

/** 1250n EUR → "12.50": the currency's full number of decimals, for machines and inputs. */
export function formatDecimal(minor: bigint, currency: CurrencyCode): string {
  const exponent = exponentOf(currency)
  const sign = minor < 0n ? '-' : ''
  const digits = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, '0')
  if (exponent === 0) return sign + digits
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`
}

/** Rates are decimal text with up to this many decimals, held as integers scaled by 10^12. */
const RATE_SCALE_DIGITS = 12
const RATE_PATTERN = /^(\d{1,18})(?:\.(\d{1,12}))?$/

/** A rate scaled by 10^12 back to its decimal text, trailing zeros dropped ("1.0832"). */
export function formatRate(scaled: bigint): string {
  const unit = 10n ** BigInt(RATE_SCALE_DIGITS)
  const fraction = (scaled % unit).toString().padStart(RATE_SCALE_DIGITS, '0').replace(/0+$/, '')
  const whole = (scaled / unit).toString()
  return fraction ? `${whole}.${fraction}` : whole
}

/** "1.0832" → the rate as an integer of 10^-12 units; undefined when malformed or zero. */
export function parseRate(text: string): bigint | undefined {
  const match = RATE_PATTERN.exec(text)
  if (!match) return undefined
  const [, whole = '0', fraction = ''] = match
  const scaled = BigInt(whole + fraction.padEnd(RATE_SCALE_DIGITS, '0'))
  return scaled > 0n ? scaled : undefined
}

export type Rounding = 'toward_zero' | 'half_even'

/** a / b for b > 0, rounded as asked. */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator // bigint division truncates toward zero
  if (rounding === 'toward_zero') return quotient
  const remainder = numerator % denominator
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  if (twice < denominator) return quotient
  const away = numerator < 0n ? quotient - 1n : quotient + 1n
  if (twice > denominator) return away
  return quotient % 2n === 0n ? quotient : away
}

/**
 * Converts minor units of `from` into minor units of `to`, where each rate is how many units of
 * its currency one unit of the base currency (EUR) buys. Money that moves rounds toward zero
 * (the house never pays a fraction it does not have); a shown conversion rounds half-even.
 * `spreadBp` keeps that many basis points of the result back: the operator's conversion spread
 * on money that moves.
 */
export function convertMinor(
  amount: bigint,
  from: { currency: CurrencyCode; rate: bigint },
  to: { currency: CurrencyCode; rate: bigint },
  rounding: Rounding,
  spreadBp = 0n,
): bigint {
  if (from.currency === to.currency) return amount
  const numerator =
    amount * 10n ** BigInt(exponentOf(to.currency)) * to.rate * (BASIS_POINTS - spreadBp)
  const denominator = 10n ** BigInt(exponentOf(from.currency)) * from.rate * BASIS_POINTS
  return divide(numerator, denominator, rounding)
}

const BASIS_POINTS = 10_000n

/**
 * The least amount of `from` that `convertMinor(…, 'toward_zero', spreadBp)` turns into at least
 * `target` of `to`: what a player pays for an amount they want to receive.
 */
export function costInMinor(
  target: bigint,
  from: { currency: CurrencyCode; rate: bigint },
  to: { currency: CurrencyCode; rate: bigint },
  spreadBp = 0n,
): bigint {
  if (from.currency === to.currency) return target
  const numerator = target * 10n ** BigInt(exponentOf(from.currency)) * from.rate * BASIS_POINTS
  const denominator = 10n ** BigInt(exponentOf(to.currency)) * to.rate * (BASIS_POINTS - spreadBp)
  return (numerator + denominator - 1n) / denominator
}
