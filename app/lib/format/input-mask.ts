/**
 * Input masks for the payment and verification forms. A mask is a pattern where `9` takes a digit,
 * `a` a letter of any script, `*` either, and every other character is a literal the mask inserts
 * itself, so players type only the meaningful characters.
 */

type SlotTest = (char: string) => boolean

// ASCII digits only: the masked text is submitted as-is, so other scripts' digits are skipped
// rather than passed on.
const isDigit: SlotTest = (char) => /^[0-9]$/.test(char)
const isLetter: SlotTest = (char) => /^\p{L}$/u.test(char)

const SLOTS = new Map<string, SlotTest>([
  ['9', isDigit],
  ['a', isLetter],
  ['*', (char) => isDigit(char) || isLetter(char)],
])

/** The masks later forms share; spaces and the slash are inserted while typing. */
export const INPUT_MASKS = Object.freeze({
  cardNumber: '9999 9999 9999 9999',
  cardExpiry: '99/99',
  cvc: '999',
  otp: '999999',
} as const)

/**
 * Fits `raw` (typed or pasted, masked or not) into `mask`. Characters a slot cannot take are
 * skipped, input beyond the mask is dropped, and literals appear only once a character follows
 * them, so a backspace over the '/' of '12/' is not undone by the mask: '1225' → '12/25',
 * '12' → '12'.
 */
export function applyMask(raw: string, mask: string): string {
  // Code points, so letters outside the BMP count as one character; NFC, so an accent typed or
  // pasted as a separate combining mark joins its letter instead of being skipped as a non-letter.
  const maskChars = Array.from(mask)
  let masked = ''
  let position = 0

  for (const char of raw.normalize('NFC')) {
    if (position >= maskChars.length) break

    // Literals due before the next slot; a typed literal (the '/' in '12/25') is taken as is.
    let pending = ''
    let next = position
    while (next < maskChars.length) {
      const maskChar = maskChars[next] ?? ''
      if (SLOTS.has(maskChar) || maskChar === char) break
      pending += maskChar
      next += 1
    }
    const maskChar = maskChars[next]
    if (maskChar === undefined) break

    const slotTest = SLOTS.get(maskChar)
    if (slotTest === undefined || slotTest(char)) {
      masked += pending + char
      position = next + 1
    }
  }
  return masked
}

/** Whether `value` (as produced by applyMask) fills every position of `mask`. */
export function maskedValueIsComplete(value: string, mask: string): boolean {
  const valueChars = Array.from(value)
  const maskChars = Array.from(mask)
  if (valueChars.length !== maskChars.length) return false
  return maskChars.every((maskChar, index) => {
    const char = valueChars[index] ?? ''
    const slotTest = SLOTS.get(maskChar)
    return slotTest === undefined ? char === maskChar : slotTest(char)
  })
}
