import { ApiError } from '#app/lib/api.ts'

export type FieldErrors = Record<string, string>

/**
 * A refusal's field errors keyed by the form's field names (validation answers name them
 * `body.<field>`), first message of each. Refusals that carry only an error code are put beside
 * the field `byCode` names for it (`two_factor.code_invalid` → `code`).
 */
export function fieldErrorsOf(error: unknown, byCode: Record<string, string> = {}): FieldErrors {
  if (!(error instanceof ApiError)) return {}
  const field = byCode[error.code]
  if (field) return { [field]: error.message }
  return Object.fromEntries(
    Object.entries(error.fields).map(([name, messages]) => [
      name.replace(/^body\./, ''),
      messages[0] ?? error.message,
    ]),
  )
}

/** The refusal's message in the player's language, or the generic one for a network failure. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}

/** The errors without the one of `field` (the player changed that field). */
export const withoutError = (errors: FieldErrors, field: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field))
