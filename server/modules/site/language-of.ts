import { isLocalePrefix, type LocalePrefix } from '#common/locales.ts'
import { AppError } from '#server/lib/errors.ts'

/** The path's language when the site has it; 404 `site.unknown_locale` like every `/{locale}/` call. */
export function languageOf(lang: string): LocalePrefix {
  if (!isLocalePrefix(lang)) throw new AppError('site.unknown_locale')
  return lang
}
