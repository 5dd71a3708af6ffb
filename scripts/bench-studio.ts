// `BENCH_ONLY=studio npm run bench`: a Demo Studio spin against a Dice bet (issue 28), on
// PostgreSQL with durability on, the server at 4 database connections (as the ledger, engagement
// and tournament benches):
// - PLAYERS signed-in, funded players registered in Finland (no minimum slot cycle there);
// - Dice bets from CLIENTS keep-alive clients (`diceLoad`), and studio spins from as many: each
//   player opened SLOT for real as the casino's page does (`POST /games/provider/launch`, then the
//   studio's `POST /studio/demo/api/session` with the launch token), and each spin is the studio's
//   `POST /studio/demo/api/round`: the studio's server reads its session, draws the round, and
//   calls the casino's seamless wallet over HTTP twice (a signed `bet`, then a signed `win`, 0 for
//   a loss), each a ledger transaction;
// - ROUNDS rounds, each a Dice load then a spin load on the same server: the median of the rounds'
//   spins ÷ bets at least TARGET.
// BENCH_PG_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the script
// creates and drops its own database there. BENCH_STUDIO_PORT moves the app (default 3347).
// Exit code 1 when the target is missed.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import { openDatabase } from '#db/client.ts'
import { hashPassword } from '#server/modules/players/passwords.ts'
import {
  adminQuery,
  benchAppEnv,
  type Client,
  diceLoad,
  HEADERS,
  signIn,
  stopApp,
  urlFor,
  waitFor,
  insertFundedPlayers,
} from './bench-support.ts'
import { httpLoad, percentile, requestHead } from './http-load.ts'

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CLIENTS = 8
const PLAYERS = 200
const PORT = Number(process.env.BENCH_STUDIO_PORT ?? 3347)
const POOL_SIZE = 4
const APP_DB = 'aurum_bench_studio'
const PASSWORD = 'Bench-Player-Password-1'
/** A 5×3 lines slot of the Demo Studio brand (the casino's `starlight-spins`). */
const SLOT = 'starlight-spins'
/** Each spin stakes 1.00 EUR, as each Dice bet does. */
const STAKE_MINOR = 100n
const TARGET = 0.5

function startApp(): ChildProcess {
  return spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'build/app/server.js'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: benchAppEnv(PORT, APP_DB, POOL_SIZE),
    },
  )
}

/** PLAYERS players in Finland with 1,000,000 EUR each. */
async function setUp(): Promise<string[]> {
  const database = await openDatabase({ url: urlFor(APP_DB) })
  try {
    const passwordHash = await hashPassword(PASSWORD)
    const rows = await insertFundedPlayers(database.db, {
      prefix: 'bench-studio',
      count: PLAYERS,
      passwordHash,
    })
    return rows.map((row) => row.email)
  } finally {
    await database.close()
  }
}

interface StudioSession {
  session: string
  stakeMin: bigint
  stakeMax: bigint
}

/** Opens SLOT for real as the casino's game page does: the launch, then the studio's session. */
async function openSlot(base: string, client: Client): Promise<StudioSession> {
  const launch = await fetch(`${base}/games/provider/launch`, {
    method: 'POST',
    headers: { ...HEADERS, cookie: client.cookie, 'x-csrf-token': client.csrf },
    body: JSON.stringify({ slug: SLOT, mode: 'real', currency: 'EUR', locale: 'en' }),
  })
  if (!launch.ok) throw new Error(`launch: ${String(launch.status)} ${await launch.text()}`)
  const { data } = (await launch.json()) as { data: { url: string } }
  const address = new URL(data.url, base)
  const token = address.searchParams.get('token')
  if (!token) throw new Error(`launch: no token in ${data.url}`)
  if (address.searchParams.get('slot_min_cycle_ms') !== '0') {
    throw new Error(`launch: a minimum slot cycle for the bench's players (${data.url})`)
  }
  const opened = await fetch(`${base}/studio/demo/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, code: SLOT }),
  })
  if (!opened.ok) throw new Error(`studio session: ${String(opened.status)} ${await opened.text()}`)
  const answer = (await opened.json()) as { session: string; stake_min: string; stake_max: string }
  return {
    session: answer.session,
    stakeMin: BigInt(answer.stake_min),
    stakeMax: BigInt(answer.stake_max),
  }
}

const spinBody = (session: string) => JSON.stringify({ session, stake: STAKE_MINOR.toString() })

/** One spin through fetch, to check that the round pays and the wallet answers the balance. */
async function checkSpin(base: string, session: string) {
  const response = await fetch(`${base}/studio/demo/api/round`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: spinBody(session),
  })
  const answer = (await response.json()) as Record<string, unknown>
  if (!response.ok || answer.done !== true || typeof answer.balance !== 'string') {
    throw new Error(`a spin: ${String(response.status)} ${JSON.stringify(answer)}`)
  }
}

/**
 * Studio spins from `connections` keep-alive clients for `durationS`, each request the next of
 * `sessions`; every answer must be 2xx.
 */
async function spinLoad(sessions: string[], connections: number, durationS: number) {
  const requests = sessions.map(
    (session) =>
      requestHead(
        'POST',
        '/studio/demo/api/round',
        { 'content-type': 'application/json' },
        Buffer.byteLength(spinBody(session)),
      ) + spinBody(session),
  )
  const result = await httpLoad({
    port: PORT,
    connections,
    durationS,
    request: (turn) => requests[turn % requests.length] as string,
  })
  if (result.non2xx > 0) {
    throw new Error(
      `spins: ${String(result.non2xx)} non-2xx answers: ${result.samples.join(' | ')}`,
    )
  }
  return { rps: result.rps, p99Ms: result.p99Ms }
}

async function main() {
  console.log(
    `Studio bench: ${String(cpus().length)} × ${cpus()[0]?.model ?? '?'}, ${String(Math.round(totalmem() / 2 ** 30))} GiB, Node ${process.version}, ${String(DURATION_S)} s loads, ${String(CLIENTS)} clients, ${String(PLAYERS)} players, ${SLOT}`,
  )
  await adminQuery(`DROP DATABASE IF EXISTS ${APP_DB} WITH (FORCE)`, `CREATE DATABASE ${APP_DB}`)
  const base = `http://127.0.0.1:${String(PORT)}`
  const app = startApp()
  try {
    await waitFor(`${base}/readyz`)
    const emails = await setUp()
    const clients: Client[] = []
    for (let index = 0; index < emails.length; index += 4) {
      clients.push(
        ...(await Promise.all(
          emails.slice(index, index + 4).map((e) => signIn(base, e, PASSWORD)),
        )),
      )
    }
    const sessions: string[] = []
    for (const client of clients) {
      const opened = await openSlot(base, client)
      if (STAKE_MINOR < opened.stakeMin || STAKE_MINOR > opened.stakeMax) {
        throw new Error(
          `${SLOT}: a 1 EUR stake is outside ${String(opened.stakeMin)}–${String(opened.stakeMax)}`,
        )
      }
      sessions.push(opened.session)
    }
    await checkSpin(base, sessions[0] ?? '')
    // Warm-up: both paths compiled before the first measured load.
    await diceLoad(PORT, clients, CLIENTS, 2)
    await spinLoad(sessions, CLIENTS, 2)

    const rounds: { dice: { rps: number; p99Ms: number }; spin: { rps: number; p99Ms: number } }[] =
      []
    for (let round = 0; round < ROUNDS; round++) {
      const dice = await diceLoad(PORT, clients, CLIENTS, DURATION_S)
      const spin = await spinLoad(sessions, CLIENTS, DURATION_S)
      rounds.push({ dice, spin })
      console.log(
        `round ${String(round + 1)}: Dice ${dice.rps.toFixed(0)} bets/s (p99 ${dice.p99Ms.toFixed(1)} ms), studio ${spin.rps.toFixed(0)} spins/s (p99 ${spin.p99Ms.toFixed(1)} ms) = ${((spin.rps / dice.rps) * 100).toFixed(1)} %`,
      )
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      )
    const ratio = median(rounds.map((round) => round.spin.rps / round.dice.rps))
    const rows = [
      ['Dice bets/s', `median ${median(rounds.map((r) => r.dice.rps)).toFixed(0)}`, ''],
      ['studio spins/s', `median ${median(rounds.map((r) => r.spin.rps)).toFixed(0)}`, ''],
      [
        'studio spins ÷ Dice bets',
        `median of rounds ${(ratio * 100).toFixed(1)} % (target ≥ ${String(TARGET * 100)} %)`,
        ratio >= TARGET ? 'met' : 'MISSED',
      ],
    ]
    for (const [name, figure, verdict] of rows)
      console.log(`${name?.padEnd(28)} ${figure?.padEnd(50)} ${verdict ?? ''}`)
    process.exitCode = ratio >= TARGET ? 0 : 1
  } finally {
    await stopApp(app)
    await adminQuery(`DROP DATABASE IF EXISTS ${APP_DB} WITH (FORCE)`)
  }
}

await main()
