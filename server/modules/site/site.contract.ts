import { z } from 'zod'

export const MENU_KEYS = [
  'header',
  'footer-info',
  'side',
  'personal-cabinet',
  'game-menu',
  'mobile-footer',
  'shortcuts',
  'bonus-modal',
  'mobile-banner',
] as const
export const MenuKeySchema = z.enum(MENU_KEYS)
export type MenuKey = z.infer<typeof MenuKeySchema>

export interface MenuItem {
  id: string
  label: string
  url: string
  icon?: string | undefined
  isExternal?: boolean | undefined
  children?: MenuItem[] | undefined
}
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    label: z.string().min(1),
    url: z.string().min(1),
    icon: z.string().optional(),
    isExternal: z.boolean().optional(),
    children: z.array(MenuItemSchema).optional(),
  }),
)
export const MenuItemsSchema = z.array(MenuItemSchema)
export type Menus = Record<MenuKey, MenuItem[]>

export const SiteSettingsSchema = z.object({
  /** Locale prefixes offered in the footer; only these count as localised path prefixes. */
  languages: z.array(z.string()).min(1),
  defaultLocale: z.string(),
  /** ISO 3166-1 alpha-2 codes whose visitors are sent to /site/restricted. */
  blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)),
  /**
   * The spread of a conversion that moves money, in basis points (100 = 1 %), kept back from what
   * the player receives.
   */
  conversionSpreadBp: z.number().int().min(0).max(2000),
  /**
   * How many times deposited money is wagered before it may leave by another method or currency
   * than it came with; 0 turns the rule off. Applies to deposits credited after a
   * change.
   */
  depositWagerMultiplier: z.number().min(0).max(50),
  /**
   * The most one bet may pay back, in euro cents, a safe integer; each currency's
   * cap is this converted by the rate table (`games/win-caps.ts`).
   */
  maxWinPerBetEurMinor: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /**
   * A withdrawal worth more than this (euro cents, converted by the rate table) needs a second
   * operator's approval, never the first's.
   */
  withdrawalSecondApprovalEurMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
})
export type SiteSettings = z.infer<typeof SiteSettingsSchema>

export const LangParamsSchema = z.object({
  lang: z
    .string()
    .max(10)
    .regex(/^[a-z]{2}([_-][a-z]{2})?$/, 'a locale code such as en or fr-ca'),
})

export const LanguageSchema = z.object({
  code: z.string(),
  tag: z.string(),
  name: z.string(),
  dir: z.enum(['ltr', 'rtl']),
})
export type Language = z.infer<typeof LanguageSchema>

export const CmsBlockSchema = z.object({
  type: z.enum(['heading', 'paragraph']),
  text: z.string(),
})
export type CmsBlock = z.infer<typeof CmsBlockSchema>

export interface CmsPage {
  locale: string
  path: string
  title: string
  blocks: CmsBlock[]
  layout: string
}

/** The kinds of block a feature page's components are (`GET /{locale}/page/get-page-components`). */
export const PAGE_COMPONENT_KINDS = ['hero', 'text', 'steps', 'faq'] as const

/** A feature page's content block (`GET /{locale}/page/get-page-components`). */
export const PageComponentSchema = z.object({
  id: z.string(),
  kind: z.enum(PAGE_COMPONENT_KINDS),
  title: z.string(),
  text: z.string(),
  image_cdn_url: z.string().nullable(),
  image_alt_text: z.string(),
  items: z.array(z.object({ title: z.string(), text: z.string() })),
})
export type PageComponent = z.infer<typeof PageComponentSchema>
