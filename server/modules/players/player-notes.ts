import { desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { playerNotes } from './players.tables.ts'

export type PlayerNote = typeof playerNotes.$inferSelect

/** Adds an operator's note on a player; notes are never edited or removed. */
export async function addPlayerNote(
  tx: Db | Tx,
  input: { playerId: string; operatorId: string; text: string },
): Promise<PlayerNote> {
  const [row] = await tx.insert(playerNotes).values(input).returning()
  if (!row) throw new Error('insert returned no note')
  return row
}

/** A player's notes, newest first. */
export function listPlayerNotes(db: Db, playerId: string, limit: number): Promise<PlayerNote[]> {
  return db
    .select()
    .from(playerNotes)
    .where(eq(playerNotes.playerId, playerId))
    .orderBy(desc(playerNotes.createdAt), desc(playerNotes.id))
    .limit(limit)
}
