import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** Settled bets of every game, real money only (demo play never reaches the database). */
export const bets = pgTable(
  'bets',
  {
    /** UUIDv7: ordered by time. */
    id: uuid().primaryKey(),
    /**
     * No foreign keys on the player and the seed pair: every writer of a bet row moves the
     * player's money through their cash account (which keeps its key to `players`) in the same
     * transaction or, for a live bet, at its placement, and a one-step bet's statement writes the
     * row only after counting the nonce on that player's pair. The keys' checks locked the
     * player's row on every bet.
     */
    playerId: uuid().notNull(),
    game: text().notNull(),
    /** The round the bet belongs to: a seed's nonce for the Originals, a round id for live games. */
    round: text().notNull(),
    currency: text().notNull(),
    stakeMinor: bigint({ mode: 'bigint' }).notNull(),
    /**
     * The player's active bonus when the stake was taken, and the part of the stake that was bonus
     * money (real money is staked first): its win goes back the same way (`splitWin`).
     */
    bonusId: uuid(),
    bonusStakeMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutMinor: bigint({ mode: 'bigint' }).notNull(),
    /**
     * What the game's result would have paid when that was more than the maximum win per bet
     * (`win-caps.ts`): the bet paid the cap (`payout_minor`) instead. Null for a bet under the cap.
     */
    uncappedPayoutMinor: bigint({ mode: 'bigint' }),
    /**
     * Payout ÷ stake in basis points (10 000 = 1×). Note: 64 bits, since a Mines board cleared
     * past a few safe tiles pays more than 214,748× (C(25, 12) × 0.99 ≈ 5.1 million × at most),
     * beyond a 32-bit integer; every value stays well inside a JS number's exact range.
     */
    multiplierBp: bigint({ mode: 'number' }).notNull(),
    /** The client's id for this bet: a double click answers the first result, moves nothing. */
    clientRequestId: text().notNull(),
    seedId: uuid(),
    nonce: integer(),
    /** What the player chose and what came out (roll, pocket, mines, reels). */
    outcome: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bets_client_request_idx').on(t.playerId, t.clientRequestId),
    index('bets_player_idx').on(t.playerId, t.createdAt),
    // The operators' reports read days of bets. BRIN, not btree: rows arrive in time order, so a
    // few pages of summaries find a day, and the hottest insert of the site pays almost nothing.
    index('bets_created_brin').using('brin', t.createdAt),
  ],
)
