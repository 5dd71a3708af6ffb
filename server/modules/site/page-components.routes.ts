import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FEATURES, type Feature, type FeatureSwitches } from '#common/features.ts'
import { isLocalePrefix } from '#common/locales.ts'
import type { Db, Tx } from '#db/client.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { PageComponentSchema, type PageComponent } from './site.contract.ts'
import { pageComponents } from './site.tables.ts'

/** The spec's feature pages that have content blocks, and the feature each belongs to. */
export const COMPONENT_PAGES = {
  lottery: 'lottery',
  quests: 'quests',
  achievements: 'achievements',
  'fortune-wheel': 'wheel',
  lootboxes: 'lootboxes',
} as const satisfies Record<string, Feature>
export type ComponentPage = keyof typeof COMPONENT_PAGES
export const COMPONENT_PAGE_NAMES = Object.keys(COMPONENT_PAGES) as ComponentPage[]
export const isComponentPage = (value: string): value is ComponentPage =>
  Object.hasOwn(COMPONENT_PAGES, value)

/** The pages whose issue may not have landed yet: answered 404 while their feature is off. */
const GATED: readonly ComponentPage[] = ['lottery', 'fortune-wheel', 'lootboxes']

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
const QuerySchema = z.object({ url: z.string().max(64) })

export interface PageComponentRoutesOptions {
  /** Tests pass their own switches; the site passes `FEATURES`. */
  features?: FeatureSwitches
}

/** `GET /{locale}/page/get-page-components?url=<page>`: a feature page's blocks in the locale. */
export const pageComponentRoutes: FastifyPluginAsyncZod<PageComponentRoutesOptions> = async (
  app,
  { features = FEATURES },
) => {
  const { db } = app.database
  app.get(
    '/:lang/page/get-page-components',
    {
      config: { csrf: false },
      schema: {
        tags: ['site'],
        summary: 'The content blocks of a feature page',
        description: `The hero, text, steps and FAQ blocks of \`url\` (one of ${COMPONENT_PAGE_NAMES.map((p) => `\`${p}\``).join(', ')}) in page order, in the language of \`lang\`. 400 \`page_components.unknown_page\` for another \`url\`; 404 \`page_components.not_found\` while the page’s feature is not offered (the wheel, the lootboxes, the lottery); 404 \`site.unknown_locale\` for a language the site does not have.`,
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
      if (GATED.includes(page) && !features[COMPONENT_PAGES[page]]) {
        throw new AppError('page_components.not_found')
      }
      const rows = await loadPageComponents(db, page)
      return ok({ components: rows.map((row) => componentIn(row, lang)) })
    },
  )
}
