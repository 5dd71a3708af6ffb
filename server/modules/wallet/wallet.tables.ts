import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

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
