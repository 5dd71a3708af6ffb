/**
 * The 16 regional variants. The URL prefix is the spec's; the BCP 47 tag drives
 * `Intl`, `<html lang>` and hreflang; `catalogs` lists the translation folders merged in order, so
 * a regional variant only overrides what differs from its base language.
 */
export type Direction = 'ltr' | 'rtl'

export interface LocaleDefinition {
  prefix: string
  tag: string
  nativeName: string
  currency: string
  dir: Direction
  catalogs: readonly string[]
}

export const LOCALES = [
  { prefix: 'en', tag: 'en', nativeName: 'English', currency: 'EUR', dir: 'ltr', catalogs: ['en'] },
  {
    prefix: 'de',
    tag: 'de-DE',
    nativeName: 'Deutsch',
    currency: 'EUR',
    dir: 'ltr',
    catalogs: ['de'],
  },
  {
    prefix: 'fr',
    tag: 'fr-FR',
    nativeName: 'Français',
    currency: 'EUR',
    dir: 'ltr',
    catalogs: ['fr'],
  },
  {
    prefix: 'de_at',
    tag: 'de-AT',
    nativeName: 'Deutsch (Österreich)',
    currency: 'EUR',
    dir: 'ltr',
    catalogs: ['de', 'de-AT'],
  },
  {
    prefix: 'au',
    tag: 'en-AU',
    nativeName: 'English (Australia)',
    currency: 'AUD',
    dir: 'ltr',
    catalogs: ['en', 'en-AU'],
  },
  {
    prefix: 'nz',
    tag: 'en-NZ',
    nativeName: 'English (New Zealand)',
    currency: 'NZD',
    dir: 'ltr',
    catalogs: ['en', 'en-NZ'],
  },
  {
    prefix: 'fr-ca',
    tag: 'fr-CA',
    nativeName: 'Français (Canada)',
    currency: 'CAD',
    dir: 'ltr',
    catalogs: ['fr', 'fr-CA'],
  },
  {
    prefix: 'ca',
    tag: 'en-CA',
    nativeName: 'English (Canada)',
    currency: 'CAD',
    dir: 'ltr',
    catalogs: ['en', 'en-CA'],
  },
  {
    prefix: 'pt',
    tag: 'pt-PT',
    nativeName: 'Português',
    currency: 'EUR',
    dir: 'ltr',
    catalogs: ['pt'],
  },
  {
    prefix: 'no',
    tag: 'nb-NO',
    nativeName: 'Norsk bokmål',
    currency: 'NOK',
    dir: 'ltr',
    catalogs: ['nb'],
  },
  {
    prefix: 'pl',
    tag: 'pl-PL',
    nativeName: 'Polski',
    currency: 'PLN',
    dir: 'ltr',
    catalogs: ['pl'],
  },
  {
    prefix: 'fi',
    tag: 'fi-FI',
    nativeName: 'Suomi',
    currency: 'EUR',
    dir: 'ltr',
    catalogs: ['fi'],
  },
  {
    prefix: 'en-ar',
    tag: 'en',
    nativeName: 'English (Middle East)',
    currency: 'USD',
    dir: 'ltr',
    catalogs: ['en'],
  },
  {
    prefix: 'ar-en',
    tag: 'ar',
    nativeName: 'العربية',
    currency: 'USD',
    dir: 'rtl',
    catalogs: ['ar'],
  },
  {
    prefix: 'it',
    tag: 'it-IT',
    nativeName: 'Italiano',
    currency: 'EUR',
    dir: 'ltr',
    catalogs: ['it'],
  },
  {
    prefix: 'ee',
    tag: 'et-EE',
    nativeName: 'Eesti',
    currency: 'EUR',
    dir: 'ltr',
    catalogs: ['et'],
  },
] as const satisfies readonly LocaleDefinition[]

export type LocalePrefix = (typeof LOCALES)[number]['prefix']

export const DEFAULT_LOCALE: LocalePrefix = 'en'

export const LOCALE_PREFIXES: readonly LocalePrefix[] = LOCALES.map((locale) => locale.prefix)

const byPrefix = new Map<string, LocaleDefinition>(LOCALES.map((locale) => [locale.prefix, locale]))

export function isLocalePrefix(value: string): value is LocalePrefix {
  return byPrefix.has(value)
}

export function getLocale(prefix: string): LocaleDefinition {
  return byPrefix.get(prefix) ?? LOCALES[0]
}

/** Every translation folder that some locale reads. */
export const CATALOG_NAMES: readonly string[] = [...new Set(LOCALES.flatMap((l) => l.catalogs))]

/** Norwegian arrives as `no`, `nb` or `nn`; the site's Norwegian is Bokmål. */
function baseLanguage(tag: string): string {
  const language = tag.split('-')[0] ?? ''
  return language === 'no' || language === 'nn' ? 'nb' : language
}

/**
 * Picks the best enabled locale for an Accept-Language header: an exact tag first, then the same
 * language, then the default. Only enabled prefixes are candidates.
 */
export function matchAcceptLanguage(
  header: string | undefined,
  enabled: readonly string[],
): string | undefined {
  if (!header) return undefined
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number.parseFloat(q.trim().slice(2)) || 0 : 1 }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
  const candidates = LOCALES.filter((locale) => enabled.includes(locale.prefix))
  for (const { tag } of wanted) {
    const exact = candidates.find((locale) => locale.tag.toLowerCase() === tag)
    if (exact) return exact.prefix
    const language = baseLanguage(tag)
    const sameLanguage = candidates.find(
      (locale) => baseLanguage(locale.tag.toLowerCase()) === language,
    )
    if (sameLanguage) return sameLanguage.prefix
  }
  return undefined
}
