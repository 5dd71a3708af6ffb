import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  integer,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

/** A player holds these per currency: spendable cash, bonus money, withdrawals on hold. */
export const PLAYER_ACCOUNT_KINDS = ['cash', 'bonus', 'held'] as const
/**
 * The house's side, per currency: its own funds, money in transit with payment providers, money
 * owed to or by game providers, the cost of bonuses given, and the cost of loyalty rewards (VIP
 * cashback, and in `COIN` every coin issued).
 */
export const SYSTEM_ACCOUNT_KINDS = [
  'house',
  'payment_clearing',
  'game_settlement',
  'bonus_expense',
  'rewards_expense',
] as const
export const ACCOUNT_KINDS = [...PLAYER_ACCOUNT_KINDS, ...SYSTEM_ACCOUNT_KINDS] as const
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number]
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number]
export type AccountKind = (typeof ACCOUNT_KINDS)[number]

/**
 * Ledger accounts. A balance is credits minus debits and changes only in the transaction that
 * writes a transfer. Note: a system account is split into `SYSTEM_SHARDS` rows per currency and
 * kind, chosen by the player a transfer concerns, so that concurrent transfers of different
 * players never wait on one hot house row; its balance is the sum of its shards.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey(),
    /** Null for the house's accounts. */
    playerId: uuid().references(() => players.id, { onDelete: 'restrict' }),
    currency: text().notNull(),
    kind: text({ enum: ACCOUNT_KINDS }).notNull(),
    /** 0 for player accounts; 0..SYSTEM_SHARDS-1 for the house's. */
    shard: integer().notNull().default(0),
    /** Only the house's accounts may go below zero (a payment clearing account does, by design). */
    mayGoNegative: boolean().notNull().default(false),
    balanceMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_player_idx')
      .on(t.playerId, t.currency, t.kind)
      .where(sql`${t.playerId} is not null`),
    uniqueIndex('ledger_accounts_system_idx')
      .on(t.currency, t.kind, t.shard)
      .where(sql`${t.playerId} is null`),
    check('ledger_accounts_not_negative', sql`${t.mayGoNegative} or ${t.balanceMinor} >= 0`),
  ],
)

/**
 * Transfers: one amount moved from the debit account to the credit account, in their common
 * currency. Never updated or deleted; a correction is a new transfer with its own code.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    /** UUIDv7: ordered by time. */
    id: uuid().primaryKey(),
    /** The caller's key: a second transfer with the same key moves nothing. */
    idempotencyKey: text().notNull(),
    /** Why money moved (`deposit`, `withdrawal_hold`, `bet`, …). */
    code: text().notNull(),
    /**
     * No foreign key: the posting statement writes a transfer only after locking both accounts
     * (it proves they exist), and `checkBooks` looks for a transfer whose account is missing. A
     * key's check cost every bet two lookups per transfer.
     */
    debitAccountId: uuid().notNull(),
    creditAccountId: uuid().notNull(),
    currency: text().notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    /** What the transfer belongs to (a payment transaction, a bet), for history and audits. */
    reference: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_idx').on(t.idempotencyKey),
    // An account's history, newest first (the console's player ledger): without these, reading
    // one player's legs scans every transfer of the site.
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    check('ledger_transfers_amount_positive', sql`${t.amountMinor} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
)
