// What the PostgreSQL benches (`bench-ledger.ts`, `bench-engagement.ts`) share: the server they
// run on, a database of their own there, waiting for the app, and signing players in over HTTP.
import pg from 'pg'

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The address of `database` on the bench's PostgreSQL server. */
export const urlFor = (database: string) => {
  const url = new URL(PG_URL)
  url.pathname = `/${database}`
  return url.toString()
}

/** Runs `statements` in turn on a connection of its own to the server's maintenance database. */
export async function adminQuery(...statements: string[]) {
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  try {
    for (const statement of statements) await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/**
 * The environment of the production server a bench starts: on `database` with `poolSize`
 * connections, quiet, with limits that a load from one address would otherwise trip.
 */
export const benchAppEnv = (port: number, database: string, poolSize: number) => ({
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: urlFor(database),
  DATABASE_POOL_SIZE: String(poolSize),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  LOGIN_RATE_LIMIT_MAX: '100000000',
  SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
})

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 60_000) {
  const start = performance.now()
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${url} not ready after ${String(timeoutMs)} ms`)
}

/** The marker header and JSON body every API call of the site's own pages carries. */
export const HEADERS = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' }

/** A signed-in player: the session cookie and its CSRF token. */
export interface Client {
  cookie: string
  csrf: string
}

/** Signs a player in the way the site does: a visitor's CSRF token, the login, a fresh token. */
export async function signIn(base: string, email: string, password: string): Promise<Client> {
  const visitor = await fetch(`${base}/csrf/get-new`, { headers: HEADERS })
  const visitorCookie = visitor.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { '_csrf-frontend': token } = (await visitor.json()) as { '_csrf-frontend': string }
  const login = await fetch(`${base}/login?json=1`, {
    method: 'POST',
    headers: { ...HEADERS, cookie: visitorCookie, 'x-csrf-token': token },
    body: JSON.stringify({ email, password }),
  })
  if (!login.ok) throw new Error(`sign-in of ${email}: ${String(login.status)}`)
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const fresh = await fetch(`${base}/csrf/get-new`, { headers: { ...HEADERS, cookie } })
  const { '_csrf-frontend': csrf } = (await fresh.json()) as { '_csrf-frontend': string }
  return { cookie, csrf }
}
