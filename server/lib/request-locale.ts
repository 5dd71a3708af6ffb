import type { FastifyRequest } from 'fastify'
import {
  DEFAULT_LOCALE,
  LOCALE_PREFIXES,
  isLocalePrefix,
  matchAcceptLanguage,
  type LocalePrefix,
} from '#common/locales.ts'

export interface LocaleSources {
  /** The locales that count (the enabled ones for pages); every shipped one by default. */
  enabled?: readonly string[]
  /** A path that starts with a locale (`/de/...`) speaks first: API answers under `/:lang`. */
  path?: boolean
  /** Without a cookie, the browser's best match in `Accept-Language`. */
  acceptLanguage?: boolean
}

/**
 * The header the site's pages send with every API call: the locale of the page the player is on,
 * so a call outside `/{lang}/…` (a join, a bonus code) answers in the page's language even when no
 * locale cookie was ever written.
 */
export const PAGE_LOCALE_HEADER = 'x-page-locale'

/**
 * The one reading of the language a request asks for: the path's locale (when asked), then the
 * page's locale header, then the locale cookie, then `Accept-Language` (when asked); English, or
 * the first enabled locale when English is off, otherwise.
 */
export function requestLocale(
  request: Pick<FastifyRequest, 'url' | 'cookies' | 'headers' | 'server'>,
  cookieName: string,
  sources: LocaleSources = {},
): LocalePrefix {
  const { enabled = LOCALE_PREFIXES, path = false, acceptLanguage = false } = sources
  const counts = (locale: string | undefined): locale is LocalePrefix =>
    locale !== undefined && isLocalePrefix(locale) && enabled.includes(locale)
  if (path) {
    const first = request.url.split('?')[0]?.split('/')[1] ?? ''
    if (counts(first)) return first
  }
  const page = request.headers[PAGE_LOCALE_HEADER]
  if (typeof page === 'string' && counts(page)) return page
  // An error raised before the cookie parser ran (a URL refused as too long) finds no parsed
  // cookies: read the header itself.
  const cookies =
    (request.cookies as FastifyRequest['cookies'] | null) ??
    request.server.parseCookie(request.headers.cookie ?? '')
  const cookie = cookies[cookieName]
  if (counts(cookie)) return cookie
  if (acceptLanguage) {
    const detected = matchAcceptLanguage(request.headers['accept-language'], enabled)
    if (counts(detected)) return detected
  }
  const first = enabled.find(counts)
  return enabled.includes(DEFAULT_LOCALE) || first === undefined ? DEFAULT_LOCALE : first
}
