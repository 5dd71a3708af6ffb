import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '#server/lib/paths.ts'
import type { FieldProblem } from '#server/lib/errors.ts'

/** NIST SP 800-63B §5.1.1.2: at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8
/** NIST asks to accept at least 64; the cap only bounds the hashing work one request can ask for. */
export const PASSWORD_MAX_LENGTH = 256

export type PasswordProblem =
  'password_too_short' | 'password_too_long' | 'password_too_common' | 'password_is_email'

/**
 * The 3,000 most common passwords of SecLists' "10-million-password-list-top-1000000"
 * (Daniel Miessler and contributors, MIT licence), one a line, most common first. Read once from
 * the source tree, as the locales and migrations are, so the compiled server finds it too.
 * Compared lower-cased: `Password` is as guessable as `password`.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(join(PROJECT_ROOT, 'server', 'modules', 'players', 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
)

/**
 * The first rule a new password breaks, or undefined when it is acceptable (NIST SP 800-63B):
 * a length in Unicode code points between 8 and 256, not one of the most common passwords, not
 * the account's e-mail address or its local part. No composition rules: length and the blocklist
 * do more for strength than demanding digits and symbols, which only makes passwords predictable.
 */
export function checkPassword(
  password: string,
  context: { email?: string | undefined } = {},
): PasswordProblem | undefined {
  // NIST counts Unicode code points (an emoji made of several counts as several), as spread does.
  // eslint-disable-next-line @typescript-eslint/no-misused-spread
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) return 'password_too_short'
  if (length > PASSWORD_MAX_LENGTH) return 'password_too_long'
  const folded = password.trim().toLowerCase()
  if (COMMON_PASSWORDS.has(folded)) return 'password_too_common'
  const email = context.email?.trim().toLowerCase()
  if (email) {
    const localPart = email.slice(0, email.lastIndexOf('@'))
    if (folded === email || (localPart !== '' && folded === localPart)) return 'password_is_email'
  }
  return undefined
}

/** `checkPassword` as a field error, with the limit a length message names. */
export function passwordProblem(
  password: string,
  email: string | undefined,
): FieldProblem | undefined {
  const code = checkPassword(password, { email })
  if (code === 'password_too_short') return { code, params: { min: PASSWORD_MIN_LENGTH } }
  if (code === 'password_too_long') return { code, params: { max: PASSWORD_MAX_LENGTH } }
  return code && { code }
}

/** How many passwords the blocklist holds (a test checks the shipped list is complete). */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size
