import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { csvAttachment, csvStream } from '#server/lib/csv.ts'
import { ok } from '#server/lib/envelope.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import {
  AuditFilterSchema,
  AuditListQuerySchema,
  AuditListResponseSchema,
} from './audit.contract.ts'
import { AUDIT_CSV_MAX_ROWS, auditEventBatches, listAuditEvents } from './list-audit.ts'

const tags = ['operator', 'audit']
const FILTER_NOTE =
  'Filters: `actorType` (player, operator, system), `actorId`, `playerId` (the player the event concerns), `action` (exact, or a prefix ending in a dot: `operator.`), `from` and `to` (UTC days, both included, from ≤ to), `q` (part of the address, browser or details).'
const ROLE_NOTE =
  'Auditor or admin: 401 without an operator session, 403 without the role. The log itself cannot be changed: the database refuses UPDATE and DELETE on it.'

/** The audit log for the console, as JSON pages. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  app.get(
    '/admin/api/audit',
    {
      schema: {
        tags,
        summary: 'Search the audit log',
        description: `One page of audit events, newest first, each with the acting operator's or player's name and e-mail, the concerned player's e-mail, the address, browser and details. ${FILTER_NOTE} ${ROLE_NOTE}`,
        querystring: AuditListQuerySchema,
        response: { 200: AuditListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['auditor'])
      const { page, pageSize, ...filter } = request.query
      const { rows, total } = await listAuditEvents(db, filter, { page, pageSize })
      void reply.header('cache-control', 'no-store')
      return ok({ items: rows, total, page, pageSize })
    },
  )
}

/**
 * The audit log as a CSV download. Outside the JSON API scope: the console links to it, and a
 * browser's plain link sends neither the marker header nor a CSRF token (a read needs neither;
 * the operator's session cookie, same-site, is the check).
 */
export const auditCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  app.get(
    '/admin/api/audit.csv',
    {
      schema: {
        tags,
        summary: 'Export the audit log as CSV',
        description: `The audit events the filters select, newest first, as \`text/csv\` (streamed, at most ${String(AUDIT_CSV_MAX_ROWS)} rows: narrow the filters for more). ${FILTER_NOTE} ${ROLE_NOTE}`,
        querystring: AuditFilterSchema,
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['auditor'])
      const batches = async function* () {
        for await (const rows of auditEventBatches(db, request.query)) {
          yield rows.map((row) => [
            row.createdAt,
            row.actorType,
            row.actorId,
            row.actor?.email,
            row.actor?.name,
            row.playerId,
            row.playerEmail,
            row.action,
            row.ip,
            row.userAgent,
            JSON.stringify(row.details),
          ])
        }
      }
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', csvAttachment('audit-log'))
        .type('text/csv; charset=utf-8')
        .send(
          csvStream(
            [
              'time',
              'actor_type',
              'actor_id',
              'actor_email',
              'actor_name',
              'player_id',
              'player_email',
              'action',
              'ip',
              'user_agent',
              'details',
            ],
            batches(),
          ),
        )
    },
  )
}
