import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Prize } from '#common/rewards-rules.ts'
import {
  ENTRY_FEE_KINDS,
  TOURNAMENT_SCORINGS,
  type EntryFeeKind,
  type TournamentScoring,
} from '#common/tournament-rules.ts'
import type { LocalizedTexts } from '#server/modules/engagement/engagement.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * Tournaments (docs/decisions/016-tournaments.md). The schedule and rules are the operator's;
 * `startedAt` and `finishedAt` are written once by the start and finish jobs. The server seed is
 * committed (its hash shown) when the tournament is created and revealed once it is finished: it
 * settles remaining ties on the final board. `leaderboardVersion` counts the board's changes (one
 * per engine drain that moved it), so a browser knows when it missed a message.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    texts: jsonb().$type<LocalizedTexts<'title' | 'text' | 'imageAlt'>>().notNull(),
    imageUrl: text().notNull(),
    scoring: text().$type<TournamentScoring>().notNull(),
    pointsPerSpin: integer().notNull().default(1),
    gameIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categorySlugs: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    currencies: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minStakeEurMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    entryFeeKind: text().$type<EntryFeeKind>().notNull().default('free'),
    /** Coins (hundredths) or euro cents, by `entryFeeKind`; 0 when free. */
    entryFeeMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    serverSeedSealed: text(),
    serverSeedHash: text().notNull(),
    /** Plain text once finished. */
    serverSeed: text(),
    clientSeed: text(),
    participantCount: integer().notNull().default(0),
    leaderboardVersion: bigint({ mode: 'number' }).notNull().default(0),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    isEnabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tournaments_schedule_idx')
      .on(t.endsAt)
      .where(sql`${t.finishedAt} is null`),
    check('tournaments_schedule', sql`${t.startsAt} < ${t.endsAt}`),
    check('tournaments_scoring', sql`${t.scoring} in (${inList(TOURNAMENT_SCORINGS)})`),
    check('tournaments_fee_kind', sql`${t.entryFeeKind} in (${inList(ENTRY_FEE_KINDS)})`),
    check(
      'tournaments_fee',
      sql`${t.entryFeeMinor} >= 0 and (${t.entryFeeKind} <> 'free' or ${t.entryFeeMinor} = 0)`,
    ),
    check('tournaments_points', sql`${t.pointsPerSpin} > 0`),
    check('tournaments_min_stake', sql`${t.minStakeEurMinor} >= 0`),
  ],
)

/** A tournament's prize table: places `fromPlace`..`toPlace` each win `prize`. */
export const tournamentPrizes = pgTable(
  'tournament_prizes',
  {
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    fromPlace: integer().notNull(),
    toPlace: integer().notNull(),
    prize: jsonb().$type<Prize>().notNull(),
    texts: jsonb().$type<LocalizedTexts<'label'>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.fromPlace] }),
    check('tournament_prizes_places', sql`${t.fromPlace} > 0 and ${t.toPlace} >= ${t.fromPlace}`),
  ],
)

/**
 * A player's entry. `score` is in the tournament's unit (basis points, euro cents or points);
 * `reachedAt` is when the entry reached it (the bet's time), null while it scored nothing. The
 * board reads `tournament_entries_board_idx` in its order.
 */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    id: uuid().primaryKey(),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    playerId: uuid()
      .notNull()
      .references(() => players.id),
    score: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    reachedAt: timestamp({ withTimezone: true }),
    bets: integer().notNull().default(0),
    /** The fee paid: its currency (`COIN` for coins) and amount in that currency's minor units. */
    feeCurrency: text(),
    feeMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tournament_entries_player_idx').on(t.tournamentId, t.playerId),
    index('tournament_entries_board_idx').on(
      t.tournamentId,
      t.score.desc(),
      t.reachedAt.asc().nullsLast(),
      t.id,
    ),
    index('tournament_entries_player_tournaments_idx').on(t.playerId),
  ],
)

/** The final board's paid and unpaid places, written once by the finish job. */
export const tournamentResults = pgTable(
  'tournament_results',
  {
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    place: integer().notNull(),
    entryId: uuid()
      .notNull()
      .references(() => tournamentEntries.id),
    playerId: uuid()
      .notNull()
      .references(() => players.id),
    score: bigint({ mode: 'bigint' }).notNull(),
    /** The prize paid for the place; null when the place wins nothing. */
    prize: jsonb().$type<Prize>(),
    /** Whether the place was settled by the draw (tied on score and time). */
    byDraw: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.place] }),
    uniqueIndex('tournament_results_entry_idx').on(t.entryId),
    index('tournament_results_player_idx').on(t.playerId),
  ],
)
