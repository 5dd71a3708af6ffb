import { z } from 'zod'
import { ADMIN_PAGE_SIZE_MAX } from '#common/back-office.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { AmountInputSchema, CurrencySchema } from '#server/modules/wallet/index.ts'
import { PAYMENT_STATUSES } from './payments.tables.ts'
import { TransactionSchema } from './payments.contract.ts'

/** Longest reason an operator may give for a rejected withdrawal (shown to the player). */
export const MAX_WITHDRAWAL_REASON_LENGTH = 500

/** A payment as operators see it: the player's transaction plus whose it is. */
export const OperatorPaymentSchema = TransactionSchema.extend({
  player: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  provider_reference: z
    .string()
    .nullable()
    .describe("The provider's reference: a bank transfer's payment reference, a payout's id"),
})
export type OperatorPayment = z.infer<typeof OperatorPaymentSchema>

/** A withdrawal as operators see it: with the approvals it needs and the one it has. */
export const OperatorWithdrawalSchema = OperatorPaymentSchema.extend({
  approvals: z
    .object({
      needed: z
        .union([z.literal(1), z.literal(2)])
        .describe(
          'Two when its wallet amount is worth more than the second-approval amount in EUR (site setting `withdrawalSecondApprovalEurMinor`)',
        ),
      first: z
        .object({
          id: z.string().describe("The first approver's operator id"),
          name: z.string(),
          at: z.string().describe('ISO 8601'),
        })
        .nullable()
        .describe('The first approval of one that needs two; null before it'),
    })
    .describe('Four-eyes: who approved so far and how many approvals pay it out'),
})
export type OperatorWithdrawal = z.infer<typeof OperatorWithdrawalSchema>

const PageSchema = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20),
}

/** The orders the withdrawal queue may be read in: a field, `-` before it for descending. */
export const WITHDRAWAL_SORTS = ['createdAt', '-createdAt', 'amount', '-amount'] as const
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number]

/** Which step of four-eyes a pending withdrawal waits for. */
export const WITHDRAWAL_APPROVAL_FILTERS = ['awaiting_first', 'awaiting_second'] as const

export const OperatorWithdrawalListQuerySchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES).default('pending'),
    email: z.string().trim().max(254).optional().describe("Part of the player's e-mail, any case"),
    currency: CurrencySchema.optional().describe('The wallet currency the money leaves'),
    amountMin: AmountInputSchema.optional().describe(
      'Wallet amount at least this, minor units (of `currency` when given)',
    ),
    amountMax: AmountInputSchema.optional().describe('Wallet amount at most this, minor units'),
    approval: z
      .enum(WITHDRAWAL_APPROVAL_FILTERS)
      .optional()
      .describe(
        'Pending withdrawals only: `awaiting_second`, a first approval is recorded and another operator must approve; `awaiting_first`, no approval yet',
      ),
    sort: z
      .enum(WITHDRAWAL_SORTS)
      .optional()
      .describe(
        '`createdAt` or `amount` (the wallet amount), `-` first for descending; by default pending ones oldest first, the others newest first',
      ),
    ...PageSchema,
  })
  .refine(
    (query) =>
      query.amountMin === undefined ||
      query.amountMax === undefined ||
      BigInt(query.amountMin) <= BigInt(query.amountMax),
    { path: ['amountMax'], error: 'amount_range_invalid' },
  )
export type OperatorWithdrawalListQuery = z.infer<typeof OperatorWithdrawalListQuerySchema>

export const OperatorWithdrawalListResponseSchema = envelopeOf(
  z.object({
    withdrawals: z.array(OperatorWithdrawalSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
)
export const OperatorWithdrawalResponseSchema = envelopeOf(OperatorWithdrawalSchema)
export const OperatorPaymentResponseSchema = envelopeOf(OperatorPaymentSchema)

export const OperatorDepositListQuerySchema = z.object({
  email: z.string().trim().max(254).optional().describe("Part of the player's e-mail, any case"),
  ...PageSchema,
})

/** One page of deposits operators act on (bank transfers to confirm, deposits held for review). */
export const OperatorDepositListResponseSchema = envelopeOf(
  z.object({
    deposits: z.array(OperatorPaymentSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
)
export const WithdrawalIdParamsSchema = z.object({ id: z.uuid() })
export const RejectWithdrawalBodySchema = z.object({
  reason: z.string().trim().min(1).max(MAX_WITHDRAWAL_REASON_LENGTH),
})

/** `checkBooks`' report on the wire: amounts as decimal strings of minor units. */
export const BooksReportSchema = z.object({
  isBalanced: z.boolean(),
  currencyTotals: z
    .array(z.object({ currency: z.string(), sumMinor: z.string() }))
    .describe('Currencies whose accounts do not sum to zero (empty when balanced)'),
  accountMismatches: z
    .array(
      z.object({ accountId: z.string(), balanceMinor: z.string(), transfersMinor: z.string() }),
    )
    .describe('Accounts whose balance differs from the sum of their transfers'),
  currencyMismatches: z.array(z.string()).describe('Transfers that mix currencies'),
  missingAccounts: z.array(z.string()).describe('Transfers naming an account that does not exist'),
  accounts: z.number().int(),
  transfers: z.number().int(),
})
export const BooksReportResponseSchema = envelopeOf(BooksReportSchema)
