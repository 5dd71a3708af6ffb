import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { redirects } from './site.tables.ts'
import {
  DeletedResponseSchema,
  IdParamsSchema,
  RedirectBodySchema,
  RedirectListQuerySchema,
  RedirectListResponseSchema,
  RedirectResponseSchema,
  type OperatorRedirect,
} from './site-admin.contract.ts'
import {
  CONTENT_READ,
  CONTENT_WRITE,
  READ_ROLE_NOTE,
  ROLE_NOTE,
  changeSite,
  likePattern,
} from './site-admin.change.ts'

type RedirectRow = typeof redirects.$inferSelect

const redirectView = (row: RedirectRow): OperatorRedirect => ({
  id: row.id,
  fromPath: row.fromPath,
  toPath: row.toPath,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
})

const SORT_COLUMNS = { fromPath: redirects.fromPath, createdAt: redirects.createdAt }

/** The site looks a redirect up by the address without its query. */
const pathOf = (location: string) => location.split('?')[0] ?? location

/**
 * True when following `toPath` through the table comes back to `fromPath`: the browser would go
 * round until it gave up. Run under the table's lock, so two redirects sent at once cannot each
 * close the other's circle.
 */
async function closesLoop(tx: Tx, fromPath: string, toPath: string): Promise<boolean> {
  const table = new Map(
    (await tx.select({ from: redirects.fromPath, to: redirects.toPath }).from(redirects)).map(
      (row) => [row.from, row.to],
    ),
  )
  const seen = new Set<string>()
  for (let path = pathOf(toPath); ;) {
    if (path === fromPath) return true
    if (seen.has(path)) return false
    seen.add(path)
    const next = table.get(path)
    if (next === undefined) return false
    path = pathOf(next)
  }
}

/** `/admin/api/redirects`: the redirect table the site follows after its own address rules. */
export const redirectAdminRoutes: FastifyPluginAsyncZod<{ bus: EventBus }> = async (
  app,
  { bus },
) => {
  const db: Db = app.database.db
  const tags = ['operator', 'site']

  app.get(
    '/admin/api/redirects',
    {
      schema: {
        tags,
        summary: 'List redirects',
        description: `Redirects whose from or to address holds \`q\`, sorted by \`sort\` (\`-\` for descending), \`pageSize\` at most 100. ${READ_ROLE_NOTE}`,
        querystring: RedirectListQuerySchema,
        response: { 200: RedirectListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, CONTENT_READ)
      const { q, sort, page, pageSize } = request.query
      const where = q
        ? or(ilike(redirects.fromPath, likePattern(q)), ilike(redirects.toPath, likePattern(q)))
        : undefined
      const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS]
      const direction = sort.startsWith('-') ? desc : asc
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(redirects)
          .where(where)
          .orderBy(direction(column), asc(redirects.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(redirects).where(where),
      ])
      void reply.header('cache-control', 'no-store')
      return ok({ items: rows.map(redirectView), total: counted?.total ?? 0, page, pageSize })
    },
  )

  app.post(
    '/admin/api/redirects',
    {
      schema: {
        tags,
        summary: 'Create a redirect',
        description: `From \`fromPath\` (a path of the site without a query, as the browser asks for it: \`/en/old-page/\`) to \`toPath\` (a path of the site, a query allowed) with \`status\` 301 (moved for good) or 302 (for now). 409 \`site.redirect_exists\` when \`fromPath\` has one; 400 \`site.redirect_loop\` when it would lead back to itself, at once or through other redirects. The site follows it from its next request. Audited (\`site.redirect.created\`). ${ROLE_NOTE}`,
        body: RedirectBodySchema,
        response: { 200: RedirectResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const { fromPath, toPath, status } = request.body
      const created = await changeSite(
        { db, bus, request, operatorId: operator.id, scope: 'redirects' },
        async (tx, audit) => {
          // One writer of the table at a time: the loop check reads the whole table.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site.redirects'))`)
          if (await closesLoop(tx, fromPath, toPath)) throw new AppError('site.redirect_loop')
          const [row] = await tx
            .insert(redirects)
            .values({ fromPath, toPath, status })
            .onConflictDoNothing()
            .returning()
          if (!row) throw new AppError('site.redirect_exists')
          await audit('site.redirect.created', { id: row.id, fromPath, toPath, status })
          return row
        },
      )
      void reply.header('cache-control', 'no-store')
      return ok(redirectView(created))
    },
  )

  app.delete(
    '/admin/api/redirects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a redirect',
        description: `The site stops following it from its next request. 404 \`site.redirect_not_found\`. Audited (\`site.redirect.deleted\`, with the redirect as it was). ${ROLE_NOTE}`,
        params: IdParamsSchema,
        response: { 200: DeletedResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const { id } = request.params
      await changeSite(
        { db, bus, request, operatorId: operator.id, scope: 'redirects' },
        async (tx, audit) => {
          const [removed] = await tx.delete(redirects).where(eq(redirects.id, id)).returning()
          if (!removed) throw new AppError('site.redirect_not_found')
          const { fromPath, toPath, status } = removed
          await audit('site.redirect.deleted', { id, fromPath, toPath, status })
        },
      )
      void reply.header('cache-control', 'no-store')
      return ok({ id })
    },
  )
}
