import { z } from 'zod'
import { ADMIN_PAGE_SIZE_MAX } from '#common/back-office.ts'
import { LOCALE_PREFIXES, type LocalePrefix } from '#common/locales.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import {
  CmsBlockSchema,
  MENU_KEYS,
  SiteSettingsSchema,
  type MenuItem,
  type SiteSettings,
} from './site.contract.ts'

/** The console's calls on site content: CMS pages, menus, settings, translations, redirects. */

const LocaleSchema = z.enum(LOCALE_PREFIXES as [LocalePrefix, ...LocalePrefix[]])

const PageQuerySchema = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20),
}
/** `true`/`false` in a query string (`z.coerce.boolean` would read `false` as true). */
const QueryFlagSchema = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'))
const SearchSchema = z.string().trim().max(200).optional()

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })

export const IdParamsSchema = z.object({ id: z.uuid() })

// CMS pages

/**
 * A page's address after the locale, with a slash at each end: `/about-us/`, `/help/payments/`
 * (lower-case words joined by hyphens), as the catch-all route looks it up.
 */
export const CMS_PATH_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)+$/
/** The layouts the site renders a CMS page with (`app/components/cms-article.tsx`). */
export const CMS_LAYOUTS = ['page'] as const

export const PAGE_SORTS = ['path', '-path', 'title', '-title', 'updatedAt', '-updatedAt'] as const

export const PageListQuerySchema = z.object({
  locale: LocaleSchema.optional(),
  q: SearchSchema,
  isPublished: QueryFlagSchema,
  sort: z.enum(PAGE_SORTS).default('path'),
  ...PageQuerySchema,
})

export const OperatorCmsBlockSchema = CmsBlockSchema.extend({
  text: z.string().trim().min(1, 'a block needs text').max(10_000),
})

export const PageBodySchema = z.object({
  locale: LocaleSchema,
  path: z
    .string()
    .max(200)
    .regex(CMS_PATH_PATTERN, 'a path such as /about-us/ (lower-case words, a slash at each end)'),
  title: z.string().trim().min(1).max(200),
  blocks: z.array(OperatorCmsBlockSchema).max(200),
  layout: z.enum(CMS_LAYOUTS).default('page'),
  isPublished: z.boolean(),
})

const PageSummarySchema = z.object({
  id: z.string(),
  locale: z.string(),
  path: z.string(),
  title: z.string(),
  isPublished: z.boolean(),
  updatedAt: z.string(),
})
export const PageSchema = PageSummarySchema.extend({
  blocks: z.array(CmsBlockSchema),
  layout: z.string(),
})
export type OperatorPage = z.infer<typeof PageSchema>
export const PageListResponseSchema = envelopeOf(listOf(PageSummarySchema))
export const PageResponseSchema = envelopeOf(PageSchema)

// Menus

export const MenusQuerySchema = z.object({ locale: z.string().max(16) })
export const MenuParamsSchema = z.object({ locale: z.string().max(16), menu: z.string().max(64) })

/** Where a menu entry may lead: a path of this site, or an outside address (`isExternal`). */
const MENU_URL_PATTERN = /^(\/(?!\/)\S*|https:\/\/\S+)$/
export interface OperatorMenuItem extends MenuItem {
  children?: OperatorMenuItem[] | undefined
}
const OperatorMenuItemSchema: z.ZodType<OperatorMenuItem> = z.lazy(() =>
  z.object({
    id: z
      .string()
      .max(64)
      .regex(/^[\w-]+$/, 'letters, digits, - and _'),
    label: z.string().trim().min(1, 'a label is needed').max(100),
    url: z
      .string()
      .max(500)
      .regex(MENU_URL_PATTERN, 'a path of the site (/de/lobby/) or an https:// address'),
    icon: z
      .string()
      .max(64)
      .regex(/^[a-z0-9-]+$/)
      .optional(),
    isExternal: z.boolean().optional(),
    children: z.array(OperatorMenuItemSchema).max(50).optional(),
  }),
)

function menuIds(items: OperatorMenuItem[]): string[] {
  return items.flatMap((item) => [item.id, ...menuIds(item.children ?? [])])
}

export const MenuBodySchema = z.object({
  items: z
    .array(OperatorMenuItemSchema)
    .max(50)
    .refine((items) => {
      const ids = menuIds(items)
      return new Set(ids).size === ids.length
    }, 'each entry needs an id of its own'),
})

const MenuEntrySchema = z.object({
  menu: z.enum(MENU_KEYS),
  items: z.array(z.custom<MenuItem>()),
  /** The locale has no menu of its own: the site shows English's, listed here. */
  isFallback: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type OperatorMenu = z.infer<typeof MenuEntrySchema>
export const MenusResponseSchema = envelopeOf(
  z.object({ locale: z.string(), menus: z.array(MenuEntrySchema) }),
)
export const MenuResponseSchema = envelopeOf(MenuEntrySchema.extend({ locale: z.string() }))

// Settings

/**
 * Settings that move money: what a conversion keeps, deposits' wagering before a switch of
 * method, the biggest win, the second approval of withdrawals. Only an admin changes them.
 */
export const MONEY_SETTING_KEYS = [
  'conversionSpreadBp',
  'depositWagerMultiplier',
  'maxWinPerBetEurMinor',
  'withdrawalSecondApprovalEurMinor',
] as const satisfies readonly (keyof SiteSettings)[]

export const SettingsBodySchema = SiteSettingsSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'name at least one setting')

export const SettingsResponseSchema = envelopeOf(
  z.object({ settings: SiteSettingsSchema, moneyKeys: z.array(z.string()) }),
)

// Translation overrides

export const TranslationListQuerySchema = z.object({
  locale: z.string().max(16),
  q: SearchSchema,
  onlyOverridden: QueryFlagSchema,
  ...PageQuerySchema,
})

export const TranslationParamsSchema = z.object({
  locale: z.string().max(16),
  key: z
    .string()
    .max(200)
    .regex(/^[\w-]+(\.[\w-]+)+$/, 'a dotted key such as home.title'),
})

export const TRANSLATION_MAX_LENGTH = 2000
export const TranslationBodySchema = z.object({
  value: z
    .string()
    .max(TRANSLATION_MAX_LENGTH)
    .refine((value) => value.trim() !== '', 'the text cannot be empty'),
})

const TranslationSchema = z.object({
  key: z.string(),
  /** The text the locale ships with. */
  shipped: z.string(),
  /** The English text, for translating. */
  english: z.string(),
  /** The operator's wording, which the site shows instead of `shipped`; null: none. */
  override: z.string().nullable(),
  updatedAt: z.string().nullable(),
})
export type OperatorTranslation = z.infer<typeof TranslationSchema>
export const TranslationListResponseSchema = envelopeOf(
  listOf(TranslationSchema).extend({ locale: z.string() }),
)
export const TranslationResponseSchema = envelopeOf(
  TranslationSchema.extend({ locale: z.string() }),
)

// Redirects

/** A path of this site: one leading slash (`//host` would leave the site), no spaces. */
const SitePathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)\S*$/, 'a path of this site starting with one /')

export const REDIRECT_SORTS = ['fromPath', '-fromPath', 'createdAt', '-createdAt'] as const
export const RedirectListQuerySchema = z.object({
  q: SearchSchema,
  sort: z.enum(REDIRECT_SORTS).default('fromPath'),
  ...PageQuerySchema,
})
export const RedirectBodySchema = z.object({
  // The site looks the address up without its query.
  fromPath: SitePathSchema.refine((path) => !path.includes('?'), 'without a ?query'),
  toPath: SitePathSchema,
  status: z.union([z.literal(301), z.literal(302)]),
})
const RedirectSchema = z.object({
  id: z.string(),
  fromPath: z.string(),
  toPath: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
})
export type OperatorRedirect = z.infer<typeof RedirectSchema>
export const RedirectListResponseSchema = envelopeOf(listOf(RedirectSchema))
export const RedirectResponseSchema = envelopeOf(RedirectSchema)
export const DeletedResponseSchema = envelopeOf(z.object({ id: z.string() }))
