import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isLocalePrefix, LOCALE_PREFIXES } from '#common/locales.ts'
import type { Db, Tx } from '#db/client.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { PAGE_COMPONENT_KINDS, PageComponentSchema, type PageComponent } from './site.contract.ts'
import { pageComponents } from './site.tables.ts'

/** The spec's feature pages that have content blocks. */
export const COMPONENT_PAGE_NAMES = [
  'lottery',
  'quests',
  'achievements',
  'fortune-wheel',
  'lootboxes',
] as const
export type ComponentPage = (typeof COMPONENT_PAGE_NAMES)[number]
export const isComponentPage = (value: string): value is ComponentPage =>
  (COMPONENT_PAGE_NAMES as readonly string[]).includes(value)

type ComponentRow = typeof pageComponents.$inferSelect

/** One block in one locale (English when the row somehow lacks it: the admin call refuses that). */
export function componentIn(row: ComponentRow, lang: string): PageComponent {
  const texts = row.texts[lang] ?? row.texts.en
  return {
    id: row.id,
    kind: row.kind,
    title: texts?.title ?? '',
    text: texts?.text ?? '',
    image_cdn_url: row.imageUrl,
    image_alt_text: texts?.imageAlt ?? '',
    items: texts?.items ?? [],
  }
}

export function loadPageComponents(db: Db | Tx, page: string): Promise<ComponentRow[]> {
  return db
    .select()
    .from(pageComponents)
    .where(eq(pageComponents.page, page))
    .orderBy(asc(pageComponents.sort))
}

const ParamsSchema = z.object({ lang: z.string().min(1).max(16) })

const ItemSchema = z.object({ title: z.string().max(500), text: z.string().max(4000) })
const BlockTextsSchema = z.object({
  title: z.string().max(500),
  text: z.string().max(4000),
  imageAlt: z.string().max(500).optional(),
  items: z.array(ItemSchema).max(20).optional(),
})
type BlockTexts = z.infer<typeof BlockTextsSchema>
const OperatorComponentSchema = z.object({
  kind: z.enum(PAGE_COMPONENT_KINDS),
  image_url: z
    .string()
    .max(500)
    .regex(/^(\/[\w\-./]+|https:\/\/\S+)$/)
    .nullable(),
  /** Every locale prefix: the title and text, for a hero the image's alt text, the steps or questions. */
  texts: z.record(z.string().max(16), BlockTextsSchema),
})
const PageParamsSchema = z.object({ page: z.string().max(64) })
const OperatorPageBodySchema = z.object({ components: z.array(OperatorComponentSchema).max(30) })
const OperatorPageResponseSchema = envelopeOf(
  z.object({
    components: z.array(OperatorComponentSchema.extend({ id: z.string(), sort: z.number().int() })),
  }),
)

/**
 * A block's texts in all 16 locales, non-empty where the page shows them (an image's alt text
 * when there is an image, each item's title and text), else `quests.texts_incomplete`.
 */
function completeBlockTexts(
  component: z.infer<typeof OperatorComponentSchema>,
): Record<string, BlockTexts> {
  const filled = (value: string | undefined) => (value ?? '').trim() !== ''
  return Object.fromEntries(
    LOCALE_PREFIXES.map((locale) => {
      const texts = component.texts[locale]
      const itemCount = component.texts.en?.items?.length ?? 0
      const complete =
        texts !== undefined &&
        filled(texts.title) &&
        filled(texts.text) &&
        (component.image_url === null || filled(texts.imageAlt)) &&
        (texts.items?.length ?? 0) === itemCount &&
        (texts.items ?? []).every((item) => filled(item.title) && filled(item.text))
      if (!complete) throw new AppError('quests.texts_incomplete', { params: { locale } })
      return [locale, texts]
    }),
  )
}

const operatorView = (row: ComponentRow) => ({
  id: row.id,
  sort: row.sort,
  kind: row.kind,
  image_url: row.imageUrl,
  texts: row.texts,
})
const QuerySchema = z.object({ url: z.string().max(64) })

/** `GET /{locale}/page/get-page-components?url=<page>`: a feature page's blocks in the locale. */
export const pageComponentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  app.get(
    '/:lang/page/get-page-components',
    {
      config: { csrf: false },
      schema: {
        tags: ['site'],
        summary: 'The content blocks of a feature page',
        description: `The hero, text, steps and FAQ blocks of \`url\` (one of ${COMPONENT_PAGE_NAMES.map((p) => `\`${p}\``).join(', ')}) in page order, in the language of \`lang\`. 400 \`page_components.unknown_page\` for another \`url\`; 404 \`site.unknown_locale\` for a language the site does not have.`,
        params: ParamsSchema,
        querystring: QuerySchema,
        response: {
          200: envelopeOf(z.object({ components: z.array(PageComponentSchema) })),
        },
      },
    },
    async (request) => {
      const { lang } = request.params
      if (!isLocalePrefix(lang)) throw new AppError('site.unknown_locale')
      const page = request.query.url
      if (!isComponentPage(page)) throw new AppError('page_components.unknown_page')
      const rows = await loadPageComponents(db, page)
      return ok({ components: rows.map((row) => componentIn(row, lang)) })
    },
  )

  const READ_NOTE =
    'Needs an operator with the content, auditor or admin role: 401 without an operator session, 403 without the role.'
  const ROLE_NOTE =
    'Needs an operator with the content or admin role: 401 without an operator session, 403 without the role.'
  const pageOf = (page: string): ComponentPage => {
    if (!isComponentPage(page)) throw new AppError('page_components.unknown_page')
    return page
  }

  app.get(
    '/admin/api/page-components/:page',
    {
      schema: {
        tags: ['operator', 'site'],
        summary: 'A feature page’s blocks with every locale’s texts',
        description: `The blocks of \`page\` (${COMPONENT_PAGE_NAMES.map((p) => `\`${p}\``).join(', ')}; else 400 \`page_components.unknown_page\`) in page order. ${READ_NOTE}`,
        params: PageParamsSchema,
        response: { 200: OperatorPageResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const rows = await loadPageComponents(db, pageOf(request.params.page))
      void reply.header('cache-control', 'no-store')
      return ok({ components: rows.map(operatorView) })
    },
  )

  app.put(
    '/admin/api/page-components/:page',
    {
      schema: {
        tags: ['operator', 'site'],
        summary: 'Replace a feature page’s blocks',
        description: `The list replaces the page’s blocks as a whole, in the order given. Each block’s \`texts\` holds all 16 locale prefixes with a title and a text, the image’s alt text when \`image_url\` is set, and as many non-empty steps or questions (\`items\`) as English has; else 400 \`quests.texts_incomplete\` (param \`locale\`). 400 \`page_components.unknown_page\`. Audited. ${ROLE_NOTE}`,
        params: PageParamsSchema,
        body: OperatorPageBodySchema,
        response: { 200: OperatorPageResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const page = pageOf(request.params.page)
      const rows = request.body.components.map((component, index) => ({
        page,
        sort: (index + 1) * 10,
        kind: component.kind,
        imageUrl: component.image_url,
        texts: completeBlockTexts(component),
        updatedAt: new Date(),
      }))
      await db.transaction(async (tx) => {
        await tx.delete(pageComponents).where(eq(pageComponents.page, page))
        if (rows.length > 0) await tx.insert(pageComponents).values(rows)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'page_components.replaced',
          details: { page, components: rows.length },
        })
      })
      // The feature pages are cached for visitors: drop them on every instance.
      await app.bus.publish('site.changed', { scope: 'pages' })
      void reply.header('cache-control', 'no-store')
      return ok({ components: (await loadPageComponents(db, page)).map(operatorView) })
    },
  )
}
