import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import type { LocalePrefix } from '#common/locales.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { FieldErrors } from '#server/lib/errors.ts'
import { assertNoProblems, parseFields } from './field-errors.ts'
import { passwordProblem } from './password-policy.ts'
import { hashPassword } from './passwords.ts'
import { RegisterFields, type SupportedCurrency } from './players.contract.ts'
import { normaliseEmail, type PlayerSummary } from './players.repo.ts'
import { players } from './players.tables.ts'
import {
  checkBirthDate,
  checkCountry,
  isKnownCountry,
  isNationalFormat,
  normalisePhone,
} from './profile-rules.ts'

/** A sign-up that passed every rule, its values normalised as they are stored. */
export interface Registration {
  email: string
  password: string
  currency: SupportedCurrency
  firstName: string
  lastName: string
  birthDate: string
  country: string
  city: string
  address: string
  postCode: string
  phone: string
  locale: LocalePrefix
}

export interface RegistrationRules {
  blockedCountries: readonly string[]
  /** The language when the body names none (the locale cookie, else the default). */
  fallbackLocale: LocalePrefix
  now: Date
}

/**
 * Checks a sign-up body against every rule at once, so the form shows each refused field in one
 * answer. A taken e-mail address answers `players.email_taken` (409), the one thing sign-up may
 * tell about existing accounts; anything else refused answers `request.invalid` (400).
 */
export async function validateRegistration(
  db: Db,
  body: unknown,
  rules: RegistrationRules,
): Promise<Registration> {
  const { values, problems } = parseFields(RegisterFields, body)
  const email = values.email === undefined ? undefined : normaliseEmail(values.email)

  if (values.password !== undefined) {
    const problem = passwordProblem(values.password, email ?? rawEmail(body))
    if (problem) problems.password = problem
  }
  if (values.birth_date !== undefined) {
    const birthDate = checkBirthDate(values.birth_date, rules.now)
    if (!birthDate.ok) problems.birth_date = { code: birthDate.code }
  }
  if (values.country !== undefined) {
    const country = checkCountry(values.country, rules.blockedCountries)
    if (!country.ok) problems.country = { code: country.code }
  }
  let phone: string | undefined
  const phoneCountry = isKnownCountry(values.country) ? values.country : undefined
  // A national number cannot be judged before the country is fixed; that field says so already.
  if (values.phone !== undefined && (phoneCountry || !isNationalFormat(values.phone))) {
    const checked = normalisePhone(values.phone, phoneCountry)
    if (checked.ok) phone = checked.value
    else problems.phone = { code: checked.code }
  }
  const isTaken = email !== undefined && (await isEmailRegistered(db, email))
  if (isTaken) problems.email = { code: 'email_taken' }
  assertNoProblems(problems, isTaken ? 'players.email_taken' : 'request.invalid')

  const {
    password,
    currency,
    first_name,
    last_name,
    birth_date,
    country,
    city,
    address,
    post_code,
  } = values
  if (
    email === undefined ||
    password === undefined ||
    currency === undefined ||
    first_name === undefined ||
    last_name === undefined ||
    birth_date === undefined ||
    country === undefined ||
    city === undefined ||
    address === undefined ||
    post_code === undefined ||
    phone === undefined
  ) {
    // Unreachable: every field but the locale is required, so a missing one is a problem above.
    throw new FieldErrors({})
  }
  return {
    email,
    password,
    currency,
    firstName: first_name,
    lastName: last_name,
    birthDate: birth_date,
    country,
    city,
    address,
    postCode: post_code,
    phone,
    locale: values.locale ?? rules.fallbackLocale,
  }
}

/** The e-mail as typed, when it did not pass as an address: the password still must not be it. */
function rawEmail(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null)?.email
  return typeof email === 'string' ? email : undefined
}

async function isEmailRegistered(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, email))
    .limit(1)
  return row !== undefined
}

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true
  }
  return false
}

/**
 * Creates the account and its audit event in one transaction, with whatever `alsoInTransaction`
 * writes for the new player (its welcome notification). Two sign-ups racing for one address meet
 * the unique index: the loser gets `players.email_taken`.
 */
export async function createPlayer(
  db: Db,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  registration: Registration,
  alsoInTransaction: (tx: Tx, player: PlayerSummary) => Promise<unknown>,
): Promise<PlayerSummary> {
  const passwordHash = await hashPassword(registration.password)
  try {
    return await db.transaction(async (tx) => {
      const [player] = await tx
        .insert(players)
        .values({
          email: registration.email,
          passwordHash,
          firstName: registration.firstName,
          lastName: registration.lastName,
          birthDate: registration.birthDate,
          country: registration.country,
          city: registration.city,
          address: registration.address,
          postCode: registration.postCode,
          phone: registration.phone,
          currency: registration.currency,
          locale: registration.locale,
        })
        .returning({
          id: players.id,
          email: players.email,
          firstName: players.firstName,
          lastName: players.lastName,
          currency: players.currency,
        })
      if (!player) throw new Error('insert returned no player')
      await recordAudit(tx, request, {
        actorType: 'player',
        actorId: player.id,
        playerId: player.id,
        action: 'player.registered',
        details: { country: registration.country, currency: registration.currency },
      })
      await alsoInTransaction(tx, player)
      return player
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new FieldErrors({ email: { code: 'email_taken' } }, 'players.email_taken')
    }
    throw error
  }
}
