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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

export const PAYMENT_PROVIDERS = ['sandbox_card', 'sandbox_bank', 'sandbox_crypto'] as const
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number]
export const PAYMENT_DIRECTIONS = ['deposit', 'withdrawal'] as const
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number]

/** A field the player fills for a method (card number, IBAN…); its label is `payments.fields.<name>`. */
export interface MethodField {
  name: string
  /**
   * `hosted_card`: the provider's own page at `url` collects the card and answers a token, sent
   * as this field (the number and CVC never reach us); `saved_card`: the id of one of the
   * player's saved cards.
   */
  type: 'text' | 'iban' | 'hosted_card' | 'saved_card'
  required: boolean
  /** A pattern the browser checks before sending; the server checks again. */
  pattern?: string
  maxLength: number
  /** Kept in a saved account (never the card number itself, never the CVC). */
  saved?: boolean
  /** A `hosted_card` field's page, on the provider's side. */
  url?: string
}

/** Payment methods the cashier offers; operators edit them, the seed holds the sandbox ones. */
export const paymentMethods = pgTable('payment_methods', {
  id: text().primaryKey(),
  provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
  /** The currency a crypto method moves; null for methods that move the wallet's currency. */
  cryptoCurrency: text(),
  imageUrl: text().notNull(),
  /** ISO country codes the method is offered in; empty means everywhere the site is. */
  countries: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  methodFields: jsonb().$type<MethodField[]>().notNull().default([]),
  /** Profile fields the provider needs (`first_name`, `birth_date`…), asked for when missing. */
  playerFields: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The step the deposit dialog opens at for this method (1 to 5). */
  firstStep: integer().notNull().default(1),
  sortOrder: integer().notNull().default(0),
  isEnabled: boolean().notNull().default(true),
})

/** Per method, direction and currency: whether it is offered, and its limits in minor units. */
export const paymentMethodLimits = pgTable(
  'payment_method_limits',
  {
    methodId: text()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    direction: text({ enum: PAYMENT_DIRECTIONS }).notNull(),
    currency: text().notNull(),
    minMinor: bigint({ mode: 'bigint' }).notNull(),
    maxMinor: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.methodId, t.direction, t.currency] }),
    check('payment_method_limits_range', sql`0 < ${t.minMinor} and ${t.minMinor} <= ${t.maxMinor}`),
  ],
)

export const PAYMENT_STATUSES = [
  /** Waiting for the provider, the player (3-D Secure) or an operator. */
  'pending',
  'completed',
  /** The provider declined a deposit. */
  'failed',
  /** The player cancelled a pending withdrawal. */
  'cancelled',
  /** An operator rejected a withdrawal; the money went back to the player. */
  'rejected',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/**
 * Deposits and withdrawals. `amount_minor` is in the method's currency, `wallet_amount_minor` in
 * the wallet's, converted at `rate` (units of the wallet currency per unit of the method's).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    direction: text({ enum: PAYMENT_DIRECTIONS }).notNull(),
    methodId: text()
      .notNull()
      .references(() => paymentMethods.id),
    currency: text().notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    walletCurrency: text().notNull(),
    walletAmountMinor: bigint({ mode: 'bigint' }).notNull(),
    rate: text().notNull().default('1'),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** What the player must do next (`three_ds`, `send_crypto`, `bank_transfer`), while pending. */
    nextAction: text(),
    /** The client's key: a repeated request answers with the first one's result. */
    idempotencyKey: text().notNull(),
    providerReference: text(),
    /** Shown and audited details: card brand and last four digits, crypto address, reason. */
    details: jsonb().$type<Record<string, string>>().notNull().default({}),
    savedProfileId: uuid(),
    bonusCode: text(),
    /**
     * A withdrawal above the second-approval amount (site setting) needs two operators: the first
     * approval is kept here, and only another operator's approval pays it out.
     */
    firstApproverId: uuid(),
    firstApprovedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_transactions_idempotency_idx').on(t.playerId, t.idempotencyKey),
    uniqueIndex('payment_transactions_provider_ref_idx')
      .on(t.methodId, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    index('payment_transactions_player_idx').on(t.playerId, t.createdAt),
    // The queues (direction and status) and the money report (completed ones of a range of days).
    index('payment_transactions_status_idx').on(t.direction, t.status, t.completedAt),
    check('payment_transactions_amount_positive', sql`${t.amountMinor} > 0`),
  ],
)

/** Accounts a player paid with before (spec "savedProfiles"): a label and expiry, never a card number. */
export const savedPaymentProfiles = pgTable(
  'saved_payment_profiles',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    methodId: text()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    /** What the player recognises it by: `Visa •••• 4242`. */
    label: text().notNull(),
    /** The saved method fields (holder, expiry, last four digits), never a full number or CVC. */
    fields: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** A provider token that stands in for the card when it is charged again. */
    providerToken: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_payment_profiles_token_idx').on(t.playerId, t.methodId, t.providerToken),
  ],
)

/** One deposit address per player and crypto currency, from the crypto gateway. */
export const cryptoDepositAddresses = pgTable(
  'crypto_deposit_addresses',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text().notNull(),
    address: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.currency] }),
    uniqueIndex('crypto_deposit_addresses_address_idx').on(t.address),
  ],
)

/** Provider webhooks already handled: a repeated delivery gets the first answer and moves nothing. */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    provider: text().notNull(),
    /** The Standard Webhooks `webhook-id`. */
    webhookId: text().notNull(),
    statusCode: integer().notNull(),
    response: jsonb().$type<unknown>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.webhookId] })],
)

/**
 * Deposited money still to be wagered before it may leave by another method or currency than it
 * came with, per player and wallet currency. A deposit adds its amount times the
 * operator's multiplier; real-money stakes settled after `counted_until` are taken off lazily, when
 * a deposit or a withdrawal locks this row, so a bet writes nothing here. Never below zero: what
 * was wagered before a deposit does not count for it.
 */
export const depositWagering = pgTable(
  'deposit_wagering',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text().notNull(),
    /** Stakes still to wager, minor units of `currency`, as of `counted_until`. */
    outstandingMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Stakes settled after this instant are not yet taken off `outstanding_minor`. */
    countedUntil: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.currency] }),
    check('deposit_wagering_not_negative', sql`${t.outstandingMinor} >= 0`),
  ],
)
