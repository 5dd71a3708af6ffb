import { LOCALES, type LocaleDefinition } from '#common/locales.ts'
import { CATEGORY_NAMES, categorySlug } from '#common/game-categories.ts'
import { LIVE_GAMES } from '#common/live-rules.ts'
import { ORIGINAL_ENGINES } from '#common/originals-rules.ts'
import { seedGameList } from '#db/seed/games.ts'
import { NAMESPACES, flatten, readCatalog, type Namespace } from './translations.ts'
import type { Messages } from '#common/messages.ts'

/** Values that are the same in every language: brand names, codes and bare placeholders. */
const SAME_EVERYWHERE = ['VIP', '{{name}}']
/** Words a language shares with English (checked by a speaker, not guessed). */
const SHARED_WORDS: Record<string, readonly string[]> = {
  fr: [
    'Promotions',
    'Promotion',
    'Notifications',
    'Transactions',
    'Page',
    'Messages',
    '{{count}} point',
    '{{count}} points',
    'Roulette',
    'Mines',
  ],
  it: ['Password', 'Live', 'Roulette'],
  pt: ['Slots'],
  // "Live" is the word these languages use for live games, as in their "Live-Casino".
  de: ['Live', 'Roulette'],
  nb: ['Live'],
  fi: ['Live'],
  et: ['Live'],
}
const isAllowedSame = (catalog: string, value: string) =>
  SAME_EVERYWHERE.includes(value) || (SHARED_WORDS[catalog]?.includes(value) ?? false)

/**
 * German addresses the player formally, with "Sie" (the developers' guide): a catalogue of a
 * German language (`de`, `de-AT`) may not use the informal du, dich, dir, dein….
 */
const INFORMAL_GERMAN = /(?<!\p{L})(du|dich|dir|dein|deine|deinem|deinen|deiner|deines)(?!\p{L})/iu
const isGerman = (catalog: string) => catalog === 'de' || catalog.startsWith('de-')

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/**
 * A plural's English `_other` key stands for the whole group: each language needs the forms its
 * own plural rules use (Polish adds `few` and `many`, Arabic six forms in all), as i18next does.
 */
function pluralForms(tag: string): string[] {
  return new Intl.PluralRules(tag).resolvedOptions().pluralCategories
}

const pluralBase = (key: string) =>
  PLURAL_SUFFIX.test(key) ? key.replace(PLURAL_SUFFIX, '') : undefined

/** The English value a key is compared with: a plural form the English lacks uses `_other`. */
function englishFor(english: Map<string, string>, key: string): string | undefined {
  if (english.has(key)) return english.get(key)
  const base = pluralBase(key)
  return base === undefined ? undefined : english.get(`${base}_other`)
}

const placeholders = (value: string) =>
  [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

/**
 * Everything wrong with the shipped catalogues: keys missing from a locale, keys a catalogue has
 * that English lacks, placeholders that differ from English, English left untranslated, and
 * German that says "du".
 */
export function checkCatalogs(
  read: (name: string, namespace: Namespace) => Messages = readCatalog,
): string[] {
  return NAMESPACES.flatMap((namespace) =>
    checkNamespace((name) => read(name, namespace)).map((problem) => `${namespace}/${problem}`),
  )
}

function checkNamespace(read: (name: string) => Messages): string[] {
  const problems: string[] = []
  const english = flatten(read('en'))
  const isEnglish = (locale: LocaleDefinition) => locale.catalogs[0] === 'en'
  const checked = new Set<string>()
  for (const locale of LOCALES) {
    const merged = new Map<string, string>()
    for (const name of locale.catalogs) {
      const catalog = flatten(read(name))
      for (const [key, value] of catalog) {
        const source = englishFor(english, key)
        if (source === undefined) problems.push(`${name}: ${key} is not an English key`)
        else if (placeholders(value).join() !== placeholders(source).join()) {
          problems.push(
            `${name}: ${key} has placeholders ${placeholders(value).join(', ') || 'none'}`,
          )
        }
        if (isGerman(name)) {
          const informal = INFORMAL_GERMAN.exec(value)?.[0]
          if (informal) problems.push(`${name}: ${key} says “${informal}” (German uses “Sie”)`)
        }
        merged.set(key, value)
      }
      if (!isEnglish(locale) && name === locale.catalogs[0] && !checked.has(name)) {
        checked.add(name)
        for (const [key, value] of catalog) {
          if (value === englishFor(english, key) && !isAllowedSame(name, value)) {
            problems.push(`${name}: ${key} is still English (“${value}”)`)
          }
        }
      }
    }
    const forms = pluralForms(locale.tag)
    for (const key of english.keys()) {
      const base = pluralBase(key)
      if (base !== undefined && english.has(`${base}_other`)) {
        // Plural groups are checked once, from their `_other` key, against this language's forms.
        if (!key.endsWith('_other')) continue
        for (const form of forms) {
          if (!merged.has(`${base}_${form}`))
            problems.push(`${locale.prefix}: missing ${base}_${form}`)
        }
      } else if (!merged.has(key)) {
        problems.push(`${locale.prefix}: missing ${key}`)
      }
    }
  }
  return [...new Set(problems)]
}

/** A payment method as seeded: its id, and the brand a coin is called by in every language. */
export interface SeededMethodName {
  id: string
  brandName?: string | undefined
}

/**
 * Seeded payment methods without a name in some locale: the cashier would show the method's id
 * or fall back to English ("Card" in a German cashier). A method is named by
 * `payments.methods.<id>` in each locale's merged catalogue, or, for a coin, by its brand.
 */
export function checkPaymentMethodNames(
  methods: readonly SeededMethodName[],
  read: (name: string, namespace: Namespace) => Messages = readCatalog,
): string[] {
  const catalogs = new Map<string, Map<string, string>>()
  const flat = (name: string) => {
    let catalog = catalogs.get(name)
    if (!catalog) {
      catalog = flatten(read(name, 'common'))
      catalogs.set(name, catalog)
    }
    return catalog
  }
  const problems: string[] = []
  for (const method of methods) {
    if (method.brandName) continue
    const key = `payments.methods.${method.id}`
    for (const locale of LOCALES) {
      if (!locale.catalogs.some((name) => flat(name).has(key))) {
        problems.push(`common/${locale.prefix}: payment method ${method.id} has no name (${key})`)
      }
    }
  }
  return problems
}

/**
 * The game names a player reads in the lobby's chips, on the game screen, in the search and in
 * the bet history: each category the catalogue seed or the lobby uses (`lobby.category.{slug}`)
 * and each game kind, the engines this site runs (`games.kind.{engine}`), in every locale. A
 * name English lacks too would pass `checkCatalogs` and leak its raw code.
 */
export function checkGameNames(
  read: (name: string, namespace: Namespace) => Messages = readCatalog,
  names: { categories: readonly string[]; kinds: readonly string[] } = {
    categories: [
      ...new Set([
        ...CATEGORY_NAMES.map(categorySlug),
        ...seedGameList().flatMap((game) => game.categories),
      ]),
    ],
    kinds: [...ORIGINAL_ENGINES, ...LIVE_GAMES],
  },
): string[] {
  const keys = [
    ...names.categories.map((slug) => `lobby.category.${slug}`),
    ...names.kinds.map((kind) => `games.kind.${kind}`),
  ]
  return LOCALES.flatMap((locale) => {
    const merged = new Map<string, string>()
    for (const name of locale.catalogs) {
      for (const [key, value] of flatten(read(name, 'common'))) merged.set(key, value)
    }
    return keys
      .filter((key) => !merged.get(key)?.trim())
      .map((key) => `common/${locale.prefix}: no game name ${key}`)
  })
}
