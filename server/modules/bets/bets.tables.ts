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
import { players } from '#server/modules/players/players.tables.ts'

/**
 * A player's seed pairs for the Originals (decisions §5). The active pair's server seed is
 * secret and only its hash is shown; rotating reveals it (`revealed_at`) and starts a new pair,
 * so every bet made with the old one can be verified. Note: a secret server seed is stored only
 * sealed (`server/lib/secret-box.ts`), so a copy of the database does not tell the outcome of a
 * player's next bets; once revealed it is public and kept in plain text instead.
 */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The server seed in plain text: null until the pair is revealed. */
    serverSeed: text(),
    /**
     * The server seed sealed with the data key while the pair is in use; null once revealed.
     * Rows from before sealing are sealed at start-up (`sealGameSecrets`).
     */
    serverSeedSealed: text(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    /** The nonce of the next bet with this pair. */
    nextNonce: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fairness_seeds_active_idx')
      .on(t.playerId)
      .where(sql`${t.revealedAt} is null`),
  ],
)

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
  ],
)
