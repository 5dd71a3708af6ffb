import { z } from 'zod'
import { BonusOfferSchema } from '#server/modules/bonuses/index.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { LangParamsSchema } from '#server/modules/site/index.ts'
import {
  AmountInputSchema,
  CurrencySchema,
  MinorAmountSchema,
} from '#server/modules/wallet/index.ts'
import { LIMIT_PERIODS, PLAY_LIMIT_KINDS } from '#server/modules/limits/limits.tables.ts'
import { PAYMENT_DIRECTIONS, PAYMENT_STATUSES, type MethodField } from './payments.tables.ts'

/** The client's key for one attempt: the same key twice answers the first result, moves nothing. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'idempotency_key_invalid' })
  .describe('16 to 100 characters of A-Z a-z 0-9 _ -; a UUID does')

const MethodFieldSchema = z.object({
  name: z.string(),
  type: z
    .enum(['text', 'iban', 'hosted_card', 'saved_card'])
    .describe(
      "`hosted_card`: show the provider's page at `url` in a frame; it collects the card and answers a one-time token, sent as this field. `saved_card`: the id of one of `savedProfiles`",
    ),
  required: z.boolean(),
  pattern: z.string().optional(),
  maxLength: z.number().int(),
  saved: z.boolean().optional(),
  url: z.string().optional().describe("A `hosted_card` field's page, served by the provider"),
}) satisfies z.ZodType<MethodField>

export const SavedProfileSchema = z.object({
  id: z.string(),
  label: z.string().describe('What the player recognises it by: `Visa •••• 4242`'),
  fields: z
    .record(z.string(), z.string())
    .describe('The saved method fields (holder, expiry), never a card number or a CVC'),
})

/**
 * One payment method as the cashier shows it to this player. Amounts are
 * minor units as strings, of `currency` unless named converted.
 */
export const PaymentInfoSchema = z.object({
  id: z.string(),
  name: z.string().describe("The method's name in the call's language"),
  currency: z.string().describe('The currency the method moves (the wallet’s, or a crypto one)'),
  currencySymbol: z.string(),
  currencyConverted: z
    .string()
    .nullable()
    .describe('The wallet currency the money is credited in, when it differs from `currency`'),
  min: MinorAmountSchema,
  max: MinorAmountSchema,
  amount: MinorAmountSchema.describe('The amount the dialog suggests'),
  amountConverted: MinorAmountSchema.nullable().describe(
    '`amount` in `currencyConverted` at the current rate, rounded half-even (shown, not moved)',
  ),
  savedProfiles: z.array(SavedProfileSchema),
  savedProfilesId: z.string().nullable().describe('The saved account used last, if any'),
  coinspaidAmount: z
    .string()
    .nullable()
    .describe('Crypto methods: `amount` as the decimal the player sends (e.g. "0.00125")'),
  bonusCode: z
    .string()
    .nullable()
    .describe(
      "The bonus code this deposit would earn (the player's claimed code, else the welcome bonus of this deposit or an open time box); null when none applies or the player is barred from play. The deposit call sends it as `bonus_code` to take the bonus",
    ),
  bonusOffer: BonusOfferSchema.nullable().describe(
    "`bonusCode`'s terms in the wallet's currency: the qualifying range (below `deposit_min` no bonus), the match, the largest bonus, wagering and max bet; null with `bonusCode`",
  ),
  imageUrl: z.string(),
  methodFields: z.array(MethodFieldSchema),
  playerFields: z
    .array(z.string())
    .describe('Profile fields the method needs and the profile lacks (names as in /player/update)'),
  amountFieldName: z.literal('amount'),
  firstStep: z.number().int().min(1).max(5),
  lastUsedMethod: z.boolean(),
  /** Only these are beyond the spec's fields: the rate the conversion used, for the summary. */
  rate: z.string().nullable().describe('Units of `currencyConverted` per unit of `currency`'),
  /**
   * Withdrawals only: how much of the wallet this method may take now, minor units of the wallet's
   * currency: the real money free to leave by any method, plus deposits still to be wagered that
   * came by this very method and currency (closed loop). Null for deposits.
   */
  availableToWithdraw: z
    .string()
    .nullable()
    .describe(
      "Withdrawals: minor units of the wallet's currency this method may take now (money free to leave, plus unwagered deposits that came this way); null for deposits",
    ),
})
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>

export const PaymentMethodsParamsSchema = LangParamsSchema
export const PaymentMethodsQuerySchema = z.object({
  type: z.enum(PAYMENT_DIRECTIONS),
  currency: CurrencySchema.optional().describe(
    "The wallet's currency; the current one when absent",
  ),
})
export const PaymentMethodsResponseSchema = envelopeOf(z.array(PaymentInfoSchema))

const FieldsSchema = z
  .record(z.string().max(40), z.string().max(1000))
  .refine((fields) => Object.keys(fields).length <= 20, { error: 'fields_invalid' })
  .describe("The method's fields, by `methodFields[].name`")

export const DepositBodySchema = z.object({
  method_id: z.string().min(1).max(60),
  currency: CurrencySchema.describe('The method’s currency (`PaymentInfo.currency`)'),
  amount: AmountInputSchema,
  fields: FieldsSchema.default({}),
  saved_profile_id: z.uuid().optional(),
  bonus_code: z
    .string()
    .trim()
    .max(40)
    .transform((code) => code.toLowerCase() || undefined)
    .optional()
    .describe(
      'Take this bonus with the deposit (opt-in; `PaymentInfo.bonusCode`). Unknown: 400 `bonus.unknown_code`; not available to the player now: 409 with the reason, nothing stored',
    ),
  idempotency_key: IdempotencyKeySchema,
})
export type DepositBody = z.infer<typeof DepositBodySchema>

export const WithdrawBodySchema = z.object({
  method_id: z.string().min(1).max(60),
  currency: CurrencySchema,
  amount: AmountInputSchema,
  fields: FieldsSchema.default({}),
  idempotency_key: IdempotencyKeySchema,
  password: z
    .string()
    .max(200)
    .optional()
    .describe('The account password, when a new destination asks for it and 2FA is off'),
  two_factor_code: z
    .string()
    .max(40)
    .optional()
    .describe('A 2FA code (or recovery code), when a new destination asks for it and 2FA is on'),
})
export type WithdrawBody = z.infer<typeof WithdrawBodySchema>

/** What the player does next for a pending payment. */
export const NextActionSchema = z.discriminatedUnion('type', [
  /**
   * The card issuer asks the player to confirm on the provider's page at `url` (shown in a
   * frame); the provider tells us the answer by a signed webhook, and the deposit settles then.
   */
  z.object({
    type: z.literal('three_ds'),
    transaction_id: z.string(),
    url: z.string().describe("The provider's 3-D Secure page"),
  }),
  /** Send `amount` of `currency` to `address`; credited after the configured confirmations. */
  z.object({
    type: z.literal('send_crypto'),
    address: z.string(),
    currency: z.string(),
    amount: z.string().describe('Decimal, as the player types it into their wallet app'),
    qr: z.string().describe('A data: URL of a PNG QR code of the payment URI'),
    confirmations: z.number().int(),
  }),
  /** Pay by bank transfer with this reference; credited when an operator confirms receipt. */
  z.object({
    type: z.literal('bank_transfer'),
    iban: z.string(),
    bic: z.string(),
    beneficiary: z.string(),
    reference: z.string(),
  }),
  /**
   * Nothing to do: the money arrived above the method's maximum or the player's deposit limit
   * and is held (not playable) until an operator releases it or returns it to its sender.
   */
  z.object({
    type: z.literal('operator_review'),
    reason: z.enum(['method_max', 'deposit_limit']),
  }),
])
export type NextAction = z.infer<typeof NextActionSchema>

export const PaymentResultSchema = z.object({
  transaction_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  next_action: NextActionSchema.optional(),
  /** Beyond the fields: why a failed payment failed, for the message the dialog shows. */
  reason: z
    .string()
    .optional()
    .describe(
      'With `failed`: `card_declined`, `unknown_test_card`, `card_token_invalid` (the token is stale, forged or not this player’s), `three_ds_declined`, `amount_too_small` or `provider_error`',
    ),
})
export const PaymentResultResponseSchema = envelopeOf(PaymentResultSchema)

/** An operator's confirmation of a bank transfer: what the statement shows arrived. */
export const ConfirmDepositBodySchema = z.object({
  amount: AmountInputSchema.describe('What arrived, minor units of `currency`'),
  currency: CurrencySchema.describe('The deposit’s currency'),
})

/** One deposit or withdrawal in the player's history. */
export const TransactionSchema = z.object({
  id: z.string(),
  type: z.enum(PAYMENT_DIRECTIONS),
  status: z.enum(PAYMENT_STATUSES),
  method_id: z.string(),
  method_name: z.string(),
  currency: z.string(),
  amount: MinorAmountSchema,
  wallet_currency: z.string(),
  wallet_amount: MinorAmountSchema,
  details: z.record(z.string(), z.string()),
  can_cancel: z.boolean(),
  next_action: NextActionSchema.nullable(),
  created_at: z.string().describe('ISO 8601'),
  completed_at: z.string().nullable(),
})
export type WireTransaction = z.infer<typeof TransactionSchema>

const DateSchema = z
  .string()
  .regex(/^\d{4}[/-]\d{2}[/-]\d{2}$/, { error: 'date_invalid' })
  .describe('YYYY/MM/DD or YYYY-MM-DD, UTC')

export const TransactionsQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(0).max(100_000).default(0).describe('Zero-based'),
  currency: CurrencySchema.optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  transactionType: z.enum(PAYMENT_DIRECTIONS).optional(),
  dateFrom: DateSchema.optional(),
  dateTo: DateSchema.optional().describe('Inclusive: the whole day counts'),
})
export const TransactionsResponseSchema = envelopeOf(
  z.object({ transactions: z.array(TransactionSchema), total: z.number().int() }),
)
export const TransactionIdParamsSchema = z.object({ id: z.uuid() })
export const TransactionResponseSchema = envelopeOf(TransactionSchema)

const LimitSchema = z.object({
  period: z.enum(LIMIT_PERIODS),
  amount: MinorAmountSchema.nullable().describe('The limit in force; null for none'),
  pending_amount: MinorAmountSchema.nullable().describe('A raise waiting its 24 hours'),
  pending_from: z.string().nullable().describe('ISO 8601: when the waiting change applies'),
})
export const DepositLimitSchema = LimitSchema.extend({
  used: MinorAmountSchema.describe('Deposited within the current period'),
  frees_at: z
    .string()
    .nullable()
    .describe(
      'ISO 8601: when the oldest deposit counted in `used` leaves the rolling period, so more can be deposited; null when nothing is used',
    ),
})
const PlayLimitSchema = LimitSchema.extend({
  used: z
    .string()
    .regex(/^-?\d+$/)
    .describe(
      'Wager: the stakes within the period. Loss: the net loss (stakes minus payouts), negative while the player is ahead',
    ),
})
export const DepositLimitsResponseSchema = envelopeOf(
  z.object({
    currency: z.string(),
    limits: z.array(DepositLimitSchema).describe('Deposit limits'),
    loss: z.array(PlayLimitSchema).describe('Loss limits'),
    wager: z.array(PlayLimitSchema).describe('Wager limits'),
  }),
)
export const SetDepositLimitBodySchema = z.object({
  kind: z
    .enum(['deposit', ...PLAY_LIMIT_KINDS])
    .default('deposit')
    .describe('Which limit: deposits (the default), net loss or stakes'),
  period: z.enum(LIMIT_PERIODS),
  amount: AmountInputSchema.nullable().describe('Null removes the limit (after 24 hours)'),
})
