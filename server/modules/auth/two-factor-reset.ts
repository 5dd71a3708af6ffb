import { and, eq, isNotNull } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { deleteRecoveryCodes } from './recovery-codes.ts'

/**
 * Turns a player's 2FA off at support's hands, once their identity was checked another way (they
 * lost the authenticator and the recovery codes): the sealed secret, its last step and every
 * recovery code go. 409 `two_factor.not_enabled` when it is off. The caller ends the player's
 * sessions, audits and notifies in the same transaction.
 */
export async function resetTwoFactor(tx: Tx, playerId: string, now = new Date()): Promise<void> {
  const reset = await tx
    .update(players)
    .set({ totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(and(eq(players.id, playerId), isNotNull(players.totpEnabledAt)))
    .returning({ id: players.id })
  if (reset.length === 0) {
    const [row] = await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId))
    throw new AppError(row ? 'two_factor.not_enabled' : 'players.not_found')
  }
  await deleteRecoveryCodes(tx, playerId)
}
