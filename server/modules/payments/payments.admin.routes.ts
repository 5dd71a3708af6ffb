import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { loadShippedMessages } from '#server/modules/site/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { methodName, toWireTransaction } from './transactions.ts'
import {
  BooksReportResponseSchema,
  OperatorDepositListQuerySchema,
  OperatorDepositListResponseSchema,
  OperatorPaymentResponseSchema,
  OperatorWithdrawalListQuerySchema,
  OperatorWithdrawalListResponseSchema,
  OperatorWithdrawalResponseSchema,
  RejectWithdrawalBodySchema,
  WithdrawalIdParamsSchema,
  type OperatorPayment,
  type OperatorWithdrawal,
} from './withdrawals.contract.ts'
import {
  ConfirmDepositBodySchema,
  PaymentResultResponseSchema,
  TransactionIdParamsSchema,
} from './payments.contract.ts'
import type { Cashier } from './cashier.ts'
import { confirmBankDeposit } from './confirm-deposit.ts'
import { approvalsNeeded, type ApprovalRule } from './four-eyes.ts'
import { listDepositQueue, type DepositQueue } from './operator-deposits.ts'
import { returnHeldDeposit } from './review-deposit.ts'
import {
  findPaymentWithPlayer,
  findWithdrawalWithPlayer,
  listWithdrawals,
  type WithdrawalDecisions,
  type WithdrawalWithPlayer,
} from './withdrawals.ts'
import type { Payout } from './withdrawals-payout.ts'

export interface PaymentsAdminRoutesOptions {
  /** The cashier's dependencies, for deposits held for review. */
  cashier: Omit<Cashier, 'log'>
  /** Approving (paid out by the method's provider) and rejecting: the decide-withdrawal flow. */
  withdrawals: WithdrawalDecisions
  /** Pays approved withdrawals out: the method's provider. */
  payout: Payout
  /** The second-approval amount in force (site setting `withdrawalSecondApprovalEurMinor`). */
  secondApprovalAboveEurMinor: () => Promise<bigint>
}

const Refusal = envelopeOf(z.null())

/**
 * The operators' payments API: the withdrawal queue with its four-eyes decisions, the deposits to
 * confirm or review, and the books check. Decisions need the finance role, reads finance or
 * auditor (admin holds every role).
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<PaymentsAdminRoutesOptions> = async (
  app,
  { cashier, withdrawals, payout, secondApprovalAboveEurMinor },
) => {
  const { db } = app.database
  const shipped = loadShippedMessages()
  const english = [shipped.get('en') ?? {}]
  const tags = ['operator', 'payments']
  const DECIDE_NOTE =
    'Needs an operator with the finance or admin role: 401 without an operator session, 403 without the role.'
  const READ_NOTE =
    'Needs an operator with the finance, auditor or admin role: 401 without an operator session, 403 without the role.'
  const READERS = ['finance', 'auditor'] as const

  const toOperatorPayment = (row: WithdrawalWithPlayer): OperatorPayment => ({
    ...toWireTransaction(row, methodName(english, row.methodId)),
    player: {
      id: row.playerId,
      email: row.player.email,
      name: `${row.player.firstName} ${row.player.lastName}`.trim(),
    },
    provider_reference: row.providerReference,
  })
  const toOperatorWithdrawal = (
    row: WithdrawalWithPlayer,
    rule: ApprovalRule,
  ): OperatorWithdrawal => ({
    ...toOperatorPayment(row),
    approvals: {
      needed: approvalsNeeded(row, rule),
      first:
        row.firstApproverId !== null && row.firstApprovedAt !== null
          ? {
              id: row.firstApproverId,
              name: row.firstApprover?.name ?? '',
              at: row.firstApprovedAt.toISOString(),
            }
          : null,
    },
  })
  const approvalRule = async (): Promise<ApprovalRule> => ({
    secondApprovalAboveEurMinor: await secondApprovalAboveEurMinor(),
    rates: await loadRates(db),
  })
  const answer = async (id: string) => {
    const row = await findWithdrawalWithPlayer(db, id)
    if (!row) throw new Error(`withdrawal ${id} vanished after its decision`)
    return ok(toOperatorWithdrawal(row, await approvalRule()))
  }

  app.get(
    '/admin/api/withdrawals',
    {
      schema: {
        tags,
        summary: 'List withdrawals: the queue, with filters',
        description: `One page of the withdrawals with \`status\` (default \`pending\`), each with its player's id, e-mail and name and its approvals (\`approvals.needed\`: 2 above the second-approval amount; \`approvals.first\`: the first approver). Filters: part of the player's e-mail, the wallet currency, a wallet amount range (minor units; 400 \`request.invalid\` when \`amountMin\` is above \`amountMax\`) and \`approval\` (\`awaiting_second\`: waiting for another operator). Pending ones come oldest first, as a queue, the others newest first, unless \`sort\` says otherwise. ${READ_NOTE}`,
        querystring: OperatorWithdrawalListQuerySchema,
        response: { 200: OperatorWithdrawalListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, READERS)
      const { page, pageSize, ...filter } = request.query
      const { rows, total } = await listWithdrawals(db, filter, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      })
      const rule = await approvalRule()
      void reply.header('cache-control', 'no-store')
      return ok({
        withdrawals: rows.map((row) => toOperatorWithdrawal(row, rule)),
        total,
        page,
        pageSize,
      })
    },
  )

  app.post(
    '/admin/api/withdrawals/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending withdrawal: pay it out, or record the first of two approvals',
        description: `Four-eyes: a withdrawal whose wallet amount is worth more than the second-approval amount in EUR (site setting \`withdrawalSecondApprovalEurMinor\`, mid rate) needs two approvals by two different operators. The first approval is recorded (\`approvals.first\`, audited) and the withdrawal stays \`pending\`; the same operator approving again, from any session, is 409 \`withdrawals.second_approver_required\`. At or below the amount, or on the second operator's approval, the method's provider pays it out (the withdrawal's id is the provider's idempotency key), the held money leaves to the provider's clearing account, and the withdrawal becomes \`completed\`; the player gets a \`withdrawal_approved\` notification in their language and the decision is audited. 404 \`withdrawals.not_found\`; 409 \`withdrawals.not_pending\` when it was decided, cancelled or paid already; 409 \`withdrawals.payout_failed\` when the provider refuses (it stays pending and held). ${DECIDE_NOTE}`,
        params: WithdrawalIdParamsSchema,
        response: { 200: OperatorWithdrawalResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const row = await withdrawals.approve({ log: request.log, request }, payout, {
        operatorId: operator.id,
        id: request.params.id,
        rule: { secondApprovalAboveEurMinor: await secondApprovalAboveEurMinor() },
      })
      void reply.header('cache-control', 'no-store')
      return answer(row.id)
    },
  )

  app.post(
    '/admin/api/withdrawals/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending withdrawal with a reason',
        description: `Works before or after a first approval. The held money goes back to the player's real money and the withdrawal becomes \`rejected\` with the reason (1 to 500 characters, shown to the player) in \`details.reason\`; the player gets a \`withdrawal_rejected\` notification in their language and the decision is audited. 404 \`withdrawals.not_found\`; 409 \`withdrawals.not_pending\` when it was decided, cancelled or is being paid out. ${DECIDE_NOTE}`,
        params: WithdrawalIdParamsSchema,
        body: RejectWithdrawalBodySchema,
        response: { 200: OperatorWithdrawalResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const row = await withdrawals.reject(
        { log: request.log, request },
        { operatorId: operator.id, id: request.params.id, reason: request.body.reason },
      )
      void reply.header('cache-control', 'no-store')
      return answer(row.id)
    },
  )

  const answerDeposit = async (id: string) => {
    const row = await findPaymentWithPlayer(db, id)
    if (!row) throw new Error(`deposit ${id} vanished after its decision`)
    return ok(toOperatorPayment(row))
  }
  const depositQueueRoute = (queue: DepositQueue, url: string, summary: string, what: string) =>
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          description: `${what} One page, oldest first, each with its player; \`email\` filters by part of the player's e-mail. ${READ_NOTE}`,
          querystring: OperatorDepositListQuerySchema,
          response: { 200: OperatorDepositListResponseSchema },
        },
      },
      async (request, reply) => {
        await requireOperatorRole(request, READERS)
        const { page, pageSize, email } = request.query
        const { rows, total } = await listDepositQueue(
          db,
          queue,
          { email },
          {
            offset: (page - 1) * pageSize,
            limit: pageSize,
          },
        )
        void reply.header('cache-control', 'no-store')
        return ok({ deposits: rows.map(toOperatorPayment), total, page, pageSize })
      },
    )

  depositQueueRoute(
    'bank',
    '/admin/api/deposits/bank',
    'List bank-transfer deposits waiting to be confirmed',
    'Pending bank-transfer deposits: `provider_reference` is the payment reference the player was told to use, `amount` what the reference announced (minor units of `currency`). Confirm one with `POST /admin/api/deposits/{id}/confirm` and the amount the bank statement shows.',
  )

  depositQueueRoute(
    'review',
    '/admin/api/deposits/review',
    'List deposits held for review',
    "Deposits whose money arrived above the method's maximum or the player's deposit limit (`details.review`: `method_max` or `deposit_limit`): the money is in the player's held account, not playable, until released or returned.",
  )

  app.post(
    '/admin/api/deposits/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a bank-transfer deposit arrived',
        description: `Credits \`amount\` (minor units of \`currency\`, which must be the deposit's: 400 \`payments.confirm_currency_mismatch\`) to the player's wallet: what the bank statement shows arrived, whatever the reference announced (kept as \`details.announced_amount\`). Above the method's maximum or the player's deposit limit the money is held for review instead (\`pending\`, \`next_action.type\` \`operator_review\`). Audited with the amount in the credit's own transaction. 400 \`payments.amount_invalid\` for zero; 404 \`payments.transaction_not_found\` for an id that is not a bank-transfer deposit; 409 \`payments.transaction_not_pending\` once it is credited or failed. ${DECIDE_NOTE}`,
        params: TransactionIdParamsSchema,
        body: ConfirmDepositBodySchema,
        response: { 200: PaymentResultResponseSchema, 400: Refusal, 404: Refusal, 409: Refusal },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const result = await confirmBankDeposit(
        { ...cashier, log: request.log },
        request.params.id,
        { amountMinor: BigInt(request.body.amount), currency: request.body.currency },
        { operatorId: operator.id, request },
      )
      void reply.header('cache-control', 'no-store')
      return ok(result)
    },
  )

  app.post(
    '/admin/api/deposits/:id/release',
    {
      schema: {
        tags,
        summary: 'Release a deposit held for review to the player',
        description: `The held money goes to the player's real money and the deposit becomes \`completed\` (the player is notified; audited). The player's deposit limits still apply: an operator may vouch for the source of a large sum, never lift a limit the player set, so a deposit the limits do not leave room for is 409 \`payments.deposit_limit_exceeded\` (release it once the period has room, or return it). 404 \`payments.transaction_not_found\`; 409 \`payments.transaction_not_pending\` unless it is held for review. ${DECIDE_NOTE}`,
        params: WithdrawalIdParamsSchema,
        response: { 200: OperatorPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const row = await cashier.deposits.release(request.log, request, {
        operatorId: operator.id,
        id: request.params.id,
      })
      void reply.header('cache-control', 'no-store')
      return answerDeposit(row.id)
    },
  )

  app.post(
    '/admin/api/deposits/:id/return',
    {
      schema: {
        tags,
        summary: 'Return a deposit held for review to its sender',
        description: `The held money leaves through the provider's clearing account back to where it came from (the gateway sends a crypto transfer back to its sender, a bank transfer to the paying account) and the deposit becomes \`rejected\` with the reason (1 to 500 characters, shown to the player in \`details.reason\`); audited. 404 \`payments.transaction_not_found\`; 409 \`payments.transaction_not_pending\` unless it is held for review. ${DECIDE_NOTE}`,
        params: WithdrawalIdParamsSchema,
        body: RejectWithdrawalBodySchema,
        response: { 200: OperatorPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const row = await returnHeldDeposit(
        { cashier: { ...cashier, log: request.log }, request },
        { operatorId: operator.id, id: request.params.id, reason: request.body.reason },
      )
      void reply.header('cache-control', 'no-store')
      return answerDeposit(row.id)
    },
  )

  app.get(
    '/admin/api/ledger/check',
    {
      schema: {
        tags,
        summary: 'Check the books',
        description: `Proves the ledger (the same report as \`npm run ledger:check\`): per currency all accounts sum to zero, each account's balance equals the sum of its transfers, and no transfer mixes currencies. \`isBalanced\` is true when nothing was found. It reads every account and transfer: run it now and then, not per request. ${READ_NOTE}`,
        response: { 200: BooksReportResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, READERS)
      void reply.header('cache-control', 'no-store')
      return ok(await checkBooks(db))
    },
  )
}
