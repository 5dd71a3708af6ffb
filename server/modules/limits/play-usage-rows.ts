import { sql, type SQL } from 'drizzle-orm'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { liveBets, liveRounds } from '#server/modules/live/live.tables.ts'
import { minesRounds } from '#server/modules/originals/originals.tables.ts'

/**
 * A subquery of every real-money stake of a player since `since`, one row per bet with the
 * columns `currency`, `stake_minor`, `payout_minor` and `at` (when it counts from).
 */
export type PlayUsageRows = (playerId: string, since: Date) => SQL

/**
 * Every real-money stake of a player since `since`, for the loss and wager limits. It lives here
 * rather than in the bets module (reading the games' tables) so that `isBarredFromPlay` can use it
 * without the limits module importing the bets module, which imports bonuses, which ask limits.
 * The settled
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
