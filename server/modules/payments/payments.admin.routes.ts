import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '#server/lib/envelope.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { loadShippedMessages } from '#server/modules/site/index.ts'
import { methodName, toWireTransaction } from './transactions.ts'
import {
  BooksReportResponseSchema,
  HeldDepositListResponseSchema,
  OperatorWithdrawalListQuerySchema,
  OperatorWithdrawalListResponseSchema,
  OperatorWithdrawalResponseSchema,
  RejectWithdrawalBodySchema,
  WithdrawalIdParamsSchema,
  type OperatorWithdrawal,
} from './withdrawals.contract.ts'
import type { Cashier } from './cashier.ts'
import { listHeldDeposits, returnHeldDeposit } from './review-deposit.ts'
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
}

/**
 * The operators' payments API: the withdrawal queue with its decisions, and the books check.
 * Money calls need the finance role (admin holds every role).
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<PaymentsAdminRoutesOptions> = async (
  app,
  { cashier, withdrawals, payout },
) => {
  const { db } = app.database
  const shipped = loadShippedMessages()
  const english = [shipped.get('en') ?? {}]
  const tags = ['operator', 'payments']
  const ROLE_NOTE =
    'Needs an operator with the finance or admin role: 401 without an operator session, 403 without the role.'

  const toOperatorWithdrawal = (row: WithdrawalWithPlayer): OperatorWithdrawal => ({
    ...toWireTransaction(row, methodName(english, row.methodId)),
    player: {
      id: row.playerId,
      email: row.player.email,
      name: `${row.player.firstName} ${row.player.lastName}`.trim(),
    },
    provider_reference: row.providerReference,
  })
  const answer = async (id: string) => {
    const row = await findWithdrawalWithPlayer(db, id)
    if (!row) throw new Error(`withdrawal ${id} vanished after its decision`)
    return ok(toOperatorWithdrawal(row))
  }

  app.get(
    '/admin/api/withdrawals',
    {
      schema: {
        tags,
        summary: 'List withdrawals by status',
        description: `One page of the withdrawals with \`status\` (default \`pending\`), each with its player's id, e-mail and name. Pending ones come oldest first, as a queue; the others newest first. ${ROLE_NOTE}`,
        querystring: OperatorWithdrawalListQuerySchema,
        response: { 200: OperatorWithdrawalListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance'])
      const { status, page, pageSize } = request.query
      const { rows, total } = await listWithdrawals(db, status, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      })
      void reply.header('cache-control', 'no-store')
      return ok({ withdrawals: rows.map(toOperatorWithdrawal), total, page, pageSize })
    },
  )

  app.post(
    '/admin/api/withdrawals/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending withdrawal: pay it out',
        description: `The method's provider pays it out (the withdrawal's id is the provider's idempotency key), the held money leaves to the provider's clearing account, and the withdrawal becomes \`completed\`; the player gets a \`withdrawal_approved\` notification in their language and the decision is audited. 404 \`withdrawals.not_found\`; 409 \`withdrawals.not_pending\` when it was decided, cancelled or paid already; 409 \`withdrawals.payout_failed\` when the provider refuses (it stays pending and held). ${ROLE_NOTE}`,
        params: WithdrawalIdParamsSchema,
        response: { 200: OperatorWithdrawalResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const row = await withdrawals.approve({ log: request.log, request }, payout, {
        operatorId: operator.id,
        id: request.params.id,
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
        description: `The held money goes back to the player's real money and the withdrawal becomes \`rejected\` with the reason (1 to 500 characters, shown to the player) in \`details.reason\`; the player gets a \`withdrawal_rejected\` notification in their language and the decision is audited. 404 \`withdrawals.not_found\`; 409 \`withdrawals.not_pending\` when it was decided, cancelled or is being paid out. ${ROLE_NOTE}`,
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
    return ok(toOperatorWithdrawal(row))
  }

  app.get(
    '/admin/api/deposits/review',
    {
      schema: {
        tags,
        summary: 'List deposits held for review',
        description: `Deposits whose money arrived above the method's maximum or the player's deposit limit (\`details.review\`: \`method_max\` or \`deposit_limit\`): the money is in the player's held account, not playable, until released or returned. Oldest first, at most 500. ${ROLE_NOTE}`,
        response: { 200: HeldDepositListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance'])
      void reply.header('cache-control', 'no-store')
      return ok({ deposits: (await listHeldDeposits(db)).map(toOperatorWithdrawal) })
    },
  )

  app.post(
    '/admin/api/deposits/:id/release',
    {
      schema: {
        tags,
        summary: 'Release a deposit held for review to the player',
        description: `The held money goes to the player's real money and the deposit becomes \`completed\` (the player is notified; audited). The player's deposit limits still apply: an operator may vouch for the source of a large sum, never lift a limit the player set, so a deposit the limits do not leave room for is 409 \`payments.deposit_limit_exceeded\` (release it once the period has room, or return it). 404 \`payments.transaction_not_found\`; 409 \`payments.transaction_not_pending\` unless it is held for review. ${ROLE_NOTE}`,
        params: WithdrawalIdParamsSchema,
        response: { 200: OperatorWithdrawalResponseSchema },
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
        description: `The held money leaves through the provider's clearing account back to where it came from (the gateway sends a crypto transfer back to its sender, a bank transfer to the paying account) and the deposit becomes \`rejected\` with the reason (1 to 500 characters, shown to the player in \`details.reason\`); audited. 404 \`payments.transaction_not_found\`; 409 \`payments.transaction_not_pending\` unless it is held for review. ${ROLE_NOTE}`,
        params: WithdrawalIdParamsSchema,
        body: RejectWithdrawalBodySchema,
        response: { 200: OperatorWithdrawalResponseSchema },
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
        description: `Proves the ledger (the same report as \`npm run ledger:check\`): per currency all accounts sum to zero, each account's balance equals the sum of its transfers, and no transfer mixes currencies. \`isBalanced\` is true when nothing was found. It reads every account and transfer: run it now and then, not per request. ${ROLE_NOTE}`,
        response: { 200: BooksReportResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance'])
      void reply.header('cache-control', 'no-store')
      return ok(await checkBooks(db))
    },
  )
}
