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
 * Pre-committed hash chains of the live games: the chain's last hash is published
 * first; round n uses the hash n steps back from the end, so each round proves the one before.
 */
export const hashChains = pgTable('hash_chains', {
  game: text().primaryKey(),
  /**
   * The secret top of the chain, sealed with the data key (`server/lib/secret-box.ts`): every
   * round hash derives from it by repeated SHA-256, so it would tell every future result.
   */
  secretSeedSealed: text().notNull(),
  length: integer().notNull(),
  /** SHA-256 applied `length` times to the secret: published before the first round. */
  terminalHash: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const LIVE_ROUND_STATUSES = ['betting', 'running', 'settled', 'refunded'] as const

/** Rounds of the live games, shared by every player (Crash, Live Roulette). */
export const liveRounds = pgTable(
  'live_rounds',
  {
    id: uuid().primaryKey(),
    game: text().notNull(),
    /** 1, 2, 3…: the position in the game's hash chain. */
    number: integer().notNull(),
    roundHash: text().notNull(),
    status: text({ enum: LIVE_ROUND_STATUSES }).notNull().default('betting'),
    /** Crash point in basis points, or the pocket; set when the round runs. */
    result: jsonb().$type<Record<string, unknown>>(),
    bettingEndsAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('live_rounds_number_idx').on(t.game, t.number),
    index('live_rounds_status_idx').on(t.game, t.status),
    // Note: the database itself refuses a second open round of a game, so even two engines that
    // both believed they held the lease could not run two rounds at once.
    uniqueIndex('live_rounds_open_idx')
      .on(t.game)
      .where(sql`${t.status} in ('betting', 'running')`),
  ],
)

/**
 * Who runs a live game's rounds (one engine however many instances). An instance
 * holds a game while `expires_at` is ahead and renews it; another takes it over once it lapses.
 * A lease row rather than an advisory lock: PGlite has one session, in which an advisory lock
 * is re-entrant and so would let two engines of one process both hold it.
 */
export const liveEngineLeases = pgTable('live_engine_leases', {
  game: text().primaryKey(),
  /** A random id per engine, never reused: a restarted engine is a new holder. */
  holder: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  acquiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const LIVE_BET_STATUSES = ['placed', 'cashed_out', 'won', 'lost', 'refunded'] as const

/** Players' bets in a live round; the stake left the wallet when placed. */
export const liveBets = pgTable(
  'live_bets',
  {
    id: uuid().primaryKey(),
    roundId: uuid()
      .notNull()
      .references(() => liveRounds.id),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
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
    /** Roulette: the bet; Crash: an automatic cash-out multiplier, if set. */
    choice: jsonb().$type<Record<string, unknown>>().notNull(),
    cashoutAtBp: integer(),
    payoutMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What the result would have paid above the maximum win per bet (it paid the cap). */
    uncappedPayoutMinor: bigint({ mode: 'bigint' }),
    status: text({ enum: LIVE_BET_STATUSES }).notNull().default('placed'),
    clientRequestId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('live_bets_client_request_idx').on(t.playerId, t.clientRequestId),
    index('live_bets_round_idx').on(t.roundId),
    // The loss and wager limits sum a player's bets in the open rounds (games/play-usage.ts).
    index('live_bets_player_round_idx').on(t.playerId, t.roundId),
  ],
)
