import { AppError, type ErrorCode } from '#server/lib/errors.ts'
import { cardDigits, isExpiryCurrent, isLuhnValid } from './card-rules.ts'
import type { MethodField } from './payments.tables.ts'

/** Why a payment field was refused; shown as `errors.fields.<code>` beside the field. */
export type PaymentFieldProblem =
  | { code: 'required' | 'invalid' | 'card_number_invalid' | 'card_expired' }
  | { code: 'too_long'; params: { max: number } }

/**
 * A refusal naming fields: the payments routes answer it with `errors.fields` holding one
 * translated message per field, keyed by the field's name (method fields, or the profile fields a
 * method needs).
 */
export class PaymentFieldErrors extends AppError {
  readonly problems: Record<string, PaymentFieldProblem>

  constructor(code: ErrorCode, problems: Record<string, PaymentFieldProblem>) {
    super(code, { details: problems })
    this.name = 'PaymentFieldErrors'
    this.problems = problems
  }
}

/**
 * Checks the method fields the player sent, every one in one pass: required, length, the
 * method's pattern, and for cards the Luhn digit and an expiry not in the past. Answers the
 * trimmed values of the known fields only (anything else sent is dropped, never stored).
 */
export function checkMethodFields(
  fields: MethodField[],
  sent: Record<string, string>,
  now = new Date(),
): Record<string, string> {
  const values: Record<string, string> = {}
  const problems: Record<string, PaymentFieldProblem> = {}
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
    if (field.type === 'card_number') {
      const digits = cardDigits(value)
      if (!digits || !isLuhnValid(digits)) {
        problems[field.name] = { code: 'card_number_invalid' }
        continue
      }
    }
    if (field.type === 'expiry') {
      const current = isExpiryCurrent(value, now)
      if (current === undefined) {
        problems[field.name] = { code: 'invalid' }
        continue
      }
      if (!current) {
        problems[field.name] = { code: 'card_expired' }
        continue
      }
    }
    values[field.name] = value
  }
  if (Object.keys(problems).length > 0)
    throw new PaymentFieldErrors('payments.fields_invalid', problems)
  return values
}
