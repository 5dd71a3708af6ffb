import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '#db/client.ts'
import { AppError, FieldErrors } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import type { SessionStore } from '#server/modules/auth/index.ts'
import { assertNoProblems, parseFields } from './field-errors.ts'
import { passwordProblem } from './password-policy.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { ChangePasswordFields } from './players.contract.ts'
import { players } from './players.tables.ts'

/**
 * Changes the signed-in player's password after checking the current one, then ends every other
 * session of theirs (a thief holding one is out), keeping the session that made the change.
 * A wrong current password is audited and answers `players.password_incorrect` on
 * `current_password`. Returns the id hashes of the sessions that ended.
 */
export async function changePassword(
  db: Db,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  input: {
    playerId: string
    keepSessionIdHash: string
    body: unknown
    now: Date
    sessions: SessionStore
  },
): Promise<string[]> {
  const { playerId } = input
  const { values, problems } = parseFields(ChangePasswordFields, input.body)
  const [player] = await db
    .select({ email: players.email, passwordHash: players.passwordHash })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1)
  if (!player) throw new AppError('auth.sign_in_required')

  if (values.new_password !== undefined) {
    const problem = passwordProblem(values.new_password, player.email)
    if (problem) problems.new_password = problem
  }
  if (
    values.current_password !== undefined &&
    !(await verifyPassword(player.passwordHash, values.current_password))
  ) {
    await recordAudit(db, request, {
      actorType: 'player',
      actorId: playerId,
      playerId,
      action: 'password.change_failed',
    })
    throw new FieldErrors(
      { ...problems, current_password: { code: 'password_incorrect' } },
      'players.password_incorrect',
    )
  }
  assertNoProblems(problems)
  if (values.new_password === undefined)
    throw new FieldErrors({ new_password: { code: 'required' } })

  const passwordHash = await hashPassword(values.new_password)
  return db.transaction(async (tx) => {
    await tx
      .update(players)
      .set({ passwordHash, passwordChangedAt: input.now, updatedAt: input.now })
      .where(eq(players.id, playerId))
    const ended = await input.sessions.endPlayerSessions(playerId, input.keepSessionIdHash, tx)
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: playerId,
      playerId,
      action: 'password.changed',
      details: { endedSessions: ended.length },
    })
    return ended
  })
}
