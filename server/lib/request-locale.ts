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
 * The one reading of the language a request asks for: the path's locale (when asked), then the
 * locale cookie, then `Accept-Language` (when asked); English, or the first enabled locale when
 * English is off, otherwise.
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
