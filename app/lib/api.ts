import { isLocalePrefix } from '#common/locales.ts'

/**
 * The browser's side of the CSRF fetch: sent with credentials and the
 * request-marker header; state-changing calls later send the token it returns.
 */
export const MARKER_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' } as const

/**
 * The locale of the page the player is on (its path's first segment), sent with every call as
 * `X-Page-Locale` (server/lib/request-locale.ts): a refusal of a call outside `/{lang}/…` is then
 * worded in the page's language.
 */
function pageLocale(): string | undefined {
  if (typeof window === 'undefined') return undefined
  const first = window.location.pathname.split('/')[1] ?? ''
  return isLocalePrefix(first) ? first : undefined
}
export const RESTRICTED_PATH = '/site/restricted/'

let csrfToken: string | undefined
let pending: Promise<string> | undefined

/** Fetches the CSRF token once; a blocked country replaces the page with /site/restricted. */
export function fetchCsrfToken(): Promise<string> {
  if (csrfToken) return Promise.resolve(csrfToken)
  pending ??= (async () => {
    try {
      const response = await fetch('/csrf/get-new', {
        credentials: 'include',
        headers: MARKER_HEADERS,
      })
      const body = (await response.json().catch(() => ({}))) as {
        message?: string
        '_csrf-frontend'?: string
      }
      if (response.status === 403 && body.message === 'Country is blocked') {
        // A full load, so nothing of the current page stays in memory; on that page already,
        // stay (its own token fetch is refused too, and reloading it would never end).
        if (window.location.pathname !== RESTRICTED_PATH) window.location.replace(RESTRICTED_PATH)
        throw new Error('Country is blocked')
      }
      if (!response.ok || !body['_csrf-frontend']) throw new Error('CSRF token fetch failed')
      csrfToken = body['_csrf-frontend']
      return csrfToken
    } finally {
      pending = undefined
    }
  })()
  return pending
}

/** Forgets the token; the next call fetches the new session's (after login and logout). */
export function resetCsrfToken(): void {
  csrfToken = undefined
}

/** A refused call: the HTTP status, the error code and the message in the player's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** GET calls that change state send the CSRF token too (the spec's logout). */
  sendsCsrf?: boolean
  /** An answer of `success: false` with 200 is an outcome, not a refusal (login's 2FA step). */
  acceptsUnsuccessful?: boolean
  /**
   * A multipart body (uploads) sent instead of `body`; the browser writes its Content-Type with the
   * boundary, so none is set here.
   */
  form?: FormData
}

/**
 * Every call of the app's API: credentials and the marker header always, the CSRF token
 * on state-changing calls. Answers the parsed body; a refusal throws ApiError with the server's
 * message, already in the player's language.
 */
export async function apiFetch<T>(path: string, call: ApiCall = {}): Promise<T> {
  const method = call.method ?? 'GET'
  const send = async () => {
    const headers: Record<string, string> = { ...MARKER_HEADERS }
    const locale = pageLocale()
    if (locale !== undefined) headers['X-Page-Locale'] = locale
    if (method !== 'GET' || call.sendsCsrf) headers['X-CSRF-Token'] = await fetchCsrfToken()
    if (call.form === undefined && call.body !== undefined) {
      headers['Content-Type'] = 'application/json'
    }
    const payload = call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body))
    return fetch(path, {
      method,
      credentials: 'include',
      headers,
      ...(payload !== undefined && { body: payload }),
    })
  }
  let response = await send()
  let body = (await response.json().catch(() => ({}))) as ApiFailureBody
  // The session may have changed under the page (signed in or out in another tab): one retry
  // with a fresh token.
  if (response.status === 403 && body.errors?.code === 'csrf.invalid') {
    resetCsrfToken()
    response = await send()
    body = (await response.json().catch(() => ({}))) as ApiFailureBody
  }
  if (!response.ok || (body.success === false && !call.acceptsUnsuccessful)) {
    throw new ApiError(
      response.status,
      body.errors?.code ?? 'server.internal',
      body.message ?? response.statusText,
      body.errors?.fields,
    )
  }
  return body as T
}

interface ApiFailureBody {
  success?: boolean
  message?: string | null
  errors?: { code: string; fields?: Record<string, string[]> } | null
}
