import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  BONUS_CODES,
  BONUS_RULE_CODES,
  BONUS_STATUSES,
  BONUS_WINDOWS,
} from '#common/bonus-rules.ts'
import { players } from '#server/modules/players/players.tables.ts'

/**
 * The operator's bonus rules, one row per code (seeded from `DEFAULT_BONUS_RULES`, edited through
 * `/admin/api/bonus-rules`). A player's bonus copies what it needs when it is granted, so an edit
 * never changes a bonus already running.
 */
export const bonusRules = pgTable('bonus_rules', {
  code: text({ enum: BONUS_RULE_CODES }).primaryKey(),
  depositNumber: integer(),
  window: text({ enum: BONUS_WINDOWS }),
  matchPercent: integer().notNull(),
  minEurMinor: bigint({ mode: 'bigint' }).notNull(),
  maxEurMinor: bigint({ mode: 'bigint' }),
  wageringTimes: integer().notNull(),
  validDays: integer().notNull(),
  maxBetEurMinor: bigint({ mode: 'bigint' }).notNull(),
  isEnabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Explicit deposit ranges per code and currency (the spec's); other currencies derive from EUR. */
export const bonusRanges = pgTable(
  'bonus_ranges',
  {
    code: text({ enum: BONUS_RULE_CODES })
      .notNull()
      .references(() => bonusRules.code, { onDelete: 'cascade' }),
    currency: text().notNull(),
    minMinor: bigint({ mode: 'bigint' }).notNull(),
    maxMinor: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.currency] }),
    check('bonus_ranges_order', sql`0 < ${t.minMinor} and ${t.minMinor} <= ${t.maxMinor}`),
  ],
)

/** How much of a stake counts toward wagering, per game category, in percent. */
export const bonusContributions = pgTable(
  'bonus_contributions',
  {
    category: text().primaryKey(),
    percent: integer().notNull(),
  },
  (t) => [check('bonus_contributions_percent', sql`${t.percent} between 0 and 100`)],
)

/**
 * A player's bonuses. `offered`: claimed (a code, a promotion) and waiting for its qualifying
 * deposit; `active`: its money is in the player's bonus account and being wagered; then
 * `completed` (the bonus money became cash), `expired` or `cancelled` (the bonus money was
 * forfeited), or `declined` (an offer the player withdrew before it paid). Amounts are in
 * `currency`, the wallet's when the bonus was granted.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    code: text({ enum: BONUS_RULE_CODES }).notNull(),
    /** The time box it belongs to (`2026-11-25` for a Wednesday); '' for the welcome bonuses. */
    periodKey: text().notNull().default(''),
    status: text({ enum: BONUS_STATUSES }).notNull(),
    currency: text().notNull(),
    /** The promotion it was claimed from, if any. */
    promotionId: text(),
    /** The deposit that paid it. */
    depositTransactionId: uuid(),
    amountMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wageringRequiredMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wageredMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The largest stake while active, in `currency`. */
    maxBetMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Bonus money forfeited or released when it ended. */
    settledMinor: bigint({ mode: 'bigint' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp({ withTimezone: true }),
    /** An active bonus: when wagering must be done; an offer: when its time box closes (null: never). */
    expiresAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One active bonus per player: the bonus account holds one bonus's money.
    uniqueIndex('player_bonuses_one_active_idx')
      .on(t.playerId)
      .where(sql`${t.status} = 'active'`),
    // Each welcome bonus once, each time-boxed bonus once per box (a withdrawn offer aside).
    uniqueIndex('player_bonuses_once_idx')
      .on(t.playerId, t.code, t.periodKey)
      .where(sql`${t.status} <> 'declined'`),
    uniqueIndex('player_bonuses_deposit_idx')
      .on(t.depositTransactionId)
      .where(sql`${t.depositTransactionId} is not null`),
    index('player_bonuses_player_idx').on(t.playerId, t.createdAt),
    index('player_bonuses_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('offered', 'active')`),
    check(
      'player_bonuses_amounts',
      sql`${t.amountMinor} >= 0 and ${t.wageredMinor} >= 0 and ${t.wageringRequiredMinor} >= 0`,
    ),
  ],
)

/**
 * Promotions: content the operator edits (`/admin/api/promotions`), shown on `{loc}/promotions`
 * and `{loc}/promotions/{id}`. `id` is the slug in the address.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: text().primaryKey(),
    /** The bonus a player claims from it; null for a promotion that only informs. */
    bonusCode: text({ enum: BONUS_CODES }).references(() => bonusRules.code),
    imageUrl: text().notNull(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** ISO countries where it is shown; empty: everywhere. */
    countries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer().notNull().default(0),
    isEnabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promotions_order_idx').on(t.sortOrder)],
)

/** A promotion's words per locale; a locale without a row does not show the promotion. */
export const promotionTexts = pgTable(
  'promotion_texts',
  {
    promotionId: text()
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    locale: text().notNull(),
    title: text().notNull(),
    summary: text().notNull(),
    /** Paragraphs, in order. */
    body: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageAlt: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.locale] })],
)
