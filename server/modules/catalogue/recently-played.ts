import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { recentlyPlayed } from './catalogue.tables.ts'

/** How many games a player's recently played list keeps. */
export const RECENTLY_PLAYED_LIMIT = 20

/** Ids of the games the player opened, newest first. */
export async function recentlyPlayedIds(db: Db | Tx, playerId: string): Promise<string[]> {
  const rows = await db
    .select({ gameId: recentlyPlayed.gameId })
    .from(recentlyPlayed)
    .where(eq(recentlyPlayed.playerId, playerId))
    .orderBy(desc(recentlyPlayed.playedAt), desc(recentlyPlayed.gameId))
    .limit(RECENTLY_PLAYED_LIMIT)
  return rows.map((row) => row.gameId)
}

/** Records that the player opened a game now, and keeps only the newest entries. */
export async function markRecentlyPlayed(db: Db, playerId: string, gameId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(recentlyPlayed)
      .values({ playerId, gameId })
      .onConflictDoUpdate({
        target: [recentlyPlayed.playerId, recentlyPlayed.gameId],
        set: { playedAt: sql`now()` },
      })
    const keep = await recentlyPlayedIds(tx, playerId)
    if (keep.length < RECENTLY_PLAYED_LIMIT) return
    await tx
      .delete(recentlyPlayed)
      .where(and(eq(recentlyPlayed.playerId, playerId), notInArray(recentlyPlayed.gameId, keep)))
  })
}
