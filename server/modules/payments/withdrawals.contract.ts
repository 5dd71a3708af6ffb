import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { PAYMENT_STATUSES } from './payments.tables.ts'
import { TransactionSchema } from './payments.contract.ts'

/** Longest reason an operator may give for a rejected withdrawal (shown to the player). */
export const MAX_WITHDRAWAL_REASON_LENGTH = 500

/** A withdrawal as operators see it: the player's transaction plus who asked for it. */
export const OperatorWithdrawalSchema = TransactionSchema.extend({
  player: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  provider_reference: z
    .string()
    .nullable()
    .describe("The payout's reference at the provider, once paid out"),
})
export type OperatorWithdrawal = z.infer<typeof OperatorWithdrawalSchema>

export const OperatorWithdrawalListQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})

export const OperatorWithdrawalListResponseSchema = envelopeOf(
  z.object({
    withdrawals: z.array(OperatorWithdrawalSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
)
export const OperatorWithdrawalResponseSchema = envelopeOf(OperatorWithdrawalSchema)
/** Deposits held for review, in the same shape as the withdrawal queue's rows. */
export const HeldDepositListResponseSchema = envelopeOf(
  z.object({ deposits: z.array(OperatorWithdrawalSchema) }),
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
