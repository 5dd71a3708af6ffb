import { eq, inArray } from 'drizzle-orm'
import { isCurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates, type RateTable } from '#server/modules/wallet/index.ts'
import { getPlayLimits } from './play-limits.ts'
import { playLimits } from './limits.tables.ts'
import { playUsageRows } from './play-usage-rows.ts'

/**
 * Whether the player may not play now, so no bonus is offered or granted to them (a bonus is an
 * invitation to play; giving one to a player their own limits stop would push against those
 * limits). Today: a loss or wager limit with no room left in any of its periods. The
 * player-protection issue adds time-outs and self-exclusion here, so every caller asks this one
 * function.
 */
export async function isBarredFromPlay(
  db: Db | Tx,
  playerId: string,
  /** The rate table when the caller has it (inside a transaction, read it before). */
  rates?: RateTable,
): Promise<boolean> {
  const [player] = await db
    .select({ currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player || !isCurrencyCode(player.currency)) return true
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
 * `isBarredFromPlay` for many players at once (the engagement engine asks it for every batch of
 * events): one read finds who has any play limit, and only they are asked one by one, since a
 * player without a limit is not barred today. The player-protection issue's bars (time-outs,
 * self-exclusion) join that first read.
 */
export async function barredFromPlay(
  db: Db | Tx,
  playerIds: readonly string[],
  rates: RateTable,
): Promise<Set<string>> {
  const barred = new Set<string>()
  if (playerIds.length === 0) return barred
  const limited = await db
    .selectDistinct({ playerId: playLimits.playerId })
    .from(playLimits)
    .where(inArray(playLimits.playerId, [...playerIds]))
  for (const { playerId } of limited) {
    if (await isBarredFromPlay(db, playerId, rates)) barred.add(playerId)
  }
  return barred
}
