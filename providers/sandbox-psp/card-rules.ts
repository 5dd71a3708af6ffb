/** Card checks the server makes before a card reaches the provider; nothing here stores a number. */

/** The digits of a card number as typed (spaces and dashes between groups are allowed). */
export function cardDigits(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, '')
  return /^\d{12,19}$/.test(digits) ? digits : undefined
}

/** The Luhn (mod 10) check every card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The scheme by its number's first digits, for the label the player recognises. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard'
  if (/^3[47]/.test(digits)) return 'Amex'
  return 'Card'
}

/**
 * An expiry `MM/YY` that has not passed: a card is valid through the last day of its month (UTC).
 * Undefined when malformed.
 */
export function isExpiryCurrent(expiry: string, now = new Date()): boolean | undefined {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry)
  if (!match) return undefined
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  const nowYear = now.getUTCFullYear()
  const nowMonth = now.getUTCMonth() + 1
  return year > nowYear || (year === nowYear && month >= nowMonth)
}
