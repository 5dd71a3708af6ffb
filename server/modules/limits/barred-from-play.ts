import { and, eq, inArray, sql } from 'drizzle-orm'
import { standingBar, type PlayBar } from '#common/protection.ts'
import { isCurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { AppError, type ErrorCode } from '#server/lib/errors.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates, type RateTable } from '#server/modules/wallet/index.ts'
import { getPlayLimits } from './play-limits.ts'
import { playLimits, playerProtection } from './limits.tables.ts'
import { playUsageRows } from './play-usage-rows.ts'
import {
  isPlayTimeReached,
  playTimeError,
  playTimeLimitInForce,
  playTimeUsed,
} from './play-time.ts'
import {
  playBarError,
  protectionStateOf,
  readProtection,
  type ProtectionRow,
} from './protection-state.ts'

// The one question whether a player may be invited to play now: every bonus, reward, tournament
// entry, coin and marketing notice asks it (docs/decisions/018). A bonus or a prize is an
// invitation to play; giving one to a player who took a break, or whose own limits stop them,
// would push against the choice they made.

/**
 * Why the player is barred from play: a protection bar (closure, a break, a register match, or
 * the play-time limit reached), worded for the player; or a loss or wager limit with no room left
 * (`limit`: each caller answers its own code, which says so).
 */
export type PlayBarOf = { kind: 'bar'; bar: PlayBar; error: AppError } | { kind: 'limit' }

interface BarOptions {
  /** The rate table when the caller has it (inside a transaction, read it before). */
  rates?: RateTable | undefined
  /**
   * Inside a transaction that then gives the player something: locks the protection row for its
   * rest (`share`), so a break being set waits for it, or it waits for the break and sees it.
   */
  lock?: 'share' | undefined
  now?: Date | undefined
}

const storedPlayTime = (row: ProtectionRow) => ({
  limitMinutes: row.playTimeLimitMinutes,
  pendingMinutes: row.playTimePendingMinutes,
  pendingFrom: row.playTimePendingFrom,
})

/**
 * The play-time bar of a player with a play-time limit in force that their play in the last 24
 * hours has reached, worded for the player.
 */
async function playTimeBar(
  db: Db | Tx,
  playerId: string,
  row: ProtectionRow | undefined,
  now: Date,
): Promise<PlayBarOf | undefined> {
  if (!row) return undefined
  const limitMinutes = playTimeLimitInForce(storedPlayTime(row), now)
  if (limitMinutes === null) return undefined
  const used = await playTimeUsed(db, playerId, playUsageRows, now)
  if (!isPlayTimeReached(limitMinutes, used)) return undefined
  return { kind: 'bar', bar: 'play_time', error: playTimeError(limitMinutes, used, now) }
}

/** Whether a loss or wager limit of the player has no room left in one of its periods. */
async function isLimitReached(
  db: Db | Tx,
  playerId: string,
  rates: RateTable | undefined,
): Promise<boolean> {
  const [player] = await db
    .select({
      currency: players.currency,
      hasLimits: sql<boolean>`exists (select 1 from ${playLimits} where ${playLimits.playerId} = ${playerId})`,
    })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player || !isCurrencyCode(player.currency)) return true
  if (!player.hasLimits) return false
  const view = await getPlayLimits(db, {
    playerId,
    currency: player.currency,
    rates: rates ?? (await loadRates(db)),
    usageRows: playUsageRows,
  })
  return [...view.loss, ...view.wager].some(
    (limit) => limit.amountMinor !== null && limit.usedMinor >= limit.amountMinor,
  )
}

/**
 * Whether, and why, the player may not play now, so nothing that invites play (a bonus, a
 * reward, a tournament entry, coins, a marketing notice) goes to them. A reality check waiting
 * for its answer is no bar here: it pauses bets, nothing else.
 */
export async function playBarOf(
  db: Db | Tx,
  playerId: string,
  options: BarOptions = {},
): Promise<PlayBarOf | undefined> {
  const now = options.now ?? new Date()
  const row = await readProtection(db, playerId, options.lock ?? null)
  const state = protectionStateOf(row)
  const bar = standingBar(state, now)
  if (bar) return { kind: 'bar', bar, error: playBarError(bar, state, now) }
  const playTime = await playTimeBar(db, playerId, row, now)
  if (playTime) return playTime
  return (await isLimitReached(db, playerId, options.rates)) ? { kind: 'limit' } : undefined
}

/** Whether the player may not play now (`playBarOf`). */
export async function isBarredFromPlay(
  db: Db | Tx,
  playerId: string,
  /** The rate table when the caller has it (inside a transaction, read it before). */
  rates?: RateTable,
): Promise<boolean> {
  return (await playBarOf(db, playerId, { rates })) !== undefined
}

/**
 * Throws when the player may not play now: a protection bar's own refusal (the player reads why,
 * and until when), or `limitError` (the caller's code) for a loss or wager limit reached.
 */
export async function assertNotBarredFromPlay(
  db: Db | Tx,
  playerId: string,
  options: BarOptions & { limitError: ErrorCode },
): Promise<void> {
  const bar = await playBarOf(db, playerId, options)
  if (bar?.kind === 'bar') throw bar.error
  if (bar) throw new AppError(options.limitError)
}

/**
 * `isBarredFromPlay` for many players at once (the engagement engine asks it for every batch of
 * events): one read of the batch's protection rows settles the standing bars, one more finds who
 * has a play limit, and only players with a limit (loss, wager or play time) and no standing bar
 * are asked one by one.
 */
export async function barredFromPlay(
  db: Db | Tx,
  playerIds: readonly string[],
  rates: RateTable,
  now = new Date(),
): Promise<Set<string>> {
  const barred = new Set<string>()
  if (playerIds.length === 0) return barred
  const ids = [...playerIds]
  const toAsk = new Set<string>()
  const protections = await db
    .select()
    .from(playerProtection)
    .where(and(inArray(playerProtection.playerId, ids), eq(playerProtection.checksPlay, true)))
  for (const row of protections) {
    if (standingBar(protectionStateOf(row), now)) barred.add(row.playerId)
    else if (playTimeLimitInForce(storedPlayTime(row), now) !== null) toAsk.add(row.playerId)
  }
  const limited = await db
    .selectDistinct({ playerId: playLimits.playerId })
    .from(playLimits)
    .where(inArray(playLimits.playerId, ids))
  for (const { playerId } of limited) if (!barred.has(playerId)) toAsk.add(playerId)
  for (const playerId of toAsk) {
    if (await playBarOf(db, playerId, { rates, now })) barred.add(playerId)
  }
  return barred
}
