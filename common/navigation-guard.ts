/**
 * The spec's navigation guards (section 2), as one pure function of the requested path and query.
 * The server applies it to the first request (a real HTTP redirect) and the client to every
 * navigation, so both always agree on where a URL leads.
 */

/** The query parameter that marks a layer (dialog) reference; such URLs drop the trailing slash. */
export const LAYER_PARAM = 'layer'

/** Paths that live outside the locale prefixes. */
const UNPREFIXED_PATHS = new Set(['/', '/site/restricted/', '/privacy-policy/'])

/** The operators' console: one language for now (English), so no locale prefix. */
export const CONSOLE_PATH = '/admin/'
export const isConsolePath = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith(CONSOLE_PATH)

export interface GuardInput {
  /** The raw (percent-encoded) pathname, starting with `/`. */
  pathname: string
  /** The raw query string, with or without the leading `?`; empty when there is none. */
  search: string
  /** Locale prefixes from the footer settings; only these count as already localised. */
  locales: readonly string[]
  /** Where a path without a locale prefix goes. */
  preferredLocale: string
}

export type GuardResult =
  | { kind: 'continue' }
  | {
      kind: 'redirect'
      location: string
      /** Client navigations replace the history entry instead of pushing one. */
      replace: boolean
      /** 301 when only the canonical slash changed, 302 once any of the app's shortcuts applied. */
      status: 301 | 302
    }

interface Target {
  pathname: string
  search: string
  replace: boolean
  status: 301 | 302
}

type Rule = (target: Target, input: GuardInput) => Target | undefined

const hasExtension = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '')

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname

/** Keeps `/` readable in a query value, as the spec writes `q=/a/register`. */
const encodeQueryValue = (value: string) => encodeURIComponent(value).replaceAll('%2F', '/')

function localeOf(pathname: string, locales: readonly string[]): string | undefined {
  const first = pathname.split('/')[1] ?? ''
  return locales.includes(first) ? first : undefined
}

function queryWith(search: string, name: string, value: string, keepOriginal: boolean): string {
  const original = search.replace(/^\?/, '')
  const parts = [`${name}=${encodeQueryValue(value)}`]
  if (keepOriginal && original) {
    parts.push(...original.split('&').filter((part) => part && part.split('=')[0] !== name))
  }
  return `?${parts.join('&')}`
}

function hasLayerParam(search: string): boolean {
  return search
    .replace(/^\?/, '')
    .split('&')
    .some((part) => part.split('=')[0] === LAYER_PARAM)
}

const rules: Rule[] = [
  // A path outside any enabled locale gets the visitor's preferred one.
  (target, input) => {
    const pathname = target.pathname.endsWith('/') ? target.pathname : `${target.pathname}/`
    if (UNPREFIXED_PATHS.has(pathname) || isConsolePath(pathname)) return
    if (localeOf(target.pathname, input.locales)) return
    if (hasExtension(target.pathname)) return
    return { ...target, pathname: `/${input.preferredLocale}${target.pathname}`, status: 302 }
  },
  // Shop without filters opens the default filter.
  (target, input) => {
    const locale = localeOf(target.pathname, input.locales)
    if (!locale || withoutTrailingSlash(target.pathname) !== `/${locale}/shop`) return
    return { ...target, pathname: `/${locale}/shop/all/`, replace: true, status: 302 }
  },
  // Live and lobby landing paths open their default category.
  (target) => {
    const path = withoutTrailingSlash(target.pathname)
    for (const [ending, category] of [
      ['/live', 'Live%20Casino'],
      ['/lobby', 'All'],
    ] as const) {
      for (const suffix of [ending, `${ending}/p`]) {
        if (path.endsWith(suffix)) {
          const base = path.slice(0, -suffix.length) + ending
          return { ...target, pathname: `${base}/c/${category}/`, replace: true, status: 302 }
        }
      }
    }
    return undefined
  },
  // Registration opens as a dialog over the locale's home page.
  (target, input) => {
    const locale = localeOf(target.pathname, input.locales)
    if (!locale) return
    const rest = target.pathname.slice(locale.length + 1)
    if (rest !== '/a/register' && !rest.startsWith('/a/register/')) return
    return {
      ...target,
      pathname: `/${locale}/`,
      search: queryWith(target.search, 'q', '/a/register', true),
      status: 302,
    }
  },
  // Legacy account deposit links open the deposit dialog.
  (target, input) => {
    const locale = localeOf(target.pathname, input.locales)
    if (!locale) return
    const rest = withoutTrailingSlash(target.pathname.slice(locale.length + 1))
    if (!/^\/accounts\/\d+\/deposit$/.test(rest)) return
    return {
      ...target,
      pathname: `/${locale}/`,
      search: queryWith('', 'q', '/a/deposit', false),
      status: 302,
    }
  },
  // Canonical trailing slash, except for layer references, which drop it.
  (target) => {
    if (hasExtension(target.pathname)) return
    if (hasLayerParam(target.search)) {
      if (target.pathname.length > 1 && target.pathname.endsWith('/')) {
        return { ...target, pathname: target.pathname.slice(0, -1) }
      }
      return
    }
    if (target.pathname.endsWith('/')) return
    return { ...target, pathname: `${target.pathname}/` }
  },
]

export function guardNavigation(input: GuardInput): GuardResult {
  const search = input.search && input.search !== '?' ? input.search.replace(/^\??/, '?') : ''
  let target: Target = { pathname: input.pathname, search, replace: false, status: 301 }
  let changed = false
  // Each rule fires at most once, so the loop always ends; the result is one redirect, no chains.
  for (const rule of rules) {
    const next = rule(target, input)
    if (next) {
      target = next
      changed = true
    }
  }
  if (!changed) return { kind: 'continue' }
  return {
    kind: 'redirect',
    location: target.pathname + target.search,
    replace: target.replace,
    status: target.status,
  }
}
