// `BENCH_ONLY=tournaments npm run bench`: what a big tournament costs the bet path and how fast its
// board reaches the browsers (issue 25), on PostgreSQL with durability on, the server at 4
// database connections (as the ledger and engagement benches), the engagement engine on:
// - a running `total_wagered` tournament on the Originals with 10,000 participants (random
//   scores), 200 of them betting on Dice from 8 clients; ROUNDS alternating rounds with the
//   tournament disabled (its bets qualify for nothing) and enabled: the median of the rounds' mean
//   answer time enabled ÷ disabled at most 1.10 (a closed loop's mean answer time is connections ÷
//   throughput);
// - board-to-socket latency while the load runs: one more participant bets 10 times a second and
//   watches the tournament's room; from each bet's answer to the first `tournamentLeaderboard`
//   message whose move of the probe's entry reaches that bet's score, p95 at most 500 ms.
// BENCH_PG_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the script
// creates and drops its own database there. Exit code 1 when a target is missed.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import pg from 'pg'
import { openDatabase } from '#db/client.ts'
import { hashPassword } from '#server/modules/players/passwords.ts'
import { players } from '#server/modules/players/players.tables.ts'
import {
  adminQuery,
  benchAppEnv,
  type Client,
  diceLoad,
  playerSocket,
  probeBets,
  signIn,
  stopApp,
  urlFor,
  waitFor,
  fundBenchPlayers,
} from './bench-support.ts'
import { percentile } from './http-load.ts'

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CLIENTS = 8
const PARTICIPANTS = 10_000
const BETTORS = 200
// 3306 is MySQL's port, taken on some machines.
const PORT = 3316
const POOL_SIZE = 4
const APP_DB = 'aurum_bench_tournaments'
const PASSWORD = 'Bench-Player-Password-1'
/** Each bench bet stakes 1.00 EUR: under `total_wagered` the n-th bet adds 100 to the score. */
const STAKE_MINOR = 100
const TARGETS = { slowdown: 1.1, pushP95Ms: 500 }

function startApp(): ChildProcess {
  return spawn(process.execPath, ['build/app/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: benchAppEnv(PORT, APP_DB, POOL_SIZE),
  })
}

async function sql<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: urlFor(APP_DB) })
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}

/**
 * 10,000 participants (the first `BETTORS` funded, plus a funded probe), a running tournament
 * scoring euros wagered on the Originals, its entries with random scores.
 */
async function setUp(): Promise<{ emails: string[]; tournamentId: number; probeEntry: string }> {
  const database = await openDatabase({ url: urlFor(APP_DB) })
  const ids: { id: string; email: string }[] = []
  try {
    const passwordHash = await hashPassword(PASSWORD)
    for (let start = 0; start <= PARTICIPANTS; start += 1000) {
      const count = Math.min(1000, PARTICIPANTS + 1 - start)
      ids.push(
        ...(await database.db
          .insert(players)
          .values(
            Array.from({ length: count }, (_, index) => ({
              email: `bench-tournament-${String(start + index)}@aurum.test`,
              passwordHash,
              firstName: `Bench${String(start + index)}`,
              lastName: 'Player',
              currency: 'EUR',
              country: 'FI',
            })),
          )
          .returning({ id: players.id, email: players.email })),
      )
    }
    // The bettors and the probe (the last row) play; the others only fill the board.
    const funded = [...ids.slice(0, BETTORS), ...ids.slice(-1)]
    await fundBenchPlayers(
      database.db,
      funded.map((row) => row.id),
    )
  } finally {
    await database.close()
  }
  const [tournament] = await sql<{ id: number }>(
    `insert into tournaments (slug, texts, image_url, scoring, category_slugs, starts_at, ends_at,
       server_seed_hash, participant_count)
     values ('bench', jsonb_build_object('en', jsonb_build_object('title', 'Bench', 'text', '', 'imageAlt', '')),
       '/favicon.svg', 'total_wagered', '{originals}', now() - interval '1 hour',
       now() + interval '1 day', repeat('0', 64), $1)
     returning id`,
    [PARTICIPANTS + 1],
  )
  if (!tournament) throw new Error('no tournament')
  await sql(
    `insert into tournament_prizes (tournament_id, from_place, to_place, prize, texts)
     values ($1, 1, 100, '{"kind":"coins","coinsMinor":"10000"}',
       jsonb_build_object('en', jsonb_build_object('label', '100 coins')))`,
    [tournament.id],
  )
  // Random scores up to 10,000 euros, reached at random times of the last hour; the probe at 0.
  await sql(
    `insert into tournament_entries (id, tournament_id, player_id, score, reached_at, bets)
     select gen_random_uuid(), $1, p.id,
       case when p.email like '%-${String(PARTICIPANTS)}@aurum.test' then 0 else (random() * 1000000)::bigint end,
       case when p.email like '%-${String(PARTICIPANTS)}@aurum.test' then null else now() - random() * interval '1 hour' end,
       0
     from players p where p.email like 'bench-tournament-%'`,
    [tournament.id],
  )
  const [probe] = await sql<{ id: string }>(
    `select e.id from tournament_entries e join players p on p.id = e.player_id
     where p.email = $1`,
    [`bench-tournament-${String(PARTICIPANTS)}@aurum.test`],
  )
  if (!probe) throw new Error('no probe entry')
  return {
    emails: ids.slice(0, BETTORS).map((row) => row.email),
    tournamentId: tournament.id,
    probeEntry: probe.id,
  }
}

/** Waits until the engine's inbox is empty (what a load left is drained before the next). */
async function drained() {
  const start = performance.now()
  for (;;) {
    const [row] = await sql<{ n: number }>('select count(*)::int as n from engagement_events')
    if ((row?.n ?? 0) === 0) return
    if (performance.now() - start > 60_000) throw new Error('the inbox did not drain in 60 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * The probe bets 10 times a second while the load runs, watching the tournament's room: the time
 * from each bet's answer to the first `tournamentLeaderboard` message moving the probe's entry
 * to that bet's score or past it.
 */
async function probeLatency(
  base: string,
  client: Client,
  tournamentId: number,
  probeEntry: string,
  stop: Promise<unknown>,
) {
  const [start] = await sql<{ score: string }>(
    'select score::text as score from tournament_entries where id = $1',
    [probeEntry],
  )
  const baseline = BigInt(start?.score ?? '0')
  const socket = await playerSocket(base, client)
  socket.emit('tournament:watch', { id: tournamentId })
  const heard: [bigint, number][] = []
  socket.on(
    'tournamentLeaderboard',
    (message: { moves: { entry_id: string; after: { score: string } }[] }) => {
      const move = message.moves.find((entry) => entry.entry_id === probeEntry)
      if (move) heard.push([BigInt(move.after.score), performance.now()])
    },
  )
  // The room is joined once the socket's message is handled: a short pause before the first bet.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const answeredAt = await probeBets(base, client, stop)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  socket.disconnect()
  // One drain's move carries the sum of the bets it took: the n-th bet is heard with the first
  // move that reaches its score.
  const latencies: number[] = []
  let missing = 0
  for (const [n, at] of answeredAt) {
    const target = baseline + BigInt(n * STAKE_MINOR)
    const first = heard.find(([score]) => score >= target)
    if (first === undefined) missing++
    else latencies.push(Math.max(0, first[1] - at))
  }
  latencies.sort((a, b) => a - b)
  return {
    p95Ms: percentile(latencies, 0.95),
    p50Ms: percentile(latencies, 0.5),
    bets: answeredAt.size,
    missing,
  }
}

async function main() {
  console.log(
    `Tournament bench: ${String(cpus().length)} × ${cpus()[0]?.model ?? '?'}, ${String(Math.round(totalmem() / 2 ** 30))} GiB, Node ${process.version}, ${String(DURATION_S)} s loads, ${String(CLIENTS)} clients, ${String(PARTICIPANTS)} participants`,
  )
  await adminQuery(`DROP DATABASE IF EXISTS ${APP_DB} WITH (FORCE)`, `CREATE DATABASE ${APP_DB}`)
  const base = `http://127.0.0.1:${String(PORT)}`
  let app = startApp()
  try {
    await waitFor(`${base}/readyz`)
    const { emails, tournamentId, probeEntry } = await setUp()
    const clients: Client[] = []
    for (let index = 0; index < emails.length; index += 4) {
      clients.push(
        ...(await Promise.all(
          emails.slice(index, index + 4).map((e) => signIn(base, e, PASSWORD)),
        )),
      )
    }
    const probe = await signIn(
      base,
      `bench-tournament-${String(PARTICIPANTS)}@aurum.test`,
      PASSWORD,
    )
    await diceLoad(PORT, clients, CLIENTS, 3)

    const rounds: {
      off: Awaited<ReturnType<typeof diceLoad>>
      on: Awaited<ReturnType<typeof diceLoad>>
      latency: Awaited<ReturnType<typeof probeLatency>>
    }[] = []
    // Each half starts a fresh server, so the scoring's cached tournaments are the row's state.
    const round = async (enabled: boolean) => {
      await stopApp(app)
      await sql('update tournaments set is_enabled = $1 where id = $2', [enabled, tournamentId])
      app = startApp()
      await waitFor(`${base}/readyz`)
      await drained()
      await diceLoad(PORT, clients, CLIENTS, 2)
      await drained()
    }
    for (let index = 0; index < ROUNDS; index++) {
      await round(false)
      const off = await diceLoad(PORT, clients, CLIENTS, DURATION_S)
      await round(true)
      const load = diceLoad(PORT, clients, CLIENTS, DURATION_S)
      const [on, latency] = await Promise.all([
        load,
        probeLatency(base, probe, tournamentId, probeEntry, load),
      ])
      rounds.push({ off, on, latency })
      console.log(
        `round ${String(index + 1)}: without ${off.rps.toFixed(0)} req/s (mean ${off.meanMs.toFixed(1)} ms, p99 ${off.p99Ms.toFixed(1)} ms), with ${on.rps.toFixed(0)} req/s (mean ${on.meanMs.toFixed(1)} ms, p99 ${on.p99Ms.toFixed(1)} ms) = ×${(on.meanMs / off.meanMs).toFixed(3)}; board push p50 ${latency.p50Ms.toFixed(0)} ms, p95 ${latency.p95Ms.toFixed(0)} ms over ${String(latency.bets)} bets (${String(latency.missing)} unheard)`,
      )
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      )
    const slowdown = median(rounds.map((entry) => entry.on.meanMs / entry.off.meanMs))
    const p95 = median(rounds.map((entry) => entry.latency.p95Ms))
    const unheard = rounds.reduce((sum, entry) => sum + entry.latency.missing, 0)
    const rows = [
      [
        'bet answer, tournament on ÷ off',
        `median ×${slowdown.toFixed(3)}`,
        slowdown <= TARGETS.slowdown ? 'met' : 'MISSED',
      ],
      [
        'bet answer → tournamentLeaderboard p95',
        `median of rounds ${p95.toFixed(0)} ms (${String(unheard)} unheard)`,
        p95 <= TARGETS.pushP95Ms && unheard === 0 ? 'met' : 'MISSED',
      ],
    ]
    for (const [name, figure, verdict] of rows)
      console.log(`${name?.padEnd(42)} ${figure?.padEnd(50)} ${verdict}`)
    process.exitCode = rows.some(([, , verdict]) => verdict === 'MISSED') ? 1 : 0
  } finally {
    await stopApp(app)
    await adminQuery(`DROP DATABASE IF EXISTS ${APP_DB} WITH (FORCE)`)
  }
}

await main()
