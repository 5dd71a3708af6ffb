import { sql } from 'drizzle-orm'
import { bigint, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

/**
 * A player's seed pairs for the Originals. The active pair's server seed is
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
    /**
     * The player's active bonus when the stake was taken, and the part of the stake that was bonus
     * money (real money is staked first): its win goes back the same way (`splitWin`).
     */
    bonusId: uuid(),
    bonusStakeMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
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
