import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole } from '#server/modules/auth/guards.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { methodName, toWireTransaction } from './transactions.ts'
import {
  BooksReportResponseSchema,
  OperatorWithdrawalListQuerySchema,
  OperatorWithdrawalListResponseSchema,
  OperatorWithdrawalResponseSchema,
  RejectWithdrawalBodySchema,
  WithdrawalIdParamsSchema,
  type OperatorWithdrawal,
} from './withdrawals.contract.ts'
import { sandboxPayout, type Payout } from './withdrawals-payout.ts'
import {
  approveWithdrawal,
  findWithdrawalWithPlayer,
  listWithdrawals,
  rejectWithdrawal,
  type WithdrawalWithPlayer,
} from './withdrawals.ts'

export interface PaymentsAdminRoutesOptions {
  bus: EventBus
  /** Pays approved withdrawals out: the method's provider (`server/app.ts`); a stand-in if unset. */
  payout?: Payout
}

/**
 * The operators' payments API: the withdrawal queue with its decisions, and the books check.
 * Money calls need the finance role (admin holds every role).
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<PaymentsAdminRoutesOptions> = async (
  app,
  { bus, payout = sandboxPayout },
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
      const row = await approveWithdrawal({ db, bus, log: request.log, shipped, request }, payout, {
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
      const row = await rejectWithdrawal(
        { db, bus, log: request.log, shipped, request },
        { operatorId: operator.id, id: request.params.id, reason: request.body.reason },
      )
      void reply.header('cache-control', 'no-store')
      return answer(row.id)
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
