import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { TournamentScoring } from '#common/tournament-rules.ts'
import { executePrepared } from '#db/client.ts'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig } from '#server/config/env.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { socketTokenOf } from '#tests/factories/players.ts'
import { fundedClient } from '#tests/factories/wallet.ts'
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '#tests/helpers/build-test-app.ts'
import { drainDepsOf, drainOnce } from '#tests/helpers/engagement.ts'
import {
  createTournament,
  enterTournament,
  entryOf,
  type TournamentOverrides,
} from '#tests/helpers/tournaments.ts'
import { tournamentConsumers } from './index.ts'
import { tournamentEntries, tournaments } from './tournaments.tables.ts'

const template = inject('databaseTemplate')
const isPostgres = template.kind === 'postgres'

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
})

const diceBet = (app: TestApp['app'], headers: Record<string, string>, amount = '100') =>
  app.inject({
    method: 'POST',
    url: '/games/originals/dice/bet',
    headers,
    payload: {
      amount,
      currency: 'EUR',
      target: 5000,
      direction: 'under',
      client_request_id: randomUUID(),
    },
  })

/** Places Dice bets of these stakes (euro cents) through the API. */
async function play(headers: Record<string, string>, ...stakes: number[]) {
  for (const stake of stakes) {
    const answer = await diceBet(t.app, headers, String(stake))
    expect(answer.statusCode).toBe(200)
  }
}

/** The engine's drain with the tournaments' consumer, as the app's engine runs it. */
const drain = (options: Parameters<typeof drainOnce>[1] = {}) =>
  drainOnce({ ...drainDepsOf(db(), t.app.bus), consumers: tournamentConsumers }, options)

/** A tournament of the test's own; the scorer hears of it as of an operator's edit. */
async function aTournament(overrides: TournamentOverrides = {}) {
  const created = await createTournament(db(), overrides)
  await t.app.bus.publish('tournaments.content.changed', {})
  return created
}

/** A funded player, signed in, entered in the tournament. */
async function entrant(tournamentId: number, firstName = 'Robin') {
  const { player, client } = await fundedClient(t)
  await db().update(players).set({ firstName }).where(eq(players.id, player.id))
  const entryId = await enterTournament(db(), tournamentId, player.id)
  return { player, client, entryId }
}

const stopAfterFile: (() => void)[] = []
afterAll(() => {
  for (const stop of stopAfterFile) stop()
})

/** The tournament's published events, from now on. */
function capture(tournamentId: number) {
  const boards: DomainEvents['tournament.leaderboard'][] = []
  const standings: DomainEvents['tournament.standing'][] = []
  const stops = [
    t.app.bus.subscribe('tournament.leaderboard', (event) => {
      if (event.tournament_id === tournamentId) boards.push(event)
    }),
    t.app.bus.subscribe('tournament.standing', (event) => {
      if (event.tournament_id === tournamentId) standings.push(event)
    }),
  ]
  stops.forEach((stop) => stopAfterFile.push(stop))
  return { boards, standings }
}

/** Bus listeners run on a later tick than the publish that resolved. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

type BetRow = typeof bets.$inferSelect
const betsOf = (playerId: string) =>
  db().select().from(bets).where(eq(bets.playerId, playerId)).orderBy(asc(bets.id))

const versionOf = async (id: number) => {
  const [row] = await db()
    .select({ version: tournaments.leaderboardVersion })
    .from(tournaments)
    .where(eq(tournaments.id, id))
  return row?.version
}

const overtakenNotices = (playerId: string) =>
  db()
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.playerId, playerId), eq(notifications.type, 'tournament_overtaken')),
    )

describe('scoring through the engine', () => {
  it('adds the stakes of a total_wagered tournament and publishes the board and the standing', async () => {
    const tournament = await aTournament({ scoring: 'total_wagered', title: 'Spring Sprint' })
    const { boards, standings } = capture(tournament.id)
    const { player, client, entryId } = await entrant(tournament.id, 'Alma')
    await play(client.headers, 100, 250)
    await drain()
    await settled()

    const placed = await betsOf(player.id)
    const entry = await entryOf(db(), tournament.id, player.id)
    expect(entry?.score).toBe(350n)
    expect(entry?.bets).toBe(2)
    // Reached with the bet that last raised it: the second.
    expect(entry?.reachedAt?.toISOString()).toBe(placed[1]?.createdAt.toISOString())
    expect(await versionOf(tournament.id)).toBe(1)

    expect(boards).toHaveLength(1)
    const [board] = boards
    expect(board).toMatchObject({ tournament_id: tournament.id, version: 1, participants: 1 })
    expect(board?.top).toEqual([
      {
        place: 1,
        entry_id: entryId,
        player: expect.stringContaining('Alma') as string,
        score: '350',
        reached_at: entry?.reachedAt?.toISOString(),
        bets: 2,
      },
    ])
    expect(board?.moves).toEqual([
      {
        entry_id: entryId,
        before: { score: '0', reached_at: null },
        after: { score: '350', reached_at: entry?.reachedAt?.toISOString() },
      },
    ])
    expect(standings).toEqual([
      {
        playerId: player.id,
        tournament_id: tournament.id,
        version: 1,
        own: expect.objectContaining({ place: 1, score: '350', bets: 2, is_own: true }) as unknown,
      },
    ])

    // The next drain builds on it.
    await play(client.headers, 50)
    await drain()
    expect((await entryOf(db(), tournament.id, player.id))?.score).toBe(400n)
    expect(await versionOf(tournament.id)).toBe(2)
  })

  it.each<[TournamentScoring, (placed: BetRow[]) => bigint]>([
    [
      'highest_multiplier',
      (placed) => BigInt(Math.max(0, ...placed.map((bet) => bet.multiplierBp))),
    ],
    ['total_won', (placed) => placed.reduce((sum, bet) => sum + bet.payoutMinor, 0n)],
    ['points_per_spin', (placed) => BigInt(placed.length * 3)],
  ])('scores %s by its rule', async (scoring, expected) => {
    const tournament = await aTournament({ scoring, pointsPerSpin: 3 })
    const { player, client } = await entrant(tournament.id)
    await play(client.headers, 100, 100, 100, 100, 100, 100)
    await drain()
    const placed = await betsOf(player.id)
    const entry = await entryOf(db(), tournament.id, player.id)
    expect(entry?.score).toBe(expected(placed))
    expect(entry?.bets).toBe(6)
    const raising =
      scoring === 'highest_multiplier'
        ? placed.find((bet) => BigInt(bet.multiplierBp) === entry?.score && bet.multiplierBp > 0)
        : [...placed].reverse().find((bet) => scoring !== 'total_won' || bet.payoutMinor > 0n)
    expect(entry?.reachedAt?.toISOString()).toBe(raising?.createdAt.toISOString())
  })

  it('keeps a highest multiplier when a lower one follows, counting the bet only', async () => {
    const tournament = await aTournament({ scoring: 'highest_multiplier' })
    const { player, client } = await entrant(tournament.id)
    // An entry already holding a best no Dice bet reaches (a 9,900× win).
    const reachedAt = new Date(Date.now() - 60_000)
    await db()
      .update(tournamentEntries)
      .set({ score: 99_000_000n, reachedAt })
      .where(eq(tournamentEntries.playerId, player.id))
    const { boards } = capture(tournament.id)
    await play(client.headers, 100, 100)
    await drain()
    await settled()
    const entry = await entryOf(db(), tournament.id, player.id)
    expect(entry?.score).toBe(99_000_000n)
    expect(entry?.reachedAt?.toISOString()).toBe(reachedAt.toISOString())
    expect(entry?.bets).toBe(2)
    // The board did not move: no version, no message.
    expect(await versionOf(tournament.id)).toBe(0)
    expect(boards).toEqual([])
  })

  it.each<[string, TournamentOverrides]>([
    ['another game', { gameIds: ['mines'] }],
    ['another category', { categorySlugs: ['slots'] }],
    ['another currency', { currencies: ['USD'] }],
    ['a stake below the minimum', { minStakeEurMinor: 101n }],
    [
      'a bet after the end',
      { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) },
    ],
    [
      'a bet before the start',
      { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) },
    ],
    ['a disabled tournament', { isEnabled: false }],
    ['a finished tournament', { finishedAt: new Date() }],
  ])('scores nothing for %s', async (_name, overrides) => {
    const tournament = await aTournament(overrides)
    const { boards } = capture(tournament.id)
    const { player, client } = await entrant(tournament.id)
    await play(client.headers, 100)
    await drain()
    await settled()
    const entry = await entryOf(db(), tournament.id, player.id)
    expect(entry).toMatchObject({ score: 0n, reachedAt: null, bets: 0 })
    expect(await versionOf(tournament.id)).toBe(0)
    expect(boards).toEqual([])
  })

  it('scores a qualifying game, category, currency and stake', async () => {
    const tournament = await aTournament({
      gameIds: ['mines'],
      categorySlugs: ['originals'],
      currencies: ['EUR'],
      minStakeEurMinor: 100n,
    })
    const { player, client } = await entrant(tournament.id)
    await play(client.headers, 100, 99)
    await drain()
    expect(await entryOf(db(), tournament.id, player.id)).toMatchObject({ score: 100n, bets: 1 })
  })

  it('scores nothing for a player who did not join, and makes them no entry', async () => {
    const tournament = await aTournament()
    const { boards } = capture(tournament.id)
    const { player, client } = await fundedClient(t)
    await play(client.headers, 500)
    await drain()
    await settled()
    expect(await entryOf(db(), tournament.id, player.id)).toBeUndefined()
    expect(await versionOf(tournament.id)).toBe(0)
    expect(boards).toEqual([])
  })

  it('counts only the bets placed once the player joined', async () => {
    const tournament = await aTournament()
    const { player, client } = await fundedClient(t)
    await play(client.headers, 700)
    await enterTournament(db(), tournament.id, player.id)
    await play(client.headers, 40)
    await drain()
    expect(await entryOf(db(), tournament.id, player.id)).toMatchObject({ score: 40n, bets: 1 })
  })

  it('counts a drain that rolled back once, when its rows are drained again', async () => {
    const tournament = await aTournament()
    const { boards } = capture(tournament.id)
    const { player, client } = await entrant(tournament.id)
    await play(client.headers, 100, 200)
    await expect(
      drain({
        beforeCommit: () => Promise.reject(new Error('killed before the commit')),
      }),
    ).rejects.toThrow('killed before the commit')
    await settled()
    expect(boards).toEqual([])
    expect(await entryOf(db(), tournament.id, player.id)).toMatchObject({ score: 0n, bets: 0 })

    await drain()
    await drain()
    await settled()
    expect(await entryOf(db(), tournament.id, player.id)).toMatchObject({ score: 300n, bets: 2 })
    expect(await versionOf(tournament.id)).toBe(1)
    expect(boards.map((board) => board.version)).toEqual([1])
  })

  it('tells a player pushed out of the paid places, in their language, once', async () => {
    const tournament = await aTournament({
      title: 'Derby',
      prizes: [
        { fromPlace: 1, toPlace: 1, prize: { kind: 'coins', coinsMinor: '10000' } },
        { fromPlace: 2, toPlace: 2, prize: { kind: 'coins', coinsMinor: '5000' } },
      ],
    })
    const { boards } = capture(tournament.id)
    const first = await entrant(tournament.id, 'Frieda')
    await db().update(players).set({ locale: 'de' }).where(eq(players.id, first.player.id))
    const second = await entrant(tournament.id, 'Sami')
    const third = await entrant(tournament.id, 'Tove')
    await play(first.client.headers, 100)
    await play(second.client.headers, 200)
    await drain()
    // Frieda is second of two scorers: paid. Tove has not scored: no place to lose.
    expect(await overtakenNotices(first.player.id)).toEqual([])

    await play(third.client.headers, 500)
    await drain()
    await settled()
    const notices = await overtakenNotices(first.player.id)
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('Derby')
    expect(notices[0]?.text).toContain('Platz 3')
    expect(notices[0]?.url).toBe(`/de/tournament-details/t/${String(tournament.id)}/`)
    expect(await overtakenNotices(second.player.id)).toEqual([])
    expect(await overtakenNotices(third.player.id)).toEqual([])

    const last = boards.at(-1)
    expect(last?.top.map((row) => [row.place, row.entry_id, row.score])).toEqual([
      [1, third.entryId, '500'],
      [2, second.entryId, '200'],
      [3, first.entryId, '100'],
    ])
    expect(last?.moves.map((move) => move.entry_id)).toEqual([third.entryId])

    // Outside the paid places already: a further pass tells nothing new.
    await play(second.client.headers, 1_000)
    await drain()
    expect(await overtakenNotices(first.player.id)).toHaveLength(1)
    expect(await overtakenNotices(third.player.id)).toEqual([])
  })

  it('scores every tournament a bet qualifies for, in one drain', async () => {
    const wagered = await aTournament({ scoring: 'total_wagered' })
    const spins = await aTournament({ scoring: 'points_per_spin', pointsPerSpin: 5 })
    const { player, client } = await fundedClient(t)
    await enterTournament(db(), wagered.id, player.id)
    await enterTournament(db(), spins.id, player.id)
    await play(client.headers, 120, 80)
    await drain()
    expect((await entryOf(db(), wagered.id, player.id))?.score).toBe(200n)
    expect((await entryOf(db(), spins.id, player.id))?.score).toBe(10n)
  })
})

describe.runIf(isPostgres)('drains at once on PostgreSQL', () => {
  it('two drains of one board take turns: every bet counts once, each drain bumps the version', async () => {
    const tournament = await aTournament({
      prizes: [{ fromPlace: 1, toPlace: 1, prize: { kind: 'coins', coinsMinor: '100' } }],
    })
    const { boards } = capture(tournament.id)
    const one = await entrant(tournament.id)
    const two = await entrant(tournament.id)
    // Their sign-ins' rows first: the inbox then holds the four bets alone.
    await drain()
    await play(one.client.headers, 100, 300)
    await play(two.client.headers, 200, 400)
    // The first drain takes the first player's two rows and holds its transaction open until the
    // second, draining the other two, waits for it.
    let reached = () => {}
    const atCommit = new Promise<void>((resolve) => {
      reached = resolve
    })
    const first = drain({
      limit: 2,
      beforeCommit: async () => {
        reached()
        await vi.waitFor(
          async () => {
            const [row] = await executePrepared<{ waiting: number }>(
              db(),
              'test_lock_waiters',
              `select count(*)::integer as waiting from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
              [],
            )
            expect(row?.waiting).toBeGreaterThan(0)
          },
          { timeout: 8000, interval: 20 },
        )
      },
    })
    await atCommit
    const taken = await Promise.all([first, drain({ limit: 2 })])
    expect(taken.map((result) => result.taken)).toEqual([2, 2])
    // What the drains recorded (levels reached) scores nothing more.
    await drain()
    await settled()
    expect(await entryOf(db(), tournament.id, one.player.id)).toMatchObject({
      score: 400n,
      bets: 2,
    })
    expect(await entryOf(db(), tournament.id, two.player.id)).toMatchObject({
      score: 600n,
      bets: 2,
    })
    expect(await versionOf(tournament.id)).toBe(2)
    expect(boards.map((board) => board.version)).toEqual([1, 2])
    expect(boards.at(-1)?.top.map((row) => row.score)).toEqual(['600', '400'])
  })
})

// eslint-disable-next-line no-restricted-syntax -- the test runner's switch, not app configuration
describe.runIf(isPostgres && process.env.TEST_REDIS_URL)('two instances', () => {
  it('a bet drained on one instance moves the board a socket on the other watches', async () => {
    const first = await buildTestApp({ env: { ENGAGEMENT_ENGINE: 'true' } })
    const second = await buildApp({
      config: toConfig(
        parseEnv({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          SESSION_SECRET: TEST_SESSION_SECRET,
          COUNTRY_HEADER: 'x-test-country',
          // eslint-disable-next-line no-restricted-syntax -- the test runner's switch
          REDIS_URL: process.env.TEST_REDIS_URL,
          RATE_LIMIT_MAX: '1000000',
          PASSWORD_HASH_NICE: '0',
          ENGAGEMENT_ENGINE: 'false',
          JOBS: 'false',
        }),
        () => TEST_SESSION_SECRET,
      ),
      database: first.database,
      closeDatabase: false,
      ssr: { mode: 'off' },
    })
    const sockets: Socket[] = []
    try {
      await second.ready()
      const { db: shared } = first.database
      const tournament = await createTournament(shared, { title: 'Twin board' })
      await first.app.bus.publish('tournaments.content.changed', {})
      const { player, client } = await fundedClient(first)
      const entryId = await enterTournament(shared, tournament.id, player.id)
      // A visitor's page and the bettor's own page, both on the second instance.
      const watcher = await fundedClient(first)
      await second.listen({ port: 0, host: '127.0.0.1' })
      const address = second.server.address()
      if (!address || typeof address === 'string') throw new Error('no port')
      const open = async (headers: typeof client) => {
        const socket = connect(`http://127.0.0.1:${String(address.port)}`, {
          transports: ['websocket'],
          query: { token: await socketTokenOf(second, headers) },
          reconnection: false,
        })
        sockets.push(socket)
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve)
          socket.once('connect_error', reject)
        })
        return socket
      }
      const watching = await open(watcher.client)
      const own = await open(client)
      await expect(
        watching.emitWithAck('tournament:watch', { id: tournament.id }),
      ).resolves.toEqual({ ok: true })
      const board = new Promise<DomainEvents['tournament.leaderboard']>((resolve) => {
        watching.on('tournamentLeaderboard', resolve)
      })
      const standing = new Promise((resolve) => {
        own.on('tournamentStanding', resolve)
      })

      expect((await diceBet(first.app, client.headers, '300')).statusCode).toBe(200)
      const message = await board
      expect(message).toMatchObject({ tournament_id: tournament.id, version: 1, participants: 1 })
      expect(message.top[0]).toMatchObject({ place: 1, entry_id: entryId, score: '300', bets: 1 })
      await expect(standing).resolves.toMatchObject({
        tournament_id: tournament.id,
        version: 1,
        own: { place: 1, entry_id: entryId, score: '300', is_own: true },
      })
    } finally {
      for (const socket of sockets) socket.disconnect()
      await second.close()
    }
  })
})
