import { eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  breakOpensAt,
  standingBar,
  type PlayBar,
  type ProtectionState,
} from '#common/protection.ts'
import { playerProtection } from './limits.tables.ts'

// Reading a player's protection row, and the one refusal every path that a standing bar stops
// throws (deposits, bonuses, rewards, tournaments, the shop). Bets check the row in their own
// statements (`play-limits.ts`), the same rules.

export type ProtectionRow = typeof playerProtection.$inferSelect

const NONE: ProtectionState = {
  breakKind: null,
  breakUntil: null,
  lapseRequestedAt: null,
  closedAt: null,
  registerMatch: false,
  realityCheckDueAt: null,
}

/** The rules' view of a row (a player without a row has no protection state). */
export function protectionStateOf(row: ProtectionRow | undefined): ProtectionState {
  if (!row) return NONE
  return {
    breakKind: row.breakKind,
    breakUntil: row.breakUntil,
    lapseRequestedAt: row.lapseRequestedAt,
    closedAt: row.closedAt,
    registerMatch: row.registerMatch,
    realityCheckDueAt: row.realityCheckDueAt,
  }
}

/** The player's row, locked for the rest of `tx` when `lock` (a write that reads it first). */
export async function readProtection(
  db: Db | Tx,
  playerId: string,
  lock: 'update' | 'share' | null = null,
): Promise<ProtectionRow | undefined> {
  const query = db.select().from(playerProtection).where(eq(playerProtection.playerId, playerId))
  const [row] = await (lock ? query.for(lock) : query)
  return row
}

/** The refusal of a standing bar, worded for the player (`errors.protection.*`). */
export function playBarError(bar: PlayBar, state: ProtectionState, now = new Date()): AppError {
  const opens = breakOpensAt(state, now)
  const params: Record<string, number> = {}
  if (opens) params.waitSeconds = Math.max(1, Math.ceil((opens.getTime() - now.getTime()) / 1000))
  return new AppError(`protection.${bar}`, { params, details: { bar, opens_at: opens ?? null } })
}

/**
 * Throws when a standing bar (closure, a break, a register match) stops the player from anything
 * but seeing the balance and withdrawing. In a transaction that then moves money toward play,
 * pass `lock` (`share`): a break being set waits for the transaction, or the transaction waits
 * for the break and sees it.
 */
export async function assertNotBarred(
  db: Db | Tx,
  playerId: string,
  now = new Date(),
  lock: 'share' | null = null,
) {
  const state = protectionStateOf(await readProtection(db, playerId, lock))
  const bar = standingBar(state, now)
  if (bar) throw playBarError(bar, state, now)
}
