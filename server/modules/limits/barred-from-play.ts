import { eq } from 'drizzle-orm'
import { isCurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates, type RateTable } from '#server/modules/wallet/index.ts'
import { getPlayLimits } from './play-limits.ts'
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
