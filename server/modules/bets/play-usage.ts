import { and, eq, gt, max, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { PlayUsageRows } from '#server/modules/limits/index.ts'
import { liveBets, liveRounds } from '../live/live.tables.ts'
import { minesRounds } from '../originals/originals.tables.ts'
import { bets } from './bets.tables.ts'

/**
 * Every real-money stake of a player since `since`, for the loss and wager limits: the settled
 * bets (`bets`: the Originals, settled live bets, and the studios' rounds, whose row grows with
 * each bet and win of the round), plus the stakes already taken but not yet in `bets`: live bets
 * of rounds still open (the round's end writes them to `bets`, or refunds them; a cashed-out
 * Crash bet carries its payout) and the running Mines round. Note: a bet counts from when its `bets` row was written, so a live bet or a Mines round
 * counts from its start while open and from its settlement once settled, a shift of minutes.
 * Each branch reads an index: `bets_player_idx` (player_id, created_at), `live_rounds_open_idx`
 * with `live_bets_player_round_idx`, and `mines_rounds_active_idx`.
 */
export const playUsageRows: PlayUsageRows = (playerId, since) => sql`
  select ${bets.currency} as currency, ${bets.stakeMinor} as stake_minor,
    ${bets.payoutMinor} as payout_minor, ${bets.createdAt} as at
  from ${bets} where ${bets.playerId} = ${playerId} and ${bets.createdAt} > ${since}
  union all
  select ${liveBets.currency}, ${liveBets.stakeMinor}, ${liveBets.payoutMinor}, ${liveBets.createdAt}
  from ${liveBets}
  where ${liveBets.playerId} = ${playerId} and ${liveBets.roundId} in (
    select ${liveRounds.id} from ${liveRounds}
    where ${liveRounds.status} in ('betting', 'running'))
  union all
  select ${minesRounds.currency}, ${minesRounds.stakeMinor}, 0, ${minesRounds.createdAt}
  from ${minesRounds}
  where ${minesRounds.playerId} = ${playerId} and ${minesRounds.status} = 'active'`

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
