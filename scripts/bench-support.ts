// What the PostgreSQL benches (`bench-ledger.ts`, `bench-engagement.ts`) share: the server they
// run on, a database of their own there, funded players, waiting for the app, and signing players
// in over HTTP.
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Db } from '#db/client.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { io as connect, type Socket } from 'socket.io-client'
import { httpLoad, requestHead } from './http-load.ts'

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

/** Stops a server the bench started (SIGTERM, then waits for its exit). */
export async function stopApp(app: ChildProcess) {
  if (app.exitCode !== null || app.signalCode !== null) return
  app.kill('SIGTERM')
  await new Promise((resolve) => app.once('exit', resolve))
}

/** A 1 EUR Dice bet at 98 % to win, under a fresh client request id. */
export const diceBetBody = (id: string) =>
  JSON.stringify({
    amount: '100',
    currency: 'EUR',
    target: 9800,
    direction: 'under',
    client_request_id: id,
  })

/**
 * Dice bets from `connections` keep-alive clients for `durationS`, each request signed in as the
 * next of `clients`; every answer must be 2xx. `meanMs` is a closed loop's mean answer time
 * (connections ÷ throughput).
 */
export async function diceLoad(
  port: number,
  clients: Client[],
  connections: number,
  durationS: number,
) {
  const bodyLength = Buffer.byteLength(diceBetBody(randomUUID()))
  const heads = clients.map((client) =>
    requestHead(
      'POST',
      '/games/originals/dice/bet',
      { ...HEADERS, cookie: client.cookie, 'x-csrf-token': client.csrf },
      bodyLength,
    ),
  )
  const result = await httpLoad({
    port,
    connections,
    durationS,
    request: (turn) => `${heads[turn % heads.length] as string}${diceBetBody(randomUUID())}`,
  })
  if (result.non2xx > 0) throw new Error(`bets: ${String(result.non2xx)} non-2xx answers`)
  return { rps: result.rps, p99Ms: result.p99Ms, meanMs: (connections * 1000) / result.rps }
}

/** A signed-in player's socket, connected (its token from `/player/info`). */
export async function playerSocket(base: string, client: Client): Promise<Socket> {
  const info = await fetch(`${base}/player/info`, {
    headers: { ...HEADERS, cookie: client.cookie },
  })
  const { data } = (await info.json()) as { data: { token: string } }
  const socket = connect(base, {
    transports: ['websocket'],
    query: { token: data.token },
    reconnection: false,
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  return socket
}

/**
 * One Dice bet every 100 ms until `stop` settles; answers when each bet (1, 2, 3…) was answered,
 * by `performance.now()`.
 */
export async function probeBets(base: string, client: Client, stop: Promise<unknown>) {
  const answeredAt = new Map<number, number>()
  const state = { done: false }
  void stop.finally(() => (state.done = true))
  let count = 0
  while (!state.done) {
    const started = performance.now()
    const response = await fetch(`${base}/games/originals/dice/bet`, {
      method: 'POST',
      headers: { ...HEADERS, cookie: client.cookie, 'x-csrf-token': client.csrf },
      body: diceBetBody(randomUUID()),
    })
    await response.arrayBuffer()
    count++
    answeredAt.set(count, performance.now())
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, 100 - (performance.now() - started))),
    )
  }
  return answeredAt
}

/** 1,000,000 EUR of cash for each player, as a deposit. */
export async function fundBenchPlayers(db: Db, playerIds: readonly string[]) {
  for (const id of playerIds) {
    await inLedgerTransaction(db, (tx) =>
      postTransfer(tx, {
        idempotencyKey: `bench-fund:${id}`,
        code: 'deposit',
        debit: { system: 'payment_clearing', currency: 'EUR', shardKey: id },
        credit: { playerId: id, kind: 'cash', currency: 'EUR' },
        amountMinor: 100_000_000n,
      }),
    )
  }
}

/** `count` funded EUR players in Finland, `{prefix}-{n}@aurum.test`: their ids and e-mails. */
export async function insertFundedPlayers(
  db: Db,
  input: { prefix: string; count: number; passwordHash: string },
) {
  const rows = await db
    .insert(players)
    .values(
      Array.from({ length: input.count }, (_, index) => ({
        email: `${input.prefix}-${String(index)}@aurum.test`,
        passwordHash: input.passwordHash,
        currency: 'EUR',
        country: 'FI',
      })),
    )
    .returning({ id: players.id, email: players.email })
  await fundBenchPlayers(db, rows.map((row) => row.id))
  return rows
}
