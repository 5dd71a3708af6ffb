import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { players } from './players.tables.ts'

/**
 * Locks an account (fraud, a compromised account): sign-in is refused until an operator unlocks
 * it. The caller ends the player's sessions and audits in the same transaction. The update is
 * conditional, so two operators locking at once lock once and the second hears 409.
 */
export async function lockPlayer(
  tx: Tx,
  playerId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  const locked = await tx
    .update(players)
    .set({ lockedAt: now, lockReason: reason, updatedAt: now })
    .where(and(eq(players.id, playerId), isNull(players.lockedAt)))
    .returning({ id: players.id })
  if (locked.length === 0) throw await missingOr(tx, playerId, 'players.already_locked')
}

/** Lifts an operator's lock; answers the lock's reason for the audit record. */
export async function unlockPlayer(tx: Tx, playerId: string, now = new Date()): Promise<string> {
  const [before] = await tx
    .select({ lockReason: players.lockReason })
    .from(players)
    .where(and(eq(players.id, playerId), isNotNull(players.lockedAt)))
    .for('update')
  if (!before) throw await missingOr(tx, playerId, 'players.not_locked')
  await tx
    .update(players)
    .set({ lockedAt: null, lockReason: null, updatedAt: now })
    .where(eq(players.id, playerId))
  return before.lockReason ?? ''
}

async function missingOr(
  db: Db | Tx,
  playerId: string,
  code: 'players.already_locked' | 'players.not_locked',
): Promise<AppError> {
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId))
  return new AppError(row ? code : 'players.not_found')
}
