import { CARDS_STRINGS } from './cards.ts'
import { INSTANT_STRINGS } from './instant.ts'
import { SHELL_STRINGS } from './shell.ts'
import { SLOTS_STRINGS } from './slots.ts'

// The studio's own words, in the base languages of the casinos it serves; regional variants
// (de-AT, fr-CA, en-AU…) read their base language. English stands in for anything else. Each
// part (the page's shell, the slots, the card games, the instant games) keeps its own file;
// strings.test.ts checks that every language has every English key with the same placeholders.

export const STUDIO_LANGUAGES = ['en', 'de', 'fr', 'pt', 'nb', 'pl', 'fi', 'ar', 'it', 'et'] as const
export type StudioLanguage = (typeof STUDIO_LANGUAGES)[number]

const PARTS = [SHELL_STRINGS, SLOTS_STRINGS, CARDS_STRINGS, INSTANT_STRINGS]

/** Every part's strings of one language. */
export function catalogueOf(language: StudioLanguage): Record<string, string> {
  return Object.assign({}, ...PARTS.map((part) => part[language])) as Record<string, string>
}

export type StudioStrings = Record<keyof (typeof SHELL_STRINGS)['en'], string> &
  Record<string, string>

/** The strings for a BCP 47 tag (`de-AT` → German, `nb-NO` → Norwegian), with its direction. */
export function stringsFor(tag: string): { lang: StudioLanguage; dir: 'ltr' | 'rtl'; t: StudioStrings } {
  const base = tag.toLowerCase().split('-')[0] ?? 'en'
  const wanted = base === 'no' ? 'nb' : base
  const lang = (STUDIO_LANGUAGES as readonly string[]).includes(wanted)
    ? (wanted as StudioLanguage)
    : 'en'
  return { lang, dir: lang === 'ar' ? 'rtl' : 'ltr', t: catalogueOf(lang) as StudioStrings }
}
