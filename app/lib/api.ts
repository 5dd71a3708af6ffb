/**
 * The browser's side of the spec's CSRF fetch (§7, §8): sent with credentials and the
 * request-marker header; state-changing calls later send the token it returns.
 */
export const MARKER_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' } as const
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
