import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#db/client.ts'
import { ADJUSTMENT_MAX_EUR_MINOR, type OperatorRole } from '#common/back-office.ts'
import { formatMoney } from '#common/format-money.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { findPlayerSummary } from '#server/modules/players/index.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import {
  decideAdjustment,
  findAdjustment,
  listAdjustments,
  loadRates,
  publishWallet,
  requestAdjustment,
  type BalanceAdjustment,
} from '#server/modules/wallet/index.ts'
import {
  AdjustmentBodySchema,
  AdjustmentIdParamsSchema,
  AdjustmentListQuerySchema,
  AdjustmentListResponseSchema,
  AdjustmentResponseSchema,
  PlayerIdParamsSchema,
  RejectBodySchema,
  type WireAdjustment,
} from './backoffice.contract.ts'
import { operatorNames, playerEmails } from './player-views.ts'
import { playerWording } from './players.routes.ts'

const REQUEST_ROLES: readonly OperatorRole[] = ['support', 'finance']
const ROLE_NOTE =
  '401 without an operator session, 403 `auth.forbidden` without the role (admin holds every role).'

export interface AdjustmentRoutesOptions {
  site: SiteService
}

async function toWire(db: Db, rows: BalanceAdjustment[]): Promise<WireAdjustment[]> {
  const [names, emails] = await Promise.all([
    operatorNames(
      db,
      rows.flatMap((row) => (row.decidedBy ? [row.requestedBy, row.decidedBy] : [row.requestedBy])),
    ),
    playerEmails(
      db,
      rows.map((row) => row.playerId),
    ),
  ])
  return rows.map((row) => ({
    id: row.id,
    playerId: row.playerId,
    playerEmail: emails.get(row.playerId) ?? null,
    currency: row.currency,
    amountMinor: row.amountMinor.toString(),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedBy,
    requestedByName: names.get(row.requestedBy) ?? null,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedByName: row.decidedBy ? (names.get(row.decidedBy) ?? null) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
  }))
}

const oneWire = async (db: Db, row: BalanceAdjustment): Promise<WireAdjustment> => {
  const [wire] = await toWire(db, [row])
  if (!wire) throw new Error('no wire adjustment')
  return wire
}

/** Balance adjustments under four-eyes: one operator asks, another (finance) decides. */
export const adjustmentRoutes: FastifyPluginAsyncZod<AdjustmentRoutesOptions> = async (
  app,
  { site },
) => {
  const { db } = app.database
  const tags = ['operator']
  const cap = formatDecimal(BigInt(ADJUSTMENT_MAX_EUR_MINOR), 'EUR')

  app.post(
    '/admin/api/players/:id/adjustments',
    {
      schema: {
        tags,
        summary: "Ask for an adjustment of a player's cash",
        description: `Creates a pending adjustment that another operator with the finance role approves or rejects (\`/admin/api/adjustments\`). \`amountMinor\` is signed minor units, never zero (positive credits the cash, negative debits it); \`reason\` 3 to 500 characters. 400 \`adjustments.over_cap\` above ${cap} EUR-equivalent (mid rate); 409 \`adjustments.exceeds_cash\` for a debit larger than the player's cash in that currency. Audited. Needs support or finance. ${ROLE_NOTE} 404 \`players.not_found\`.`,
        params: PlayerIdParamsSchema,
        body: AdjustmentBodySchema,
        response: { 201: AdjustmentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, REQUEST_ROLES)
      const playerId = request.params.id
      if (!(await findPlayerSummary(db, playerId))) throw new AppError('players.not_found')
      const rates = await loadRates(db)
      const { currency, reason } = request.body
      const amountMinor = BigInt(request.body.amountMinor)
      const adjustment = await db.transaction(async (tx) => {
        const created = await requestAdjustment(tx, rates, {
          playerId,
          currency,
          amountMinor,
          reason,
          operatorId: operator.id,
        })
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          playerId,
          action: 'adjustment.requested',
          details: {
            adjustmentId: created.id,
            currency,
            amountMinor: amountMinor.toString(),
            reason,
          },
        })
        return created
      })
      void reply.code(201).header('cache-control', 'no-store')
      return ok(await oneWire(db, adjustment))
    },
  )

  app.get(
    '/admin/api/adjustments',
    {
      schema: {
        tags,
        summary: 'Balance adjustments (the four-eyes queue)',
        description: `Filtered by \`status\` (pending, approved, rejected) and \`playerId\`; \`sort\` \`requested\` (oldest first, the default: a queue) or \`-requested\`. Needs finance, support or auditor. ${ROLE_NOTE}`,
        querystring: AdjustmentListQuerySchema,
        response: { 200: AdjustmentListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['finance', 'support', 'auditor'])
      const { query } = request
      const { items, total } = await listAdjustments(db, query)
      void reply.header('cache-control', 'no-store')
      return ok({
        adjustments: await toWire(db, items),
        total,
        page: query.page,
        pageSize: query.pageSize,
      })
    },
  )

  app.post(
    '/admin/api/adjustments/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a balance adjustment',
        description: `Moves the money in one ledger transfer (\`adjustment\`, between the house and the player's cash) keyed by the adjustment's id, so it is paid once however often or concurrently it is approved; the player is notified. 409 \`adjustments.same_operator\` when the operator who asked approves (by operator, not session), \`adjustments.not_pending\` when already decided, \`adjustments.exceeds_cash\` when a debit meets less cash than it takes now. Audited. Needs finance. ${ROLE_NOTE} 404 \`adjustments.not_found\`.`,
        params: AdjustmentIdParamsSchema,
        response: { 200: AdjustmentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      // The player's language, read before the transaction that notifies them.
      const asked = await findAdjustment(db, request.params.id)
      if (!asked) throw new AppError('adjustments.not_found')
      const words = await playerWording(db, site, asked.playerId)
      const decided = await notifyAfterCommit({ bus: app.bus, log: request.log }, (notify) =>
        inLedgerTransaction(db, async (tx) => {
          const result = await decideAdjustment(tx, {
            id: request.params.id,
            operatorId: operator.id,
            decision: 'approve',
          })
          const { adjustment } = result
          await recordAudit(tx, request, {
            actorType: 'operator',
            actorId: operator.id,
            playerId: adjustment.playerId,
            action: 'adjustment.approved',
            details: {
              adjustmentId: adjustment.id,
              currency: adjustment.currency,
              amountMinor: adjustment.amountMinor.toString(),
              requestedBy: adjustment.requestedBy,
            },
          })
          await notify(tx, {
            playerId: adjustment.playerId,
            type: 'other',
            isMarketing: false,
            text: words.text('notifications_text.balance_adjusted', {
              amount: formatMoney(
                adjustment.amountMinor,
                adjustment.currency as CurrencyCode,
                words.tag,
              ),
            }),
          })
          return adjustment
        }),
      )
      try {
        await publishWallet(db, app.bus, decided.playerId, decided.currency)
      } catch (error) {
        request.log.warn({ err: error }, 'adjustment paid but the balance not pushed')
      }
      void reply.header('cache-control', 'no-store')
      return ok(await oneWire(db, decided))
    },
  )

  app.post(
    '/admin/api/adjustments/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a balance adjustment',
        description: `Nothing moves; \`reason\` (3 to 500 characters) is kept and audited. 409 \`adjustments.same_operator\` when the operator who asked rejects (they may not decide it either way), \`adjustments.not_pending\` when already decided. Needs finance. ${ROLE_NOTE} 404 \`adjustments.not_found\`.`,
        params: AdjustmentIdParamsSchema,
        body: RejectBodySchema,
        response: { 200: AdjustmentResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['finance'])
      const decided = await db.transaction(async (tx) => {
        const { adjustment } = await decideAdjustment(tx, {
          id: request.params.id,
          operatorId: operator.id,
          decision: 'reject',
          reason: request.body.reason,
        })
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          playerId: adjustment.playerId,
          action: 'adjustment.rejected',
          details: {
            adjustmentId: adjustment.id,
            currency: adjustment.currency,
            amountMinor: adjustment.amountMinor.toString(),
            reason: request.body.reason,
          },
        })
        return adjustment
      })
      void reply.header('cache-control', 'no-store')
      return ok(await oneWire(db, decided))
    },
  )
}
