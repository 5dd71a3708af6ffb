import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

/** Rolling windows of every player limit: the last 24 hours, 7 days and 30 days. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const
export type LimitPeriod = (typeof LIMIT_PERIODS)[number]

/**
 * The columns every player limit table shares (deposit, loss and wager limits), fresh builders per table. Amounts are in `currency`, the wallet's when the limit was set.
 */
export const limitColumns = () => ({
  period: text({ enum: LIMIT_PERIODS }).notNull(),
  currency: text().notNull(),
  /** Null: no limit in force (only while a new one waits). */
  amountMinor: bigint({ mode: 'bigint' }),
  /** The waiting raise; null with `pending_from` set means the limit is being removed. */
  pendingAmountMinor: bigint({ mode: 'bigint' }),
  pendingFrom: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * What a play limit caps: `wager` the sum of stakes, `loss` the net loss (stakes
 * minus payouts), each over its rolling window plus the new stake.
 */
export const PLAY_LIMIT_KINDS = ['loss', 'wager'] as const
export type PlayLimitKind = (typeof PLAY_LIMIT_KINDS)[number]

/**
 * Loss and wager limits, in the currency they were set in (converted to the current wallet's when
 * read). A lower limit applies at once; a higher one (or removing it) waits in `pending_*` until
 * `pending_from`. Note: a bet path locks all of a player's rows here before summing what the
 * player staked, so every real-money bet of a player with limits lines up behind this lock.
 */
export const playLimits = pgTable(
  'play_limits',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text({ enum: PLAY_LIMIT_KINDS }).notNull(),
    ...limitColumns(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.kind, t.period] })],
)

/**
 * Deposit limits, in the player's account currency. A lower limit applies at once;
 * a higher one (or removing it) waits in `pending_*` until `pending_from`.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    ...limitColumns(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.period] })],
)
