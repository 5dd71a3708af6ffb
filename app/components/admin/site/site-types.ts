import { LOCALES } from '#common/locales.ts'

/** What the console's site calls answer (`server/modules/site/site-admin.contract.ts`). */
export interface Paged<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

export interface CmsBlock {
  type: 'heading' | 'paragraph'
  text: string
}

export interface CmsPageSummary {
  id: string
  locale: string
  path: string
  title: string
  isPublished: boolean
  updatedAt: string
}

export interface CmsPage extends CmsPageSummary {
  blocks: CmsBlock[]
  layout: string
}

export interface MenuItem {
  id: string
  label: string
  url: string
  icon?: string | undefined
  isExternal?: boolean | undefined
  children?: MenuItem[] | undefined
}

export interface SiteMenu {
  menu: string
  items: MenuItem[]
  isFallback: boolean
  updatedAt: string | null
}

export interface SiteSettings {
  languages: string[]
  defaultLocale: string
  blockedCountries: string[]
  conversionSpreadBp: number
  depositWagerMultiplier: number
  maxWinPerBetEurMinor: number
  withdrawalSecondApprovalEurMinor: number
}

export interface SettingsAnswer {
  settings: SiteSettings
  moneyKeys: string[]
}

export interface Translation {
  key: string
  shipped: string
  english: string
  override: string | null
  updatedAt: string | null
}

export interface Redirect {
  id: string
  fromPath: string
  toPath: string
  status: number
  createdAt: string
}

/** The site's locales as choices: the native name with the prefix the addresses use. */
export const LOCALE_OPTIONS = LOCALES.map((locale) => ({
  value: locale.prefix,
  label: `${locale.nativeName} (${locale.prefix})`,
}))

/** A stored time as the console shows it: date and time in the operator's browser. */
export const shownTime = (iso: string | null) =>
  iso === null
    ? '—'
    : new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
