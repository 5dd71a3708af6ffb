import { sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { PLAY_GAP_MS, PLAY_TIME_WINDOW_MS } from '#common/protection.ts'
import type { PlayUsageRows } from './play-limits.ts'

/** Play time in the last 24 hours and when the oldest counted play leaves that window. */
export interface PlayTimeUsed {
  usedMs: number
  /** When the window's oldest counted bet leaves it (null: nothing counted). */
  freesAt: Date | null
}

/**
 * The player's play time over the rolling 24 hours, from their real-money bets: the gap between
 * two bets counts when it is at most `PLAY_GAP_MS` (`playTimeMs` in `common/protection.ts` is the
 * same rule). One statement over the stakes' index (`bets_player_idx` and the open rounds).
 */
export async function playTimeUsed(
  db: Db | Tx,
  playerId: string,
  usageRows: PlayUsageRows,
  now = new Date(),
): Promise<PlayTimeUsed> {
  const since = new Date(now.getTime() - PLAY_TIME_WINDOW_MS)
  const result = await db.execute(sql`
    select coalesce(sum(gap_ms) filter (where gap_ms <= ${PLAY_GAP_MS}), 0)::float8 as used_ms,
      min(previous_at) filter (where gap_ms <= ${PLAY_GAP_MS}) as oldest
    from (
      select at, lag(at) over (order by at) as previous_at,
        extract(epoch from at - lag(at) over (order by at)) * 1000 as gap_ms
      from (${usageRows(playerId, since)}) as stakes
    ) as gaps`)
  const [row] = (result as { rows: { used_ms: number | string; oldest: string | Date | null }[] })
    .rows
  const oldest = row?.oldest ?? null
  return {
    usedMs: Math.round(Number(row?.used_ms ?? 0)),
    freesAt: oldest === null ? null : new Date(new Date(oldest).getTime() + PLAY_TIME_WINDOW_MS),
  }
}
