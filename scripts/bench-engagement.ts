// `BENCH_ONLY=engagement npm run bench`: what the engagement engine (issue 23) costs the bet path,
// on PostgreSQL with durability on, the server at 4 database connections (as the ledger bench):
// - Dice bets from 8 clients over 1,000 signed-in players with the engine off
//   (`ENGAGEMENT_ENGINE=false`: the bet's inbox row is still written by the table's trigger) and
//   on, in ROUNDS alternating rounds, three quest and achievement triggers moved by every bet:
//   the median of the rounds' on ÷ off at least 90 %;
// - the inbox backlog, sampled every 100 ms during the loads with the engine on: its maximum (it
//   must stay bounded: drained within a few seconds after the load);
// - progress-to-socket latency while the load runs: one more player bets 10 times a second and
//   listens on the socket; from each bet's answer to its `triggerProgressUpdate`, p95 at most
//   250 ms.
// BENCH_PG_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the script
// creates and drops its own database there. Exit code 1 when a target is missed.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import pg from 'pg'
import { openDatabase } from '#db/client.ts'
import { hashPassword } from '#server/modules/players/passwords.ts'
import { createTask, onGame } from '#tests/helpers/engagement.ts'
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
  insertFundedPlayers,
} from './bench-support.ts'
import { percentile } from './http-load.ts'

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8)
const ROUNDS = 3
const CLIENTS = 8
const PLAYERS = 1_000
const PORT = 3305
const POOL_SIZE = 4
const APP_DB = 'aurum_bench_engagement'
const PASSWORD = 'Bench-Player-Password-1'
const TARGETS = { onOverOff: 0.9, latencyP95Ms: 250 }

function startApp(engine: boolean): ChildProcess {
  return spawn(process.execPath, ['build/app/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...benchAppEnv(PORT, APP_DB, POOL_SIZE),
      ENGAGEMENT_ENGINE: String(engine),
    },
  })
}

/** 1,000 funded players and one for the latency probe, plus the quest content every bet moves. */
async function setUp(): Promise<{ emails: string[]; diceTriggerId: number }> {
  const database = await openDatabase({ url: urlFor(APP_DB) })
  try {
    const passwordHash = await hashPassword(PASSWORD)
    const rows = await insertFundedPlayers(database.db, {
      prefix: 'bench-engagement',
      count: PLAYERS + 1,
      passwordHash,
    })
    // Every Dice bet moves three triggers: a count on Dice, euros staked on Originals (a
    // category), and an achievement's count of any bet.
    const { triggers } = await createTask(database.db, {
      triggers: [
        { rules: onGame('dice'), expected: 1_000_000_000n },
        { rules: onGame('originals', 'accumulate'), expected: 1_000_000_000_000n },
      ],
    })
    const diceTriggerId = triggers[0]?.id
    if (diceTriggerId === undefined) throw new Error('no Dice trigger')
    await createTask(database.db, {
      kind: 'achievement',
      triggers: [{ expected: 1_000_000_000n }],
    })
    // The probe listens to this count, which never finishes (the seeded programme's Dice quests
    // finish after a few bets, and a finished trigger moves no more).
    return { emails: rows.map((row) => row.email), diceTriggerId }
  } finally {
    await database.close()
  }
}

/** Samples the inbox's size every 100 ms until `stop` resolves; answers the largest. */
async function sampleBacklog(stop: Promise<unknown>) {
  const client = new pg.Client({ connectionString: urlFor(APP_DB) })
  await client.connect()
  let max = 0
  const state = { done: false }
  void stop.finally(() => (state.done = true))
  try {
    while (!state.done) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from engagement_events',
      )
      max = Math.max(max, rows[0]?.n ?? 0)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Drained after the load: how long until the inbox is empty.
    const start = performance.now()
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from engagement_events',
      )
      if ((rows[0]?.n ?? 0) === 0) break
      if (performance.now() - start > 30_000) throw new Error('the inbox did not drain in 30 s')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return { max, drainedAfterMs: performance.now() - start }
  } finally {
    await client.end()
  }
}

/**
 * One player bets 10 times a second while the load runs, listening on the socket: the time from
 * each bet's answer to the `triggerProgressUpdate` of its count on Dice (the n-th bet brings
 * progress n).
 */
async function probeLatency(
  base: string,
  client: Client,
  triggerId: number,
  baseline: number,
  stop: Promise<unknown>,
) {
  const socket = await playerSocket(base, client)
  const received = new Map<number, number>()
  socket.on(
    'triggerProgressUpdate',
    (update: { trigger: { id: number; progress: { progress: number } } }) => {
      if (update.trigger.id === triggerId)
        received.set(update.trigger.progress.progress, performance.now())
    },
  )
  const answeredAt = await probeBets(base, client, stop)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  socket.disconnect()
  // Updates of one drain carry the sum of the bets it took: the n-th bet is heard with the first
  // update that reaches n over where the progress stood before the round.
  const heardAt = [...received].sort(([a], [b]) => a - b)
  const latencies: number[] = []
  let missing = 0
  for (const [n, at] of answeredAt) {
    const heard = heardAt.find(([progress]) => progress >= n + baseline)
    if (heard === undefined) missing++
    else latencies.push(Math.max(0, heard[1] - at))
  }
  latencies.sort((a, b) => a - b)
  return {
    p95Ms: percentile(latencies, 0.95),
    p50Ms: percentile(latencies, 0.5),
    bets: answeredAt.size,
    missing,
  }
}

async function playerIdOf(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: urlFor(APP_DB) })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string }>('select id from players where email = $1', [
      email,
    ])
    const id = rows[0]?.id
    if (id === undefined) throw new Error(`no player ${email}`)
    return id
  } finally {
    await client.end()
  }
}

/** Where a player's count stands now (0 before their first counted bet). */
async function progressOf(playerId: string, triggerId: number): Promise<number> {
  const client = new pg.Client({ connectionString: urlFor(APP_DB) })
  await client.connect()
  try {
    const { rows } = await client.query<{ progress: string }>(
      'select progress::text as progress from trigger_progress where player_id = $1 and trigger_id = $2',
      [playerId, triggerId],
    )
    return Number(rows[0]?.progress ?? 0)
  } finally {
    await client.end()
  }
}

async function main() {
  console.log(
    `Engagement bench: ${String(cpus().length)} × ${cpus()[0]?.model ?? '?'}, ${String(Math.round(totalmem() / 2 ** 30))} GiB, Node ${process.version}, ${String(DURATION_S)} s loads, ${String(CLIENTS)} clients`,
  )
  await adminQuery(`DROP DATABASE IF EXISTS ${APP_DB} WITH (FORCE)`, `CREATE DATABASE ${APP_DB}`)
  const base = `http://127.0.0.1:${String(PORT)}`
  let app = startApp(false)
  try {
    await waitFor(`${base}/readyz`)
    const { emails, diceTriggerId: triggerId } = await setUp()
    const clients: Client[] = []
    for (let index = 0; index < emails.length; index += 4) {
      clients.push(
        ...(await Promise.all(
          emails.slice(index, index + 4).map((e) => signIn(base, e, PASSWORD)),
        )),
      )
    }
    const probe = clients.pop()
    if (!probe) throw new Error('no probe player')
    const probeId = await playerIdOf(emails.at(-1) ?? '')
    // Warm-up, engine off; the inbox it fills is drained by the first round with the engine on.
    await diceLoad(PORT, clients, CLIENTS, 3)

    const rounds: {
      off: { rps: number; p99Ms: number }
      on: { rps: number; p99Ms: number }
      backlog: { max: number; drainedAfterMs: number }
      latency: Awaited<ReturnType<typeof probeLatency>>
    }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      await stopApp(app)
      app = startApp(false)
      await waitFor(`${base}/readyz`)
      // The same 2 s warm-up after the start as the engine-on load gets.
      await diceLoad(PORT, clients, CLIENTS, 2)
      const off = await diceLoad(PORT, clients, CLIENTS, DURATION_S)
      await stopApp(app)
      app = startApp(true)
      await waitFor(`${base}/readyz`)
      // The engine catches up with what the engine-off load left before this round's load.
      await sampleBacklog(Promise.resolve())
      await diceLoad(PORT, clients, CLIENTS, 2)
      await sampleBacklog(Promise.resolve())
      const load = diceLoad(PORT, clients, CLIENTS, DURATION_S)
      const [on, backlog, latency] = await Promise.all([
        load,
        sampleBacklog(load),
        probeLatency(base, probe, triggerId, await progressOf(probeId, triggerId), load),
      ])
      rounds.push({ off, on, backlog, latency })
      console.log(
        `round ${String(round + 1)}: off ${off.rps.toFixed(0)} req/s (p99 ${off.p99Ms.toFixed(1)} ms), on ${on.rps.toFixed(0)} req/s (p99 ${on.p99Ms.toFixed(1)} ms) = ${((on.rps / off.rps) * 100).toFixed(1)} %; backlog max ${String(backlog.max)}, empty ${backlog.drainedAfterMs.toFixed(0)} ms after the load; latency p50 ${latency.p50Ms.toFixed(0)} ms, p95 ${latency.p95Ms.toFixed(0)} ms over ${String(latency.bets)} bets (${String(latency.missing)} unheard)`,
      )
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      )
    const ratio = median(rounds.map((round) => round.on.rps / round.off.rps))
    const p95 = median(rounds.map((round) => round.latency.p95Ms))
    const maxBacklog = Math.max(...rounds.map((round) => round.backlog.max))
    const drained = Math.max(...rounds.map((round) => round.backlog.drainedAfterMs))
    const unheard = rounds.reduce((sum, round) => sum + round.latency.missing, 0)
    const rows = [
      [
        'bets with the engine on ÷ off',
        `median ${(ratio * 100).toFixed(1)} %`,
        ratio >= TARGETS.onOverOff ? 'met' : 'MISSED',
      ],
      [
        'inbox backlog during the load',
        `max ${String(maxBacklog)} rows, empty ≤ ${drained.toFixed(0)} ms after`,
        drained < 10_000 ? 'met' : 'MISSED',
      ],
      [
        'bet answer → triggerProgressUpdate p95',
        `median of rounds ${p95.toFixed(0)} ms (${String(unheard)} unheard)`,
        p95 <= TARGETS.latencyP95Ms && unheard === 0 ? 'met' : 'MISSED',
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
