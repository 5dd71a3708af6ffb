// `npx tsx scripts/bench-sockets.ts`: the live games' socket targets of issue 6, as ratios
// against a bare socket.io server measured in the same run (exit code 1 when one is missed):
//   (a) a live round's result reaching 1,000 connected authenticated sockets: p95 delivery
//       latency at most 2× that of a bare socket.io server emitting the same payload to 1,000;
//   (b) server memory (RSS) per idle authenticated socket at most 1.5× a bare connection's.
// Needs `npm run build` first and the PostgreSQL at BENCH_PG_URL (a database of its own is made
// and dropped). Players are real rows; their socket tokens are signed with the server's session
// secret (what player info hands a signed-in browser) rather than by 1,000 argon2 sign-ins,
// which would only measure password hashing.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { io as connect, type Socket } from 'socket.io-client'
import { openDatabase } from '#db/client.ts'
import { startSignedInSession } from '#server/modules/auth/sessions.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { signSocketToken } from '#server/modules/realtime/socket-token.ts'

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const APP_PORT = 3304
const BARE_PORT = 3305
const APP_DB = 'aurum_bench_sockets'
const SECRET = 'bench-sockets-session-secret-long-enough-0123'
const TARGETS = { p95Ratio: 2, memoryRatio: 1.5 }

const urlFor = (database: string) => {
  const url = new URL(PG_URL)
  url.pathname = `/${database}`
  return url.toString()
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0
}

async function waitFor(url: string, timeoutMs = 90_000) {
  const start = performance.now()
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} not ready after ${String(timeoutMs)} ms`)
}

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'))
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024
}

/** The median of a few RSS samples, after the process had a moment to settle. */
async function settledRss(pid: number) {
  const samples: number[] = []
  for (let index = 0; index < 5; index++) {
    await new Promise((resolve) => setTimeout(resolve, 400))
    samples.push(rssOf(pid))
  }
  return percentile(samples, 0.5)
}

function startApp(): ChildProcess {
  return spawn(process.execPath, ['build/app/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: urlFor(APP_DB),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: SECRET,
      // The sessions made below are in PostgreSQL.
      REDIS_URL: '',
      SEED_DEMO: 'true',
      // Short rounds so several results arrive within the run.
      LIVE_BETTING_MS: '1000',
      LIVE_CRASH_DOUBLING_MS: '300',
      LIVE_RESULT_PAUSE_MS: '500',
      LIVE_ROULETTE_SPIN_MS: '500',
      LIVE_CHAIN_LENGTH: '10000',
    },
  })
}

/**
 * The reference: socket.io alone, on the same websocket transport, in a process of its own.
 * On "go" from the bench it emits `liveRound`-shaped payloads to every socket, like the app's
 * engine does to the game's room.
 */
const BARE_SERVER = `
import { createServer } from 'node:http'
import { Server } from 'socket.io'
const server = createServer()
const io = new Server(server, { transports: ['websocket'], serveClient: false })
io.on('connection', (socket) => {
  socket.on('live:join', () => void socket.join('live:crash'))
})
process.on('message', (message) => {
  if (message && message.emit) {
    io.local.to('live:crash').emit('liveRound', { ...message.emit, server_time: new Date().toISOString() })
  }
})
server.listen(${String(BARE_PORT)}, '127.0.0.1', () => process.send?.('ready'))
`

function startBare(): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    cwd: process.cwd(),
  })
}

async function openSockets(url: string, tokens: (string | undefined)[]): Promise<Socket[]> {
  const sockets: Socket[] = []
  for (let index = 0; index < tokens.length; index += 50) {
    const batch = tokens.slice(index, index + 50).map((token) => {
      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        query: token ? { token } : {},
      })
      sockets.push(socket)
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      })
    })
    await Promise.all(batch)
  }
  return sockets
}

/** Every socket's delay from the payload's server time to its arrival, over `rounds` results. */
function collectResults(
  sockets: Socket[],
  rounds: number,
  isResult: (payload: RoundPayload) => boolean,
) {
  const latencies: number[] = []
  let seen = 0
  return new Promise<number[]>((resolve) => {
    for (const socket of sockets) {
      socket.on('liveRound', (payload: RoundPayload) => {
        if (!isResult(payload)) return
        latencies.push(Date.now() - Date.parse(payload.server_time))
        seen += 1
        if (seen >= sockets.length * rounds) resolve(latencies)
      })
    }
  })
}

interface RoundPayload {
  game: string
  round: { id: string; status: string }
  server_time: string
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${APP_DB} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${APP_DB}`)
  const app = startApp()
  const bare = startBare()
  try {
    await waitFor(`http://127.0.0.1:${String(APP_PORT)}/readyz`)
    await once(bare, 'message')

    const database = await openDatabase({ url: urlFor(APP_DB) })
    const rows = await database.db
      .insert(players)
      .values(
        Array.from({ length: SOCKETS }, (_, index) => ({
          email: `bench-socket-${String(index)}@aurum.test`,
          passwordHash: 'not-used',
          currency: 'EUR',
          country: 'FI',
        })),
      )
      .returning({ id: players.id })
    // A socket token names a live session (the app checks it at connect), as a page's does.
    const tokens: string[] = []
    for (const row of rows) {
      const { session } = await startSignedInSession(database.db, undefined, { playerId: row.id })
      tokens.push(signSocketToken(SECRET, { playerId: row.id, sessionId: session.idHash }))
    }
    await database.close()

    // (b) memory per idle authenticated socket, against a bare connection.
    const appPid = app.pid ?? 0
    const barePid = bare.pid ?? 0
    const appBefore = await settledRss(appPid)
    const appSockets = await openSockets(`http://127.0.0.1:${String(APP_PORT)}`, tokens)
    const appAfter = await settledRss(appPid)
    const bareBefore = await settledRss(barePid)
    const bareSockets = await openSockets(
      `http://127.0.0.1:${String(BARE_PORT)}`,
      tokens.map(() => undefined),
    )
    const bareAfter = await settledRss(barePid)
    const appPerSocket = (appAfter - appBefore) / SOCKETS
    const barePerSocket = Math.max(1, (bareAfter - bareBefore) / SOCKETS)

    // (a) a round's result to every socket in the game's room, against a bare emit.
    for (const socket of [...appSockets, ...bareSockets])
      socket.emit('live:join', { game: 'crash' })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const appLatencies = await collectResults(
      appSockets,
      ROUNDS,
      (payload) => payload.round.status === 'settled' || payload.round.status === 'refunded',
    )
    const bareDone = collectResults(bareSockets, ROUNDS, () => true)
    for (let round = 0; round < ROUNDS; round++) {
      bare.send({
        emit: {
          game: 'crash',
          round: {
            id: `bare-${String(round)}`,
            status: 'settled',
            number: round,
            crash_bp: 23_500,
            pocket: null,
            round_hash: 'f'.repeat(64),
          },
        },
      })
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    const bareLatencies = await bareDone
    for (const socket of [...appSockets, ...bareSockets]) socket.disconnect()

    const appP95 = percentile(appLatencies, 0.95)
    const bareP95 = Math.max(1, percentile(bareLatencies, 0.95))
    const p95Ratio = appP95 / bareP95
    const memoryRatio = appPerSocket / barePerSocket
    const isP95Met = p95Ratio <= TARGETS.p95Ratio
    const isMemoryMet = memoryRatio <= TARGETS.memoryRatio
    console.log(`sockets ${String(SOCKETS)}, results ${String(ROUNDS)} each`)
    console.log(
      `(a) result delivery p95: app ${appP95.toFixed(0)} ms, bare socket.io ${bareP95.toFixed(0)} ms, ratio ${p95Ratio.toFixed(2)} (target ≤ ${String(TARGETS.p95Ratio)}) ${isP95Met ? 'ok' : 'MISSED'}`,
    )
    console.log(
      `(b) memory per idle socket: app ${(appPerSocket / 1024).toFixed(1)} KiB, bare socket.io ${(barePerSocket / 1024).toFixed(1)} KiB, ratio ${memoryRatio.toFixed(2)} (target ≤ ${String(TARGETS.memoryRatio)}) ${isMemoryMet ? 'ok' : 'MISSED'}`,
    )
    process.exitCode = isP95Met && isMemoryMet ? 0 : 1
  } finally {
    app.kill('SIGTERM')
    bare.kill('SIGTERM')
    await Promise.all([once(app, 'exit'), once(bare, 'exit')])
    await admin(`DROP DATABASE IF EXISTS ${APP_DB} WITH (FORCE)`)
  }
}

await main()
