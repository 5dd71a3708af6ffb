import { AppError, FieldErrors, type FieldProblems } from '#server/lib/errors.ts'
import type { MethodField } from './payments.tables.ts'

/** Field names that would carry a card number or a security code. */
const CARD_DATA_FIELD = /^(card_?number|number|pan|cvc2?|cvv2?|csc|cvn|security_?code|card_?code)$/i

/**
 * Card numbers and security codes never reach us (PCI DSS SAQ A): the card provider's hosted
 * fields take them and give us a token. A request naming such a field is refused whole (400)
 * before anything is read from it or stored, so no client can send one by mistake.
 */
export function refuseCardData(fields: Record<string, string>): void {
  if (Object.keys(fields).some((name) => CARD_DATA_FIELD.test(name))) {
    throw new AppError('payments.card_data_refused')
  }
}

/**
 * Checks the method fields the player sent, every one in one pass: required, length and the
 * method's pattern. Answers the trimmed values of the known fields only (anything else sent is
 * dropped, never stored).
 */
export function checkMethodFields(
  fields: MethodField[],
  sent: Record<string, string>,
): Record<string, string> {
  const values: Record<string, string> = {}
  const problems: FieldProblems = {}
  for (const field of fields) {
    const value = (Object.hasOwn(sent, field.name) ? sent[field.name] : undefined)?.trim() ?? ''
    if (value === '') {
      if (field.required) problems[field.name] = { code: 'required' }
      continue
    }
    if (value.length > field.maxLength) {
      problems[field.name] = { code: 'too_long', params: { max: field.maxLength } }
      continue
    }
    if (field.pattern && !new RegExp(field.pattern).test(value)) {
      problems[field.name] = { code: 'invalid' }
      continue
    }
    values[field.name] = value
  }
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems, 'payments.fields_invalid')
  return values
}
