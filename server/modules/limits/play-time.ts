import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { PLAY_GAP_MS, PLAY_TIME_WINDOW_MS } from '#common/protection.ts'
import { settleLimit } from './limit-rules.ts'
import type { PlayUsageRows } from './play-usage-rows.ts'

/** Play time in the last 24 hours and when the oldest counted play leaves that window. */
export interface PlayTimeUsed {
  usedMs: number
  /** When the window's oldest counted bet leaves it (null: nothing counted). */
  freesAt: Date | null
}

/**
 * One row (`used_ms`, `oldest`): the player's play time over the rolling 24 hours before `now`,
 * from their real-money bets: the gap between two bets counts when it is at most `PLAY_GAP_MS`
 * (`playTimeMs` in `common/protection.ts` is the same rule). It reads the stakes' indexes
 * (`bets_player_idx` and the open rounds), so a bet's check can run it inside its own statement.
 */
export const playTimeSql = (playerId: string, usageRows: PlayUsageRows, now: Date): SQL => sql`
  select coalesce(sum(gap_ms) filter (where gap_ms <= ${PLAY_GAP_MS}), 0)::float8 as used_ms,
    min(previous_at) filter (where gap_ms <= ${PLAY_GAP_MS}) as oldest
  from (
    select at, lag(at) over (order by at) as previous_at,
      extract(epoch from at - lag(at) over (order by at)) * 1000 as gap_ms
    from (${usageRows(playerId, new Date(now.getTime() - PLAY_TIME_WINDOW_MS))}) as stakes
  ) as gaps`

/** `playTimeSql`'s row as the rules read it (JSON or driver values). */
export function playTimeOf(
  row: { used_ms: number | string | null; oldest: string | Date | null } | undefined,
): PlayTimeUsed {
  const oldest = row?.oldest ?? null
  return {
    usedMs: Math.round(Number(row?.used_ms ?? 0)),
    freesAt: oldest === null ? null : new Date(new Date(oldest).getTime() + PLAY_TIME_WINDOW_MS),
  }
}

/** The player's play time over the rolling 24 hours (`playTimeSql`), in one statement. */
export async function playTimeUsed(
  db: Db | Tx,
  playerId: string,
  usageRows: PlayUsageRows,
  now = new Date(),
): Promise<PlayTimeUsed> {
  const result = await db.execute(
    sql`select * from (${playTimeSql(playerId, usageRows, now)}) as t`,
  )
  const [row] = (
    result as { rows: { used_ms: number | string | null; oldest: string | Date | null }[] }
  ).rows
  return playTimeOf(row)
}

/** A play-time limit as stored (`player_protection`), in minutes. */
export interface StoredPlayTimeLimit {
  limitMinutes: bigint | null
  pendingMinutes: bigint | null
  pendingFrom: Date | null
}

/**
 * The play-time limit in force at `now`, in minutes (null: none): a waiting raise or removal
 * applies once its 24 hours have passed, as with every limit (`settleLimit`).
 */
export function playTimeLimitInForce(stored: StoredPlayTimeLimit, now: Date): number | null {
  const settled = settleLimit(
    {
      amountMinor: stored.limitMinutes,
      pendingAmountMinor: stored.pendingMinutes,
      pendingFrom: stored.pendingFrom,
    },
    now,
  )
  return settled.amountMinor === null ? null : Number(settled.amountMinor)
}

/** Whether the play counted in the window has reached a limit of `limitMinutes`. */
export const isPlayTimeReached = (limitMinutes: number, used: PlayTimeUsed): boolean =>
  used.usedMs >= limitMinutes * 60_000

/**
 * The refusal once the play-time limit is reached (409 `protection.play_time`): the limit, and
 * how long until the window's oldest counted play leaves it (said in words, `waitSeconds`).
 */
export function playTimeError(limitMinutes: number, used: PlayTimeUsed, now = new Date()) {
  const untilMs = (used.freesAt ?? new Date(now.getTime() + PLAY_TIME_WINDOW_MS)).getTime()
  const waitSeconds = Math.max(1, Math.ceil((untilMs - now.getTime()) / 1000))
  return new AppError('protection.play_time', {
    params: { limit: limitMinutes, waitSeconds },
    details: { bar: 'play_time', frees_at: used.freesAt?.toISOString() ?? null },
  })
}
