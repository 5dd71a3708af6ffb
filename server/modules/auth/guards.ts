import type { FastifyRequest } from 'fastify'
import { AppError } from '#server/lib/errors.ts'
import { findPlayerSummary, type PlayerSummary } from '#server/modules/players/players.repo.ts'

/** The signed-in player's id; a call without one is refused with 401. */
export async function requirePlayerId(request: FastifyRequest): Promise<string> {
  const playerId = (await request.session())?.playerId
  if (!playerId) throw new AppError('auth.sign_in_required')
  return playerId
}

/** The signed-in account when it has the operator role; 401 signed out, 403 for a player. */
export async function requireOperator(request: FastifyRequest): Promise<PlayerSummary> {
  const playerId = await requirePlayerId(request)
  const account = await findPlayerSummary(request.server.database.db, playerId)
  if (account?.role !== 'operator') throw new AppError('auth.forbidden')
  return account
}
