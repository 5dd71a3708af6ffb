import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { cmsPages } from './site.tables.ts'
import { CmsBlockSchema } from './site.contract.ts'
import {
  DeletedResponseSchema,
  IdParamsSchema,
  PageBodySchema,
  PageListQuerySchema,
  PageListResponseSchema,
  PageResponseSchema,
  type OperatorPage,
} from './site-admin.contract.ts'
import {
  CONTENT_READ,
  CONTENT_WRITE,
  READ_ROLE_NOTE,
  ROLE_NOTE,
  changeSite,
  isUniqueViolation,
  likePattern,
} from './site-admin.change.ts'

type PageRow = typeof cmsPages.$inferSelect

const pageSummary = (row: PageRow) => ({
  id: row.id,
  locale: row.locale,
  path: row.path,
  title: row.title,
  isPublished: row.isPublished,
  updatedAt: row.updatedAt.toISOString(),
})
const pageView = (row: PageRow): OperatorPage => ({
  ...pageSummary(row),
  blocks: CmsBlockSchema.array().parse(row.blocks),
  layout: row.layout,
})
/** What an operator edits of a page: the audit's before and after. */
const editedFields = (row: PageRow) => ({
  locale: row.locale,
  path: row.path,
  title: row.title,
  blocks: row.blocks,
  layout: row.layout,
  isPublished: row.isPublished,
})

const SORT_COLUMNS = { path: cmsPages.path, title: cmsPages.title, updatedAt: cmsPages.updatedAt }

async function lockPage(tx: Tx, id: string): Promise<PageRow> {
  const [row] = await tx.select().from(cmsPages).where(eq(cmsPages.id, id)).for('update')
  if (!row) throw new AppError('site.page_not_found')
  return row
}

/** The locale and path another page holds: 409 rather than the unique index's error. */
async function writeOrConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('site.page_path_taken', { cause: error })
    throw error
  }
}

/** `/admin/api/pages`: the CMS pages the catch-all and legal routes render, per locale and path. */
export const cmsPageAdminRoutes: FastifyPluginAsyncZod<{ bus: EventBus }> = async (
  app,
  { bus },
) => {
  const db: Db = app.database.db
  const tags = ['operator', 'site']

  app.get(
    '/admin/api/pages',
    {
      schema: {
        tags,
        summary: 'List CMS pages',
        description: `Pages of every locale or of \`locale\`, published or not (\`isPublished\`), whose title or path holds \`q\`; sorted by \`sort\` (\`-\` for descending), \`pageSize\` at most 100. Without their blocks. ${READ_ROLE_NOTE}`,
        querystring: PageListQuerySchema,
        response: { 200: PageListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, CONTENT_READ)
      const { locale, q, isPublished, sort, page, pageSize } = request.query
      const filters: SQL[] = []
      if (locale) filters.push(eq(cmsPages.locale, locale))
      if (isPublished !== undefined) filters.push(eq(cmsPages.isPublished, isPublished))
      if (q) {
        const text = or(ilike(cmsPages.title, likePattern(q)), ilike(cmsPages.path, likePattern(q)))
        if (text) filters.push(text)
      }
      const where = and(...filters)
      const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS]
      const direction = sort.startsWith('-') ? desc : asc
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(cmsPages)
          .where(where)
          .orderBy(direction(column), asc(cmsPages.locale), asc(cmsPages.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(cmsPages).where(where),
      ])
      void reply.header('cache-control', 'no-store')
      return ok({
        items: rows.map(pageSummary),
        total: counted?.total ?? 0,
        page,
        pageSize,
      })
    },
  )

  app.get(
    '/admin/api/pages/:id',
    {
      schema: {
        tags,
        summary: 'A CMS page with its blocks',
        description: `404 \`site.page_not_found\`. ${READ_ROLE_NOTE}`,
        params: IdParamsSchema,
        response: { 200: PageResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, CONTENT_READ)
      const [row] = await db.select().from(cmsPages).where(eq(cmsPages.id, request.params.id))
      if (!row) throw new AppError('site.page_not_found')
      void reply.header('cache-control', 'no-store')
      return ok(pageView(row))
    },
  )

  const BODY_NOTE =
    '`path` is the address after the locale with a slash at each end (`/about-us/`); `blocks` are headings and paragraphs, shown as text in order. 409 `site.page_path_taken` when the locale has a page at that path. The site shows the change on its next request.'

  app.post(
    '/admin/api/pages',
    {
      schema: {
        tags,
        summary: 'Create a CMS page',
        description: `${BODY_NOTE} Audited (\`site.page.created\`). ${ROLE_NOTE}`,
        body: PageBodySchema,
        response: { 200: PageResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const created = await writeOrConflict(() =>
        changeSite(
          { db, bus, request, operatorId: operator.id, scope: 'pages' },
          async (tx, audit) => {
            const [row] = await tx
              .insert(cmsPages)
              .values(request.body)
              .onConflictDoNothing()
              .returning()
            if (!row) throw new AppError('site.page_path_taken')
            await audit('site.page.created', { id: row.id, after: request.body })
            return row
          },
        ),
      )
      void reply.header('cache-control', 'no-store')
      return ok(pageView(created))
    },
  )

  app.put(
    '/admin/api/pages/:id',
    {
      schema: {
        tags,
        summary: 'Replace a CMS page',
        description: `Sets every field. ${BODY_NOTE} 404 \`site.page_not_found\`. Audited (\`site.page.updated\`, before and after). ${ROLE_NOTE}`,
        params: IdParamsSchema,
        body: PageBodySchema,
        response: { 200: PageResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const { id } = request.params
      const updated = await writeOrConflict(() =>
        changeSite(
          { db, bus, request, operatorId: operator.id, scope: 'pages' },
          async (tx, audit) => {
            const before = editedFields(await lockPage(tx, id))
            const [row] = await tx
              .update(cmsPages)
              .set({ ...request.body, updatedAt: new Date() })
              .where(eq(cmsPages.id, id))
              .returning()
            if (!row) throw new AppError('site.page_not_found')
            await audit('site.page.updated', { id, before, after: request.body })
            return row
          },
        ),
      )
      void reply.header('cache-control', 'no-store')
      return ok(pageView(updated))
    },
  )

  app.delete(
    '/admin/api/pages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a CMS page',
        description: `The page's address answers 404 from the next request (unpublish it instead to keep it). 404 \`site.page_not_found\`. Audited (\`site.page.deleted\`, with the page as it was). ${ROLE_NOTE}`,
        params: IdParamsSchema,
        response: { 200: DeletedResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, CONTENT_WRITE)
      const { id } = request.params
      await changeSite(
        { db, bus, request, operatorId: operator.id, scope: 'pages' },
        async (tx, audit) => {
          const before = editedFields(await lockPage(tx, id))
          await tx.delete(cmsPages).where(eq(cmsPages.id, id))
          await audit('site.page.deleted', { id, before })
        },
      )
      void reply.header('cache-control', 'no-store')
      return ok({ id })
    },
  )
}
