import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { breakEnd, type BreakKind, type BreakPeriod } from '#common/protection.ts'
import { playerProtection } from '#server/modules/limits/limits.tables.ts'

// A player's protection row written straight into the table, as the protection calls leave it:
// tests of what the row stops (bets, deposits, rewards) do not go through those calls.

type ProtectionValues = Partial<Omit<typeof playerProtection.$inferInsert, 'playerId'>>

/**
 * Writes the given columns of the player's protection row, making the row when there is none.
 * Note: an update first, since the table's checks judge an insert's whole row before a conflict
 * would turn it into an update (a break's end alone is not a whole break).
 */
export async function setProtection(db: Db, playerId: string, values: ProtectionValues) {
  const updated = await db
    .update(playerProtection)
    .set(values)
    .where(eq(playerProtection.playerId, playerId))
    .returning({ playerId: playerProtection.playerId })
  if (updated.length === 0) await db.insert(playerProtection).values({ playerId, ...values })
}

/** A break in force from `startedAt` (now by default) for its period. */
export async function takeBreak(
  db: Db,
  playerId: string,
  kind: BreakKind,
  period: BreakPeriod,
  startedAt = new Date(),
) {
  await setProtection(db, playerId, {
    breakKind: kind,
    breakPeriod: period,
    breakStartedAt: startedAt,
    breakUntil: breakEnd(period, startedAt),
    lapseRequestedAt: null,
  })
}

/** A time-out of 24 hours from now: the break most tests need. */
export const timeOut = (db: Db, playerId: string) => takeBreak(db, playerId, 'time_out', '24h')

// The weekly cashback run, for tests that show a barred player gets none (the engagement module
// runs it only as its job).
export { payWeeklyCashback } from '#server/modules/engagement/cashback.ts'
export { previousWeekKey } from '#server/modules/engagement/loyalty-standing.ts'
