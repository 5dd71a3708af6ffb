import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { AppError } from '#server/lib/errors.ts'
import { findOperatorById, type OperatorSummary } from '#server/modules/operators/index.ts'
import type { OperatorRole } from '#server/modules/operators/operators.tables.ts'

/** The signed-in player's id and session (its id hash); a call without one is refused with 401. */
export async function requirePlayerSession(
  request: FastifyRequest,
): Promise<{ playerId: string; sessionId: string }> {
  const session = await request.session()
  if (!session?.playerId) throw new AppError('auth.sign_in_required')
  return { playerId: session.playerId, sessionId: session.idHash }
}

/** The signed-in player's id; a call without one is refused with 401. */
export async function requirePlayerId(request: FastifyRequest): Promise<string> {
  return (await requirePlayerSession(request)).playerId
}

/**
 * The signed-in operator when they hold one of `roles` (admin holds them all); 401 without an
 * operator session, 403 without the role. Operators sign in apart from players, always with 2FA.
 */
export async function requireOperatorRole(
  request: FastifyRequest,
  roles: readonly OperatorRole[],
): Promise<OperatorSummary> {
  const operatorId = (await request.session())?.operatorId
  if (!operatorId) throw new AppError('auth.sign_in_required')
  const operator = await findOperatorById(request.server.database.db, operatorId)
  if (!operator || operator.disabledAt) throw new AppError('auth.sign_in_required')
  if (!operator.roles.some((role) => role === 'admin' || roles.includes(role))) {
    throw new AppError('auth.forbidden')
  }
  return { id: operator.id, email: operator.email, name: operator.name, roles: operator.roles }
}

/**
 * A hook for the operations pages (`/metrics`, the API viewer) on a public start: they answer a
 * scraper's `Authorization: Bearer <METRICS_TOKEN>` or a signed-in operator (any role), else 401.
 */
export function requireOperationsAccess(token: string | undefined) {
  const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`)
  return async (request: FastifyRequest): Promise<void> => {
    const sent = request.headers.authorization
    if (expected && sent !== undefined) {
      const given = Buffer.from(sent)
      if (given.length === expected.length && timingSafeEqual(given, expected)) return
    }
    const operatorId = (await request.session())?.operatorId
    const operator = operatorId
      ? await findOperatorById(request.server.database.db, operatorId)
      : undefined
    if (!operator || operator.disabledAt) throw new AppError('auth.sign_in_required')
  }
}
