import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
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

/** The games a player opened last, newest `played_at` first. */
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
