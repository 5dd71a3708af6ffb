import { DEFAULT_LOCALE, LOCALES } from '#common/locales.ts'
import type { Messages } from '#common/messages.ts'
import { translate } from '#common/translate.ts'

export type TextParams = Record<string, string | number>

/** A text by key, in one locale, English where that locale lacks the key, else the key itself. */
export type Texts = (key: string, params?: TextParams) => string

/**
 * The one "player's language, else English" lookup. `own` and `english` are catalogues: the
 * site's merged ones (shipped texts with the operator's overrides, `site.messages`) wherever a
 * player reads the text, so an operator's wording reaches every notification alike.
 */
export function textsFrom(own: Messages, english: Messages): Texts {
  return (key, params) => translate(own, key, params) ?? translate(english, key, params) ?? key
}

/**
 * The texts of `locale` with the operator's overrides. Read them before a transaction that
 * writes the text: on the embedded database a catalogue read inside it would wait for it.
 */
export async function textsIn(
  messages: (locale: string) => Promise<Messages>,
  locale: string,
): Promise<Texts> {
  const [own, english] = await Promise.all([messages(locale), messages(DEFAULT_LOCALE)])
  return textsFrom(own, english)
}

/** Words for any locale: the locale's own with the operator's overrides, else English's. */
export type Wording = (locale: string) => Texts

/**
 * Every locale's texts with the operator's overrides, read up front for work that writes texts
 * in a transaction for players of any locale (a catalogue read inside it would wait for it on the
 * embedded database). A catalogue that fails to load falls back to English; the failure is logged.
 */
export async function wordingOfEveryLocale(
  messages: (locale: string) => Promise<Messages>,
  log: { warn: (details: object, message: string) => void },
): Promise<Wording> {
  const loaded = new Map<string, Texts>()
  for (const locale of LOCALES) {
    try {
      loaded.set(locale.prefix, await textsIn(messages, locale.prefix))
    } catch (error) {
      log.warn({ err: error, locale: locale.prefix }, 'texts not loaded')
    }
  }
  return (locale) => loaded.get(locale) ?? loaded.get(DEFAULT_LOCALE) ?? ((key: string) => key)
}
