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
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'
import { gameProviders, games } from '../catalogue/catalogue.tables.ts'

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
    /**
     * The player's active bonus when the stake was taken, and the part of the stake that was bonus
     * money (real money is staked first): its win goes back the same way (`splitWin`).
     */
    bonusId: uuid(),
    bonusStakeMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * A free round's bet: the grant whose spin it took (its stake came from the house, not the
     * player); its win adds to the grant's `wonMinor`, its rollback gives the spin back.
     */
    freeSpinGrantId: uuid().references((): AnyPgColumn => freeSpinGrants.id),
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

/**
 * Free spins a player holds on a studio game (a prize of the wheel, a lootbox, the shop or a
 * lottery): `spinsLeft` rounds at `stakeMinor` in `currency`, the stake paid by the house, offered
 * to the studio at launch and taken one by one by its bets (the seamless wallet's free rounds).
 * Winnings are cash, added up in `wonMinor`. `sourceKey` names the grant and is unique.
 */
export const freeSpinGrants = pgTable(
  'free_spin_grants',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: uuid()
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    currency: text().notNull(),
    stakeMinor: bigint({ mode: 'bigint' }).notNull(),
    spinsTotal: integer().notNull(),
    spinsLeft: integer().notNull(),
    wonMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    sourceKey: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('free_spin_grants_player_idx').on(t.playerId, t.gameId),
    check(
      'free_spin_grants_counts',
      sql`${t.spinsLeft} between 0 and ${t.spinsTotal} and ${t.stakeMinor} > 0 and ${t.wonMinor} >= 0`,
    ),
  ],
)

/**
 * The bundled Demo Studio's own storage (its sessions and open rounds), kept in this database for
 * convenience as a studio would keep them in its own: the studio reaches it only through the
 * `StudioStore` interface the casino hands it (studio-store.ts), never through the casino's code.
 * `version` makes every replace a compare-and-set, so two requests cannot both move one round.
 */
export const demoStudioState = pgTable(
  'demo_studio_state',
  {
    key: text().primaryKey(),
    value: jsonb().notNull(),
    version: integer().notNull().default(1),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('demo_studio_state_expires_idx').on(t.expiresAt)],
)
