import { apiFetch } from '#app/lib/api.ts'

/** A list or filter query: empty values are left out of the URL. */
export type Query = Record<string, string | number | boolean | undefined | null>

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/**
 * A console read: the envelope's `data`. A refusal throws `ApiError` (app/lib/api.ts) with the
 * server's message; 401 means the session ended, which the console layout turns into sign-in.
 */
export async function adminGet<T>(path: string, query?: Query): Promise<T> {
  return (await apiFetch<{ data: T }>(withQuery(path, query))).data
}

/** A console change (with the session's CSRF token): the envelope's `data`. */
export async function adminSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return (await apiFetch<{ data: T }>(path, { method, body })).data
}

/** A CSV export's address, for a plain download link (the session cookie goes along). */
export const adminCsvUrl = (path: string, query?: Query) => withQuery(path, query)
