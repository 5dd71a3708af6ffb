import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { players } from './players.tables.ts'

export type PlayerRow = typeof players.$inferSelect

/** What the pages and calls may know of a signed-in account (never its password hash). */
export interface PlayerSummary {
  id: string
  email: string
  firstName: string
  lastName: string
  currency: string
}

const summaryColumns = {
  id: players.id,
  email: players.email,
  firstName: players.firstName,
  lastName: players.lastName,
  currency: players.currency,
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export async function findPlayerByEmail(db: Db, email: string): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select()
    .from(players)
    .where(eq(players.email, normaliseEmail(email)))
    .limit(1)
  return row
}

export async function findPlayerSummary(db: Db, id: string): Promise<PlayerSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(players).where(eq(players.id, id)).limit(1)
  return row
}

export async function insertPlayer(
  db: Db,
  values: Omit<typeof players.$inferInsert, 'id' | 'createdAt'>,
): Promise<PlayerSummary> {
  const [row] = await db
    .insert(players)
    .values({ ...values, email: normaliseEmail(values.email) })
    .returning(summaryColumns)
  if (!row) throw new Error('insert returned no player')
  return row
}
