import { LOCALES, type LocaleDefinition } from '#app/lib/locales.ts'
import { NAMESPACES, flatten, readCatalog, type Messages, type Namespace } from './translations.ts'

/** Values that are the same in every language: brand names, codes and bare placeholders. */
const SAME_EVERYWHERE = ['VIP', '{{name}}']
/** Words a language shares with English (checked by a speaker, not guessed). */
const SHARED_WORDS: Record<string, readonly string[]> = {
  fr: ['Promotions', 'Promotion', 'Notifications', 'Transactions', 'Page'],
  pt: ['Slots'],
}
const isAllowedSame = (catalog: string, value: string) =>
  SAME_EVERYWHERE.includes(value) || (SHARED_WORDS[catalog]?.includes(value) ?? false)

const placeholders = (value: string) =>
  [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

/**
 * Everything wrong with the shipped catalogues: keys missing from a locale, keys a catalogue has
 * that English lacks, placeholders that differ from English, and English left untranslated.
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
        if (!english.has(key)) problems.push(`${name}: ${key} is not an English key`)
        else if (placeholders(value).join() !== placeholders(english.get(key) ?? '').join()) {
          problems.push(
            `${name}: ${key} has placeholders ${placeholders(value).join(', ') || 'none'}`,
          )
        }
        merged.set(key, value)
      }
      if (!isEnglish(locale) && name === locale.catalogs[0] && !checked.has(name)) {
        checked.add(name)
        for (const [key, value] of catalog) {
          if (value === english.get(key) && !isAllowedSame(name, value)) {
            problems.push(`${name}: ${key} is still English (“${value}”)`)
          }
        }
      }
    }
    for (const key of english.keys()) {
      if (!merged.has(key)) problems.push(`${locale.prefix}: missing ${key}`)
    }
  }
  return [...new Set(problems)]
}
