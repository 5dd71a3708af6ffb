import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

/**
 * Exchange rates: how many units of `currency` one euro buys, as decimal text with
 * up to 12 decimals so no float ever holds one. `fetched_at` is when the rates provider gave the
 * rate: a money-moving conversion refuses a rate older than the maximum age.
 */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text().primaryKey(),
  unitsPerEur: text().notNull(),
  /** The provider that gave the rate (`sandbox`, `http`, or `seed` for the defaults). */
  source: text().notNull().default('seed'),
  fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number]

/**
 * A correction of a player's cash an operator asks for and a second operator decides (four-eyes):
 * the database itself refuses a decision by the operator who asked. Approved, it is one ledger
 * transfer (`adjustment`) between the player's cash and the house, keyed by this row's id.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    currency: text().notNull(),
    /** Positive credits the player, negative debits them; never zero. */
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    reason: text().notNull(),
    status: text({ enum: ADJUSTMENT_STATUSES }).notNull().default('pending'),
    requestedBy: uuid().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid(),
    decidedAt: timestamp({ withTimezone: true }),
    /** Why the second operator rejected it. */
    rejectReason: text(),
  },
  (t) => [
    index('balance_adjustments_status_idx').on(t.status, t.requestedAt),
    index('balance_adjustments_player_idx').on(t.playerId, t.requestedAt),
    check('balance_adjustments_amount_nonzero', sql`${t.amountMinor} <> 0`),
    check(
      'balance_adjustments_four_eyes',
      sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`,
    ),
    check('balance_adjustments_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
  ],
)
