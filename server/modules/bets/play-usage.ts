import { and, eq, gt, max, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { bets } from './bets.tables.ts'

// The stakes the loss and wager limits count: defined in the limits module (which also asks it
// whether a player is barred from play, without importing this module back), offered here too.
export { playUsageRows } from '#server/modules/limits/index.ts'

/**
 * A player's settled real-money stakes in `currency` after `since` (the `bets` rows, read through
 * `bets_player_idx`), and the newest such bet's time: what the deposit wagering rule counts. Open
 * live bets and a running Mines round count once settled, so nothing is counted twice.
 */
export async function settledStakesSince(
  db: Db | Tx,
  input: { playerId: string; currency: string; since: Date },
): Promise<{ stakedMinor: bigint; newestAt: Date | null }> {
  const [row] = await db
    .select({
      stakedMinor: sql<string>`coalesce(sum(${bets.stakeMinor}), 0)::text`,
      newestAt: max(bets.createdAt),
    })
    .from(bets)
    .where(
      and(
        eq(bets.playerId, input.playerId),
        gt(bets.createdAt, input.since),
        eq(bets.currency, input.currency),
      ),
    )
  return { stakedMinor: BigInt(row?.stakedMinor ?? '0'), newestAt: row?.newestAt ?? null }
}
