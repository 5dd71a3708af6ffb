import { CURRENCY_EXPONENTS, type CurrencyCode } from '#common/money.ts'

export type AmountProblem = 'empty' | 'invalid' | 'decimals' | 'zero'

/**
 * Reads an amount the player typed ("15", "15.5", "15,50", "0.00125") into minor units of
 * `currency`, as digits, never through a float. Either a dot or a comma is the decimal mark;
 * spaces (and the thin spaces some locales group with) are ignored.
 */
export function parseAmount(
  typed: string,
  currency: CurrencyCode,
): { minor: bigint } | { problem: AmountProblem } {
  const text = typed.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  if (text === '') return { problem: 'empty' }
  const match = /^(\d{0,30})(?:\.(\d*))?$/.exec(text)
  if (!match || (match[1] === '' && !match[2])) return { problem: 'invalid' }
  const exponent = CURRENCY_EXPONENTS[currency]
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > exponent) return { problem: 'decimals' }
  const minor = BigInt(`${match[1] || '0'}${fraction.padEnd(exponent, '0')}`)
  if (minor === 0n) return { problem: 'zero' }
  return { minor }
}

/**
 * Quick amounts for the chips, in minor units: the method's minimum, then round 1-2-5 figures
 * within the range (10, 20, 50, 100 EUR; 0.0002, 0.0005, 0.001 BTC), four at most.
 */
export function quickAmounts(min: bigint, max: bigint): bigint[] {
  const steps = [1n, 2n, 5n]
  const picks: bigint[] = []
  // 1-2-5 figures upward from the smallest minor unit; those inside the range are taken.
  let magnitude = 1n
  while (picks.length < 4 && magnitude <= max) {
    for (const step of steps) {
      const amount = step * magnitude
      if (amount >= min && amount <= max && !picks.includes(amount)) picks.push(amount)
      if (picks.length >= 4) break
    }
    magnitude *= 10n
  }
  if (picks.length > 0 && picks[0] !== min && min > 0n) picks.unshift(min)
  return picks.slice(0, 4)
}

/**
 * `minor` of `from` in minor units of `to` at `rate` (units of `to` per unit of `from`, a decimal
 * string), rounded half-even as a displayed conversion is. Bigint throughout.
 */
export function convertMinor(
  minor: bigint,
  rate: string,
  from: CurrencyCode,
  to: CurrencyCode,
): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim())
  if (!match) return null
  const fraction = match[2] ?? ''
  let numerator = minor * BigInt(`${match[1]}${fraction}`)
  let denominator = 10n ** BigInt(fraction.length)
  const shift = CURRENCY_EXPONENTS[to] - CURRENCY_EXPONENTS[from]
  if (shift >= 0) numerator *= 10n ** BigInt(shift)
  else denominator *= 10n ** BigInt(-shift)
  const quotient = numerator / denominator
  const twice = (numerator % denominator) * 2n
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) return quotient + 1n
  return quotient
}

/**
 * The inverse of `convertMinor`: `minor` of `from` in units of `to` when `rate` is units of
 * `from` per unit of `to` (a crypto method's rate, read from the wallet's side). Rounded toward
 * zero, so an amount offered never exceeds what the wallet holds.
 */
export function convertMinorBack(
  minor: bigint,
  rate: string,
  from: CurrencyCode,
  to: CurrencyCode,
): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim())
  if (!match) return null
  const fraction = match[2] ?? ''
  const rateScaled = BigInt(`${match[1]}${fraction}`)
  if (rateScaled === 0n) return null
  let numerator = minor * 10n ** BigInt(fraction.length)
  let denominator = rateScaled
  const shift = CURRENCY_EXPONENTS[to] - CURRENCY_EXPONENTS[from]
  if (shift >= 0) numerator *= 10n ** BigInt(shift)
  else denominator *= 10n ** BigInt(-shift)
  return numerator / denominator
}
