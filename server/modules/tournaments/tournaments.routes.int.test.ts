import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LEADERBOARD_TOP } from '#common/tournament-rules.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { insertEntry, insertResult, insertTournament, type TournamentRow } from '#tests/helpers/tournament-rows.ts'
import { gameProviders, games } from '#server/modules/catalogue/catalogue.tables.ts'
import type { z } from 'zod'
import { LeaderboardSchema, TournamentDetailsSchema, TournamentListSchema, type TournamentCard } from './tournaments.contract.ts'
import { tournaments } from './tournaments.tables.ts'
import { FINISHED_LISTED } from './views.ts'

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
})

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>
type Client = SignedInClient & { id: string }

async function aPlayer(firstName = 'Robin'): Promise<Client> {
  const player = await createPlayer(db(), { firstName })
  return { ...(await signIn(t.app, player)), id: player.id }
}

const get = (url: string, client?: Client) =>
  t.app.inject({ method: 'GET', url, headers: client?.headers ?? API_HEADERS })

const expectError = (response: Reply, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

/** The answer's data, checked against the contract's schema. */
const dataOf = <S extends z.ZodType>(schema: S, response: Reply): z.infer<S> => {
  expect(response.statusCode, response.body).toBe(200)
  return schema.parse(response.json<{ data: unknown }>().data)
}

const list = async (client?: Client, lang = 'en') =>
  dataOf(TournamentListSchema, await get(`/${lang}/tournaments`, client))

const details = async (id: number, client?: Client, lang = 'en') =>
  dataOf(TournamentDetailsSchema, await get(`/${lang}/tournaments/${id}`, client))

const ids = (cards: TournamentCard[]) => cards.map((card) => card.id)

describe('GET /{lang}/tournaments', () => {
  it('groups enabled tournaments: running and finishing, upcoming by start, finished by end', async () => {
    const later = await insertTournament(db(), {
      startsAt: new Date(Date.now() - 30 * 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    })
    const earlier = await insertTournament(db(), {
      startsAt: new Date(Date.now() - 50 * 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    })
    const finishing = await insertTournament(db(), { phase: 'finishing' })
    const upcoming = await insertTournament(db(), { phase: 'upcoming' })
    const finished = await insertTournament(db(), { phase: 'finished' })
    const finishedBefore = await insertTournament(db(), {
      phase: 'finished',
      startsAt: new Date(Date.now() - 5 * 3_600_000),
      endsAt: new Date(Date.now() - 4 * 3_600_000),
    })
    const disabled = await insertTournament(db(), { isEnabled: false })

    const data = await list()
    const running = ids(data.running)
    expect(running).toEqual(expect.arrayContaining([later.id, earlier.id, finishing.id]))
    // By start: the one that started 60 minutes ago, then 50, then 30.
    expect(running.filter((id) => [later.id, earlier.id, finishing.id].includes(id))).toEqual([
      finishing.id,
      earlier.id,
      later.id,
    ])
    expect(ids(data.upcoming)).toContain(upcoming.id)
    const ended = ids(data.finished).filter((id) => [finished.id, finishedBefore.id].includes(id))
    expect(ended).toEqual([finished.id, finishedBefore.id])
    const all = [...running, ...ids(data.upcoming), ...ids(data.finished)]
    expect(all).not.toContain(disabled.id)
    expect(data.running.find((card) => card.id === finishing.id)?.phase).toBe('finishing')
    expect(data.finished.find((card) => card.id === finished.id)?.finished_at).not.toBeNull()
  })

  it('shows a card in the page’s language with its fee, prize summary and participants', async () => {
    const row = await insertTournament(db(), {
      title: 'Spin Race',
      scoring: 'points_per_spin',
      pointsPerSpin: 3,
      entryFeeKind: 'coins',
      entryFeeMinor: 12_345n,
      prizes: [
        { fromPlace: 1, toPlace: 1, prize: { kind: 'cash', eurMinor: '10000' }, label: 'First' },
        { fromPlace: 2, toPlace: 10, prize: { kind: 'coins', coinsMinor: '500' }, label: 'Rest' },
      ],
    })
    const player = await createPlayer(db())
    await insertEntry(db(), row.id, player.id)
    const money = await insertTournament(db(), {
      phase: 'upcoming',
      entryFeeKind: 'money',
      entryFeeMinor: 250n,
    })
    const data = await list(undefined, 'de')
    const card = data.running.find((entry) => entry.id === row.id)
    expect(card).toEqual({
      id: row.id,
      slug: row.slug,
      title: 'Spin Race (de)',
      text: 'About Spin Race (de)',
      image_url: '/tournaments/test.svg',
      image_alt: 'Spin Race art (de)',
      phase: 'running',
      scoring: 'points_per_spin',
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      finished_at: null,
      entry_fee: { kind: 'coins', amount: 123.45 },
      participants: 1,
      top_prize: 'First (de)',
      paid_places: 10,
      joined: false,
    })
    expect(data.upcoming.find((entry) => entry.id === money.id)?.entry_fee).toEqual({
      kind: 'money',
      amount: 2.5,
    })
  })

  it('marks the tournaments the signed-in player joined', async () => {
    const client = await aPlayer()
    const joined = await insertTournament(db())
    const other = await insertTournament(db())
    await insertEntry(db(), joined.id, client.id)
    const mine = await list(client)
    expect(mine.running.find((card) => card.id === joined.id)?.joined).toBe(true)
    expect(mine.running.find((card) => card.id === other.id)?.joined).toBe(false)
    const visitor = await list()
    expect(visitor.running.find((card) => card.id === joined.id)?.joined).toBe(false)
  })

  it('answers 404 for a language the site does not have', async () => {
    expectError(await get('/xx/tournaments'), 404, 'site.unknown_locale')
  })
})

describe('GET /{lang}/tournaments/{id}', () => {
  it('refuses a bad id, an unknown id, a disabled tournament and an unknown language', async () => {
    expectError(await get('/en/tournaments/abc'), 400, 'request.invalid')
    expectError(await get('/en/tournaments/0'), 400, 'request.invalid')
    expectError(await get('/en/tournaments/99999999'), 404, 'tournament.not_found')
    const disabled = await insertTournament(db(), { isEnabled: false })
    expectError(await get(`/en/tournaments/${disabled.id}`), 404, 'tournament.not_found')
    const row = await insertTournament(db())
    expectError(await get(`/xx/tournaments/${row.id}`), 404, 'site.unknown_locale')
  })

  it('shows the rules: games the catalogue has, categories, currencies, stake and prizes', async () => {
    const [game] = await db()
      .select({
        id: games.id,
        slug: games.slug,
        engine: games.engine,
        title: games.title,
        image: games.thumbnailUrl,
      })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .where(
        and(
          eq(games.isEnabled, true),
          eq(gameProviders.isEnabled, true),
          eq(games.kind, 'original'),
        ),
      )
      .limit(1)
    if (!game) throw new Error('the seed has no game')
    // Games are named as their bets name them: an Original by its engine.
    const row = await insertTournament(db(), {
      scoring: 'highest_multiplier',
      gameIds: ['no-such-game', game.engine],
      categorySlugs: ['slots', 'no-such-category'],
      currencies: ['EUR', 'USD'],
      minStakeEurMinor: 50n,
      entryFeeKind: 'money',
      entryFeeMinor: 1_000n,
    })
    const data = await details(row.id, undefined, 'de')
    expect(data).toMatchObject({
      id: row.id,
      title: 'Cup (de)',
      phase: 'running',
      scoring: 'highest_multiplier',
      points_per_spin: 1,
      min_stake_eur: 0.5,
      currencies: ['EUR', 'USD'],
      entry_fee: { kind: 'money', amount: 10 },
      games: [{ id: game.id, slug: game.slug, title: game.title, image_url: game.image }],
      categories: [
        { slug: 'slots', title: 'Spielautomaten' },
        { slug: 'no-such-category', title: 'no-such-category' },
      ],
      prizes: [
        {
          from_place: 1,
          to_place: 1,
          label: 'Gold (de)',
          prize: { kind: 'coins', coinsMinor: '50000' },
        },
        {
          from_place: 2,
          to_place: 3,
          label: 'Silver (de)',
          prize: { kind: 'coins', coinsMinor: '10000' },
        },
      ],
      top_prize: 'Gold (de)',
      paid_places: 3,
      leaderboard: { tournament_id: row.id, participants: 0, top: [], own: null },
      results: [],
      server_seed_hash: 'committed-hash',
      server_seed: null,
      client_seed: null,
    })
  })

  it('shows a running board with the player’s own row, and no seeds yet', async () => {
    const row = await insertTournament(db())
    const client = await aPlayer('Alex')
    const rival = await createPlayer(db(), { firstName: 'Sam' })
    const rivalEntry = await insertEntry(db(), row.id, rival.id, {
      score: 900n,
      reachedAt: new Date(Date.now() - 60_000),
      bets: 4,
    })
    const ownEntry = await insertEntry(db(), row.id, client.id, {
      score: 300n,
      reachedAt: new Date(Date.now() - 30_000),
      bets: 2,
    })
    const data = await details(row.id, client)
    expect(data.joined).toBe(true)
    expect(data.participants).toBe(2)
    expect(data.leaderboard.top).toEqual([
      expect.objectContaining({ place: 1, entry_id: rivalEntry, player: 'Sam T.', score: '900' }),
      expect.objectContaining({ place: 2, entry_id: ownEntry, player: 'Alex T.', is_own: true }),
    ])
    expect(data.leaderboard.own).toMatchObject({ place: 2, entry_id: ownEntry, bets: 2 })
    expect(data.server_seed).toBeNull()
    expect(data.results).toEqual([])
  })

  it('shows a finished one’s results, the player’s own unpaid place and the seeds', async () => {
    const row = await insertTournament(db(), { phase: 'finished' })
    const winners = await Promise.all(
      ['Ana', 'Ben', 'Cy'].map((name) => createPlayer(db(), { firstName: name })),
    )
    const client = await aPlayer('Dee')
    const scores = [500n, 400n, 400n, 100n]
    const entrants = [...winners.map((player) => player.id), client.id]
    const entries: string[] = []
    for (const [index, playerId] of entrants.entries()) {
      entries.push(
        await insertEntry(db(), row.id, playerId, {
          score: scores[index] ?? 0n,
          reachedAt: new Date(Date.now() - 2 * 3_600_000 + 60_000),
        }),
      )
    }
    const prizes = [
      { kind: 'coins', coinsMinor: '50000' },
      { kind: 'coins', coinsMinor: '10000' },
      { kind: 'coins', coinsMinor: '10000' },
      null,
    ] as const
    for (const [index, playerId] of entrants.entries()) {
      await insertResult(db(), {
        tournamentId: row.id,
        place: index + 1,
        entryId: entries[index] ?? '',
        playerId,
        score: scores[index] ?? 0n,
        prize: prizes[index] ?? null,
        byDraw: index === 1 || index === 2,
      })
    }
    const data = await details(row.id, client, 'fr')
    expect(data.phase).toBe('finished')
    expect(data.server_seed).toBe('revealed-server-seed')
    expect(data.client_seed).toBe('revealed-client-seed')
    expect(data.results).toEqual([
      {
        place: 1,
        player: 'Ana T.',
        score: '500',
        label: 'Gold (fr)',
        prize: { kind: 'coins', coinsMinor: '50000' },
        by_draw: false,
        is_own: false,
      },
      {
        place: 2,
        player: 'Ben T.',
        score: '400',
        label: 'Silver (fr)',
        prize: { kind: 'coins', coinsMinor: '10000' },
        by_draw: true,
        is_own: false,
      },
      {
        place: 3,
        player: 'Cy T.',
        score: '400',
        label: 'Silver (fr)',
        prize: { kind: 'coins', coinsMinor: '10000' },
        by_draw: true,
        is_own: false,
      },
      {
        place: 4,
        player: 'Dee T.',
        score: '100',
        label: null,
        prize: null,
        by_draw: false,
        is_own: true,
      },
    ])
    expect(data.leaderboard.top.map((standing) => standing.place)).toEqual([1, 2, 3, 4])
    expect(data.leaderboard.own).toMatchObject({ place: 4, is_own: true })
    // A visitor sees only the paid places.
    const visitor = await details(row.id)
    expect(visitor.results.map((result) => result.place)).toEqual([1, 2, 3])
  })
})

describe('GET /tournaments/{id}/leaderboard', () => {
  it('shows the top rows and the player’s own place outside them', async () => {
    const row = await insertTournament(db())
    const client = await aPlayer('Own')
    const start = Date.now() - 50 * 60_000
    let ownEntry = ''
    // 15 entries with scores 1500, 1400, … 100; the player holds the 13th (300).
    for (let index = 0; index < 15; index++) {
      const playerId = index === 12 ? client.id : (await createPlayer(db())).id
      const entry = await insertEntry(db(), row.id, playerId, {
        score: BigInt((15 - index) * 100),
        reachedAt: new Date(start + index * 1000),
        bets: index + 1,
      })
      if (index === 12) ownEntry = entry
    }
    const board = dataOf(LeaderboardSchema, await get(`/tournaments/${row.id}/leaderboard`, client))
    const [after] = await db().select().from(tournaments).where(eq(tournaments.id, row.id))
    expect(board.tournament_id).toBe(row.id)
    expect(board.version).toBe(after?.leaderboardVersion)
    expect(board.participants).toBe(15)
    expect(board.top).toHaveLength(LEADERBOARD_TOP)
    expect(board.top.map((standing) => standing.place)).toEqual(
      Array.from({ length: LEADERBOARD_TOP }, (_, index) => index + 1),
    )
    expect(board.top.map((standing) => standing.score)).toEqual(
      Array.from({ length: LEADERBOARD_TOP }, (_, index) => String((15 - index) * 100)),
    )
    expect(board.top.some((standing) => standing.is_own)).toBe(false)
    expect(board.own).toMatchObject({
      place: 13,
      entry_id: ownEntry,
      score: '300',
      bets: 13,
      is_own: true,
    })
    expect(board.own?.reached_at).toBe(new Date(start + 12 * 1000).toISOString())

    const visitor = dataOf(LeaderboardSchema, await get(`/tournaments/${row.id}/leaderboard`))
    expect(visitor.own).toBeNull()
    expect(visitor.top).toHaveLength(LEADERBOARD_TOP)
  })

  it('places an entry that scored nothing after those that did, by when it joined', async () => {
    const row = await insertTournament(db())
    const client = await aPlayer()
    const scorer = await createPlayer(db())
    await insertEntry(db(), row.id, client.id)
    await insertEntry(db(), row.id, scorer.id, { score: 1n, reachedAt: new Date() })
    const board = dataOf(LeaderboardSchema, await get(`/tournaments/${row.id}/leaderboard`, client))
    expect(board.own).toMatchObject({ place: 2, score: '0', reached_at: null })
  })

  it('refuses a bad id, an unknown id and a disabled tournament', async () => {
    expectError(await get('/tournaments/x1/leaderboard'), 400, 'request.invalid')
    expectError(await get('/tournaments/99999999/leaderboard'), 404, 'tournament.not_found')
    const disabled = await insertTournament(db(), { isEnabled: false })
    expectError(await get(`/tournaments/${disabled.id}/leaderboard`), 404, 'tournament.not_found')
  })
})

// Last in the file: it fills the finished list with tournaments ending after every other's.
describe('the finished list’s length', () => {
  it(`lists the ${String(FINISHED_LISTED)} latest finished ones, newest first`, async () => {
    const rows: TournamentRow[] = []
    for (let index = 0; index < FINISHED_LISTED + 1; index++) {
      rows.push(
        await insertTournament(db(), {
          phase: 'finished',
          // Ends later than any other test's, a minute apart.
          endsAt: new Date(Date.now() + (index + 1) * 60_000),
        }),
      )
    }
    const data = await list()
    expect(ids(data.finished)).toEqual(
      rows
        .slice(1)
        .reverse()
        .map((row) => row.id),
    )
  })
})
