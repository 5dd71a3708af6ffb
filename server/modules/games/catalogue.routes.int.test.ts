import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import { seedGameList, seedGames } from '#db/seed/games.ts'
import type { CatalogueGame, CataloguePage, GameDetail } from './catalogue.contract.ts'

let t: TestApp
const COUNTRY = 'x-test-country'
beforeAll(async () => {
  t = await buildTestApp({ env: { COUNTRY_HEADER: COUNTRY } })
})

const list = (query: string, country?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/games/catalogue?${query}`,
    headers: { ...API_HEADERS, ...(country && { [COUNTRY]: country }) },
  })
const page = async (query: string, country?: string) => {
  const response = await list(query, country)
  expect(response.statusCode).toBe(200)
  return response.json<{ data: CataloguePage }>().data
}

describe('the seeded catalogue', () => {
  it('holds at least 60 titles in every category, with stake limits in every currency', async () => {
    const all = await page('pageSize=100')
    expect(all.total).toBeGreaterThanOrEqual(60)
    for (const category of [
      'Live Casino',
      'Slots',
      'Table Games',
      'Crash',
      'Originals',
      'New',
      'Popular',
    ]) {
      const listed = await page(`category=${encodeURIComponent(category)}`)
      expect(listed.total, category).toBeGreaterThan(0)
    }
    const dice = (
      await t.app.inject({ method: 'GET', url: '/games/catalogue/dice', headers: API_HEADERS })
    ).json<{ data: GameDetail }>().data
    expect(dice).toMatchObject({
      kind: 'original',
      engine: 'dice',
      rtp_bp: 9900,
      provider_id: 'aurum-originals',
    })
    expect(dice.stake_limits.find((limit) => limit.currency === 'EUR')).toEqual({
      currency: 'EUR',
      min: '10',
      max: '100000',
    })
    expect(dice.stake_limits.length).toBeGreaterThan(10)
  })

  it('seeds again without change (idempotent)', async () => {
    const before = await page('pageSize=100')
    await t.database.db.transaction((tx) => seedGames(tx))
    const after = await page('pageSize=100')
    expect(after.total).toBe(before.total)
    expect(after.total).toBe(seedGameList().length)
  })
})

describe('GET /games/catalogue', () => {
  it('filters by category name or slug, provider, search and liveness', async () => {
    const byName = await page('category=Table%20Games&pageSize=100')
    const bySlug = await page('category=table-games&pageSize=100')
    expect(byName.games.map((g) => g.slug)).toEqual(bySlug.games.map((g) => g.slug))
    expect(byName.games.every((g) => g.categories.includes('table-games'))).toBe(true)

    const studio = await page('provider=golden-reel&pageSize=100')
    expect(studio.total).toBeGreaterThan(5)
    expect(studio.games.every((g) => g.provider_name === 'Golden Reel Studio')).toBe(true)

    const search = await page('q=FOX')
    expect(search.games.map((g) => g.title)).toEqual(
      expect.arrayContaining(['Fox Tales', 'Rocket Fox']),
    )
    expect(search.games.every((g) => g.title.toLowerCase().includes('fox'))).toBe(true)

    const live = await page('live=true&pageSize=100')
    expect(live.games.every((g) => g.is_live)).toBe(true)
    expect(live.games.map((g) => g.slug)).toEqual(
      expect.arrayContaining(['crash', 'live-roulette']),
    )
  })

  it('sorts by popularity, release date and title, and pages', async () => {
    const popular = await page('sort=popular&pageSize=100')
    const scores = popular.games.map((g) => g.popularity)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const fresh = await page('sort=new&pageSize=100')
    const dates = fresh.games.map((g) => g.release_date)
    expect(dates).toEqual([...dates].sort().reverse())
    const az = await page('sort=az&pageSize=100')
    const titles = az.games.map((g) => g.title.toLowerCase())
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))

    const first = await page('sort=az&pageSize=10&page=0')
    const second = await page('sort=az&pageSize=10&page=1')
    expect(first.games).toHaveLength(10)
    expect(second.games.map((g) => g.slug)).toEqual(az.games.slice(10, 20).map((g) => g.slug))
    const beyond = await page('sort=az&pageSize=10&page=50')
    expect(beyond).toMatchObject({ games: [], total: az.total })
  })

  it('hides games restricted in the visitor’s country, in lists, providers and by slug', async () => {
    const britain = await page('q=Pharaoh', 'GB')
    expect(britain.total).toBe(0)
    const finland = await page('q=Pharaoh', 'FI')
    expect(finland.total).toBe(1)
    const hidden = await t.app.inject({
      method: 'GET',
      url: '/games/catalogue/pharaohs-gold',
      headers: { ...API_HEADERS, [COUNTRY]: 'GB' },
    })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toMatchObject({
      success: false,
      errors: { code: 'catalogue.game_not_found' },
    })
  })

  it('treats % and _ in a search as letters', async () => {
    expect((await page('q=%25')).total).toBe(0)
    expect((await page('q=_')).total).toBe(0)
  })

  it('answers nothing for an unknown category or provider', async () => {
    expect((await page('category=Bingo%20Halls')).total).toBe(0)
    expect((await page('provider=nobody')).total).toBe(0)
  })

  it.each([
    ['sort=cheapest'],
    ['page=-1'],
    ['pageSize=0'],
    ['pageSize=101'],
    ['page=abc'],
    ['category=%3Cscript%3E'],
    ['provider=Golden%20Reel'],
    ['live=yes'],
    [`q=${'x'.repeat(61)}`],
  ])('refuses %s with 400', async (query) => {
    const response = await list(query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false })
  })

  it('needs the API marker header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/games/catalogue' })
    expect(response.statusCode).not.toBe(200)
  })
})

describe('GET /games/providers and /games/catalogue/:slug', () => {
  it('lists the studios with their visible games', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/games/providers',
      headers: API_HEADERS,
    })
    const { providers } = response.json<{
      data: { providers: { id: string; name: string; games: number }[] }
    }>().data
    expect(providers[0]).toMatchObject({ id: 'aurum-originals', name: 'Aurum Originals', games: 4 })
    expect(providers.map((p) => p.id)).toContain('demo-studio')
    const live = await t.app.inject({
      method: 'GET',
      url: '/games/providers?live=true',
      headers: API_HEADERS,
    })
    const liveIds = live
      .json<{ data: { providers: { id: string }[] } }>()
      .data.providers.map((p) => p.id)
    expect(liveIds).toContain('aurum-live')
    expect(liveIds).not.toContain('aurum-originals')
  })

  it.each([
    ['unknown-game', 404],
    ['Dice', 400],
    ['a%20b', 400],
    ['x'.repeat(81), 400],
  ])('answers /games/catalogue/%s with %i', async (slug, status) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/games/catalogue/${slug}`,
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(status)
  })
})

describe('GET /games/art/:file', () => {
  it('draws the same SVG for a game every time, cached for a year', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/games/art/dice.svg' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toContain('image/svg+xml')
    expect(first.headers['cache-control']).toContain('max-age=31536000')
    expect(first.body).toContain('<svg')
    expect(first.body).toContain('Dice')
    const again = await t.app.inject({ method: 'GET', url: '/games/art/dice.svg' })
    expect(again.body).toBe(first.body)
  })

  it.each(['nothing.svg', 'dice.png', '..%2Fsecret.svg', 'DICE.svg'])(
    'answers %s with 404',
    async (file) => {
      const response = await t.app.inject({ method: 'GET', url: `/games/art/${file}` })
      expect(response.statusCode).toBe(404)
    },
  )
})

describe('recently played (spec §7)', () => {
  const recent = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/player/get-recently-played-games', headers })
  const mark = (headers: Record<string, string>, payload: unknown, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/${lang}/player/update-recently-played-json`,
      headers,
      payload: payload as Record<string, unknown>,
    })

  it('records games by slug or id, newest first, once each', async () => {
    const client = await signIn(t.app, await createPlayer(t.database.db))
    expect(
      (await recent(client.headers)).json<{ data: { games: CatalogueGame[] } }>().data.games,
    ).toEqual([])
    expect((await mark(client.headers, { slug: 'dice' })).statusCode).toBe(200)
    const detail = (
      await t.app.inject({ method: 'GET', url: '/games/catalogue/crash', headers: API_HEADERS })
    ).json<{ data: GameDetail }>().data
    const answer = await mark(client.headers, { game_id: detail.id })
    expect(
      answer.json<{ data: { games: CatalogueGame[] } }>().data.games.map((g) => g.slug),
    ).toEqual(['crash', 'dice'])
    await mark(client.headers, { slug: 'dice' })
    const games = (await recent(client.headers)).json<{ data: { games: CatalogueGame[] } }>().data
      .games
    expect(games.map((g) => g.slug)).toEqual(['dice', 'crash'])
  })

  it('keeps only the newest 20', async () => {
    const client = await signIn(t.app, await createPlayer(t.database.db))
    const slugs = seedGameList()
      .slice(0, 22)
      .map((g) => g.slug)
    for (const slug of slugs) expect((await mark(client.headers, { slug })).statusCode).toBe(200)
    const games = (await recent(client.headers)).json<{ data: { games: CatalogueGame[] } }>().data
      .games
    expect(games).toHaveLength(20)
    expect(games[0]?.slug).toBe(slugs.at(-1))
    expect(games.map((g) => g.slug)).not.toContain(slugs[0])
  })

  it('keeps each player’s list to themselves', async () => {
    const one = await signIn(t.app, await createPlayer(t.database.db))
    const two = await signIn(t.app, await createPlayer(t.database.db))
    await mark(one.headers, { slug: 'mines' })
    expect(
      (await recent(two.headers)).json<{ data: { games: CatalogueGame[] } }>().data.games,
    ).toEqual([])
  })

  it('needs a signed-in player for both calls', async () => {
    expect((await recent({ ...API_HEADERS })).statusCode).toBe(401)
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    const cookie = visitor.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const token = visitor.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
    const response = await mark({ ...API_HEADERS, cookie, 'x-csrf-token': token }, { slug: 'dice' })
    expect(response.statusCode).toBe(401)
  })

  it('refuses a write without the CSRF token', async () => {
    const client = await signIn(t.app, await createPlayer(t.database.db))
    const { 'x-csrf-token': _token, ...headers } = client.headers
    const response = await mark(headers, { slug: 'dice' })
    expect(response.statusCode).toBe(403)
    expect(
      (await recent(client.headers)).json<{ data: { games: CatalogueGame[] } }>().data.games,
    ).toEqual([])
  })

  it.each([
    [{}, 400],
    [{ slug: 'dice', game_id: '0190b3a4-0000-7000-8000-000000000000' }, 400],
    [{ game_id: 'not-a-uuid' }, 400],
    [{ slug: 'Not A Slug' }, 400],
    [{ slug: 42 }, 400],
    [{ slug: 'no-such-game' }, 404],
    [{ game_id: '0190b3a4-0000-7000-8000-000000000000' }, 404],
  ])('answers %j with %i and records nothing', async (payload, status) => {
    const client = await signIn(t.app, await createPlayer(t.database.db))
    const response = await mark(client.headers, payload)
    expect(response.statusCode).toBe(status)
    expect(response.json()).toMatchObject({ success: false })
    expect(
      (await recent(client.headers)).json<{ data: { games: CatalogueGame[] } }>().data.games,
    ).toEqual([])
  })

  it('refuses a malformed locale', async () => {
    const client = await signIn(t.app, await createPlayer(t.database.db))
    expect((await mark(client.headers, { slug: 'dice' }, 'EN!')).statusCode).not.toBe(200)
  })
})
