import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import { assertNoProblems, parseFields } from './field-errors.ts'
import { playerInfoColumns, type PlayerInfoRow } from './player-info.ts'
import { UpdateFields } from './players.contract.ts'
import { players } from './players.tables.ts'
import {
  checkBirthDate,
  checkCountry,
  isKnownCountry,
  isNationalFormat,
  normalisePhone,
} from './profile-rules.ts'

/** The columns a profile update may change, by the body's field names. */
const COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  birth_date: 'birthDate',
  country: 'country',
  city: 'city',
  address: 'address',
  post_code: 'postCode',
  phone: 'phone',
} as const satisfies Record<keyof typeof UpdateFields, keyof typeof players.$inferInsert>
type ProfileChanges = Partial<
  Record<(typeof COLUMNS)[keyof typeof COLUMNS], string> & { phoneVerifiedAt: Date | null }
>

/**
 * What an approved identity document confirms: once one is approved, a change goes through
 * support (KYC), so that an account cannot be handed to someone else's identity
 * after its checks.
 */
export const IDENTITY_FIELDS: ReadonlySet<keyof typeof COLUMNS> = new Set([
  'first_name',
  'last_name',
  'birth_date',
  'country',
])

async function hasApprovedIdentity(tx: Tx, playerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: playerDocuments.id })
    .from(playerDocuments)
    .where(and(eq(playerDocuments.playerId, playerId), eq(playerDocuments.status, 'approved')))
    .limit(1)
  return row !== undefined
}

/**
 * Updates the signed-in player's own profile: only the fields sent, each checked as at sign-up
 * (e-mail and currency are not changeable here; name, birth date and country not once an
 * identity document is approved: 409 `players.identity_locked`). A new phone number is
 * unverified again. The audit event names the fields that changed, never their values. Answers
 * the row as it now is.
 */
export async function updatePlayerProfile(
  db: Db,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  playerId: string,
  body: unknown,
  rules: { blockedCountries: readonly string[]; now: Date },
): Promise<PlayerInfoRow> {
  const { values, problems } = parseFields(UpdateFields, body)
  if (values.birth_date !== undefined) {
    const birthDate = checkBirthDate(values.birth_date, rules.now)
    if (!birthDate.ok) problems.birth_date = { code: birthDate.code }
  }
  if (values.country !== undefined) {
    const country = checkCountry(values.country, rules.blockedCountries)
    if (!country.ok) problems.country = { code: country.code }
  }

  return db.transaction(async (tx) => {
    // Locked, so two updates at once cannot both decide the phone is unchanged.
    const [current] = await tx
      .select(playerInfoColumns)
      .from(players)
      .where(eq(players.id, playerId))
      .for('update')
    if (!current) throw new AppError('auth.sign_in_required')

    const wanted: Partial<Record<keyof typeof COLUMNS, string>> = { ...values }
    // A national number is read as one of the country being saved, else the stored one; it
    // cannot be judged while the country sent is unknown, which its own field says already.
    const country = values.country ?? current.country
    if (
      values.phone !== undefined &&
      (isKnownCountry(country) || !isNationalFormat(values.phone) || !problems.country)
    ) {
      const phone = normalisePhone(values.phone, isKnownCountry(country) ? country : undefined)
      if (phone.ok) wanted.phone = phone.value
      else problems.phone = { code: phone.code }
    }
    // Thrown inside the transaction: it only rolls back a read.
    assertNoProblems(problems)

    const changes: ProfileChanges = {}
    const changed: (keyof typeof COLUMNS)[] = []
    for (const [field, column] of Object.entries(COLUMNS) as [
      keyof typeof COLUMNS,
      (typeof COLUMNS)[keyof typeof COLUMNS],
    ][]) {
      const value = wanted[field]
      if (value !== undefined && value !== current[column]) {
        changes[column] = value
        changed.push(field)
      }
    }
    if (changed.length === 0) return current
    const lockedChanges = changed.filter((field) => IDENTITY_FIELDS.has(field))
    if (lockedChanges.length > 0 && (await hasApprovedIdentity(tx, playerId))) {
      assertNoProblems(
        Object.fromEntries(lockedChanges.map((field) => [field, { code: 'identity_locked' }])),
        'players.identity_locked',
      )
    }
    if (changes.phone !== undefined) changes.phoneVerifiedAt = null

    const [updated] = await tx
      .update(players)
      .set({ ...changes, updatedAt: rules.now })
      .where(eq(players.id, playerId))
      .returning(playerInfoColumns)
    if (!updated) throw new AppError('auth.sign_in_required')
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: playerId,
      playerId,
      action: 'player.updated',
      details: { fields: changed },
    })
    return updated
  })
}
