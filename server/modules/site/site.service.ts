import { createHash } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { DEFAULT_SECOND_APPROVAL_EUR_MINOR } from '#common/back-office.ts'
import { FEATURES, isPathOn, type FeatureSwitches } from '#common/features.ts'
import { DEFAULT_LOCALE, LOCALES, getLocale } from '#common/locales.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { cmsPages, menus, redirects, siteSettings, translationOverrides } from './site.tables.ts'
import {
  CmsBlockSchema,
  MENU_KEYS,
  MenuItemsSchema,
  SiteSettingsSchema,
  type CmsPage,
  type Language,
  type MenuItem,
  type Menus,
  type SiteSettings,
} from './site.contract.ts'
import { loadShippedMessages, readConsoleMessages, setPath } from './translations.ts'
import type { Messages } from '#common/messages.ts'

export const DEFAULT_SETTINGS: SiteSettings = {
  languages: LOCALES.map((l) => l.prefix),
  defaultLocale: DEFAULT_LOCALE,
  // The US and the sanctioned KP, IR, SY, CU.
  blockedCountries: ['US', 'KP', 'IR', 'SY', 'CU'],
  conversionSpreadBp: 100,
  depositWagerMultiplier: 1,
  // 100,000 EUR-equivalent.
  maxWinPerBetEurMinor: 10_000_000,
  withdrawalSecondApprovalEurMinor: DEFAULT_SECOND_APPROVAL_EUR_MINOR,
}

export interface SiteService {
  settings(): Promise<SiteSettings>
  languages(): Promise<Language[]>
  /**
   * Every menu of a locale; a menu the locale lacks falls back to the English one. Entries of
   * features that are off (`app/lib/features.ts`) are left out, however the menus are stored.
   */
  menus(locale: string): Promise<Menus>
  messages(locale: string): Promise<Messages>
  /** The operators' console's strings (English). */
  consoleMessages(): Messages
  /** The catalogue with its version, a hash of its content (it names the browser's cached copy). */
  catalogue(locale: string): Promise<{ version: string; messages: Messages }>
  findPage(locale: string, path: string): Promise<CmsPage | undefined>
  findRedirect(path: string): Promise<{ location: string; status: 301 | 302 } | undefined>
}

/** Keeps only the entries (and sub-entries) that lead to pages this installation has. */
export function withoutOffFeatures(items: MenuItem[], features: FeatureSwitches): MenuItem[] {
  return items
    .filter((item) => item.isExternal === true || isPathOn(item.url, features))
    .map((item) =>
      item.children ? { ...item, children: withoutOffFeatures(item.children, features) } : item,
    )
}

/**
 * Site content changes rarely and is read on every page, so each piece is cached in memory and
 * dropped when any instance publishes `site.changed`. `features` is for tests that turn one on.
 */
export function createSiteService(
  db: Db,
  bus: EventBus,
  features: FeatureSwitches = FEATURES,
): SiteService {
  const shipped = loadShippedMessages()
  let consoleMessages: Messages | undefined
  let settingsCache: Promise<SiteSettings> | undefined
  let redirectsCache: Promise<Map<string, { location: string; status: 301 | 302 }>> | undefined
  const menusCache = new Map<string, Promise<Menus>>()
  const languagesCache = new WeakMap<SiteSettings, Language[]>()
  const messagesCache = new Map<string, Promise<{ version: string; messages: Messages }>>()

  bus.subscribe('site.changed', ({ scope }) => {
    if (scope === 'settings') settingsCache = undefined
    if (scope === 'redirects') redirectsCache = undefined
    if (scope === 'menus') menusCache.clear()
    if (scope === 'translations') messagesCache.clear()
  })

  // A failed load must not stay cached.
  const remember = <T>(promise: Promise<T>, forget: () => void): Promise<T> => {
    promise.catch(forget)
    return promise
  }

  async function loadSettings(): Promise<SiteSettings> {
    const rows = await db.select().from(siteSettings)
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]))
    return SiteSettingsSchema.parse({ ...DEFAULT_SETTINGS, ...stored })
  }

  async function loadMenus(locale: string): Promise<Menus> {
    const rows = await db
      .select({ locale: menus.locale, menu: menus.menu, items: menus.items })
      .from(menus)
      .where(inArray(menus.locale, [locale, DEFAULT_LOCALE]))
    const pick = (key: string): MenuItem[] => {
      const own = rows.find((row) => row.locale === locale && row.menu === key)
      const fallback = rows.find((row) => row.locale === DEFAULT_LOCALE && row.menu === key)
      return withoutOffFeatures(MenuItemsSchema.parse((own ?? fallback)?.items ?? []), features)
    }
    return Object.fromEntries(MENU_KEYS.map((key) => [key, pick(key)])) as Menus
  }

  async function loadMessages(locale: string): Promise<Messages> {
    const rows = await db
      .select({ key: translationOverrides.key, value: translationOverrides.value })
      .from(translationOverrides)
      .where(eq(translationOverrides.locale, locale))
    return rows.reduce(
      (merged, row) => setPath(merged, row.key, row.value),
      shipped.get(locale) ?? {},
    )
  }

  async function loadRedirects() {
    const rows = await db.select().from(redirects)
    return new Map(
      rows.map((row) => [
        row.fromPath,
        { location: row.toPath, status: row.status === 302 ? 302 : 301 } as const,
      ]),
    )
  }

  const service: SiteService = {
    settings() {
      settingsCache ??= remember(loadSettings(), () => (settingsCache = undefined))
      return settingsCache
    },
    async languages() {
      const settings = await service.settings()
      // Derived from the cached settings object, so it is rebuilt exactly when they are.
      let languages = languagesCache.get(settings)
      if (!languages) {
        languages = settings.languages.map((code) => {
          const locale = getLocale(code)
          return { code, tag: locale.tag, name: locale.nativeName, dir: locale.dir }
        })
        languagesCache.set(settings, languages)
      }
      return languages
    },
    menus(locale) {
      let cached = menusCache.get(locale)
      if (!cached) {
        cached = remember(loadMenus(locale), () => menusCache.delete(locale))
        menusCache.set(locale, cached)
      }
      return cached
    },
    async messages(locale) {
      return (await service.catalogue(locale)).messages
    },
    consoleMessages() {
      consoleMessages ??= readConsoleMessages()
      return consoleMessages
    },
    catalogue(locale) {
      let cached = messagesCache.get(locale)
      if (!cached) {
        cached = remember(
          loadMessages(locale).then((messages) => ({
            messages,
            version: createHash('sha256')
              .update(JSON.stringify(messages))
              .digest('hex')
              .slice(0, 16),
          })),
          () => messagesCache.delete(locale),
        )
        messagesCache.set(locale, cached)
      }
      return cached
    },
    async findPage(locale, path) {
      const [row] = await db
        .select()
        .from(cmsPages)
        .where(
          and(eq(cmsPages.locale, locale), eq(cmsPages.path, path), eq(cmsPages.isPublished, true)),
        )
        .limit(1)
      if (!row) return undefined
      return {
        locale: row.locale,
        path: row.path,
        title: row.title,
        blocks: CmsBlockSchema.array().parse(row.blocks),
        layout: row.layout,
      }
    },
    async findRedirect(path) {
      redirectsCache ??= remember(loadRedirects(), () => (redirectsCache = undefined))
      return (await redirectsCache).get(path)
    },
  }
  return service
}
