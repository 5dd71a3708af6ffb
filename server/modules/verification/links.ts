import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'

/** A page of the site in the player's language (`/{loc}/…`); English for a locale we lack. */
export function pageLink(origin: string, locale: string, path = ''): string {
  return `${origin}/${isLocalePrefix(locale) ? locale : DEFAULT_LOCALE}${path}`
}

/** The page a link in a message opens, with its token: `/{loc}/a/<page>?token=…`. */
export function tokenLink(origin: string, locale: string, page: string, token: string): string {
  return pageLink(origin, locale, `/a/${page}?token=${encodeURIComponent(token)}`)
}
