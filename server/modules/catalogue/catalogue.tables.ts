import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

/** Game studios: Aurum itself (the Originals and live games) and outside providers. */
export const gameProviders = pgTable('game_providers', {
  /** The slug in `/{loc}/lobby/p/{provider}`. */
  id: text().primaryKey(),
  name: text().notNull(),
  /** Where an outside studio's seamless-wallet calls come from; null for Aurum's own games. */
  apiSecretSealed: text(),
  sortOrder: integer().notNull().default(0),
  isEnabled: boolean().notNull().default(true),
})

export const GAME_KINDS = ['original', 'live', 'provider'] as const
export const VOLATILITIES = ['low', 'medium', 'high'] as const

/** The catalogue (issue 6): every title the lobby and the live section show. */
export const games = pgTable(
  'games',
  {
    id: uuid().primaryKey(),
    slug: text().notNull(),
    title: text().notNull(),
    providerId: text()
      .notNull()
      .references(() => gameProviders.id),
    kind: text({ enum: GAME_KINDS }).notNull(),
    /** What runs it: `dice`, `slots`, `roulette`, `mines`, `crash`, `live_roulette`, or the studio's game code. */
    engine: text().notNull(),
    /** Category slugs (`slots`, `table-games`, `crash`, `originals`, `live-casino`…); "All" is every game. */
    categories: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Return to player in basis points (9 554 is 95.54 %). */
    rtpBp: integer().notNull(),
    volatility: text({ enum: VOLATILITIES }).notNull(),
    isLive: boolean().notNull().default(false),
    hasDemo: boolean().notNull().default(true),
    /** ISO country codes where the game may not be shown. */
    restrictedCountries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    releaseDate: date({ mode: 'string' }).notNull(),
    /** Higher shows first under "Popular". */
    popularity: integer().notNull().default(0),
    thumbnailUrl: text().notNull(),
    isEnabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_slug_idx').on(t.slug),
    index('games_provider_idx').on(t.providerId),
    check('games_rtp_range', sql`${t.rtpBp} between 1 and 10000`),
  ],
)

/** Stake limits per game and currency, in minor units. */
export const gameStakeLimits = pgTable(
  'game_stake_limits',
  {
    gameId: uuid()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    currency: text().notNull(),
    minMinor: bigint({ mode: 'bigint' }).notNull(),
    maxMinor: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.currency] }),
    check('game_stake_limits_range', sql`0 < ${t.minMinor} and ${t.minMinor} <= ${t.maxMinor}`),
  ],
)

/** The games a player opened last (spec §7 recently played), newest `played_at` first. */
export const recentlyPlayed = pgTable(
  'recently_played',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: uuid()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.gameId] }),
    index('recently_played_player_idx').on(t.playerId, t.playedAt),
  ],
)

export const MINES_ROUND_STATUSES = ['active', 'busted', 'cashed_out'] as const

/**
 * A Mines round in play: the stake left the wallet when it started; revealing a mine ends it
 * lost, cashing out pays the multiplier. The settled bet goes to `bets` when it ends.
 */
export const minesRounds = pgTable(
  'mines_rounds',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    currency: text().notNull(),
    stakeMinor: bigint({ mode: 'bigint' }).notNull(),
    mines: integer().notNull(),
    /** Tiles opened so far, in order. */
    revealed: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    status: text({ enum: MINES_ROUND_STATUSES }).notNull().default('active'),
    seedId: uuid().notNull(),
    nonce: integer().notNull(),
    clientRequestId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mines_rounds_active_idx')
      .on(t.playerId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('mines_rounds_client_request_idx').on(t.playerId, t.clientRequestId),
  ],
)

/**
 * Pre-committed hash chains of the live games (decisions §5): the chain's last hash is published
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
 * Who runs a live game's rounds (decisions §9: one engine however many instances). An instance
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

/** One-time launch tokens a studio's game exchanges for a session (seamless wallet). */
export const providerLaunchTokens = pgTable(
  'provider_launch_tokens',
  {
    /** SHA-256 of the token; the token itself goes only into the game's launch URL. */
    tokenHash: text().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: uuid()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    currency: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_launch_tokens_player_idx').on(t.playerId)],
)

export const PROVIDER_TRANSACTION_KINDS = ['bet', 'win', 'rollback'] as const

/**
 * Every seamless-wallet call that moves money, by the studio's own transaction id: a repeat gets
 * the first answer, and a rollback of a bet never seen is kept so that bet cannot land later.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    providerId: text()
      .notNull()
      .references(() => gameProviders.id),
    providerTransactionId: text().notNull(),
    kind: text({ enum: PROVIDER_TRANSACTION_KINDS }).notNull(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    gameId: uuid().references(() => games.id),
    roundId: text().notNull(),
    currency: text().notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    /** For a rollback: the bet it takes back. */
    rollsBackId: text(),
    /** True for a bet that a rollback reached first: it must never move money. */
    isCancelled: boolean().notNull().default(false),
    response: jsonb().$type<unknown>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.providerTransactionId] }),
    index('provider_transactions_round_idx').on(t.providerId, t.roundId),
  ],
)
