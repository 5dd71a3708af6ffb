/**
 * The browser's API client (spec §7): credentials and the request-marker header on every call,
 * and the session's CSRF token on every call but the CSRF and settings fetches.
 */
export const MARKER_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' } as const
export const RESTRICTED_PATH = '/site/restricted/'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

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
        // A full load, so nothing of the current page stays in memory.
        window.location.replace(RESTRICTED_PATH)
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

export async function apiFetch<T>(
  path: string,
  init: RequestInit & { withCsrf?: boolean } = {},
): Promise<T> {
  const { withCsrf = true, ...rest } = init
  const headers = new Headers(rest.headers)
  for (const [name, value] of Object.entries(MARKER_HEADERS)) headers.set(name, value)
  if (withCsrf) headers.set('X-CSRF-Token', await fetchCsrfToken())
  const response = await fetch(path, { ...rest, headers, credentials: 'include' })
  const body = (await response.json().catch(() => null)) as {
    message?: string
    errors?: { code?: string }
  } | null
  if (!response.ok)
    throw new ApiError(body?.message ?? response.statusText, response.status, body?.errors?.code)
  return body as T
}
