import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import { seedGameId, seedGameList, seedGames } from '#db/seed/games.ts'
import { demoStudioGames } from '../../../providers/demo-studio/studio.plugin.ts'
import { STUDIO_TITLES } from '../../../providers/demo-studio/sheet.ts'
import { games } from './catalogue.tables.ts'
import { markRecentlyPlayed, recentlyPlayedIds } from './recently-played.ts'
import type { CatalogueGame, CataloguePage, GameDetail } from './catalogue.contract.ts'

let t: TestApp
const COUNTRY = 'x-test-country'
/** Studio titles with a catalogue row that no studio here serves (a title a studio withdrew). */
const UNSERVED = ['golden-wheel-live', ...Array.from({ length: 20 }, (_, n) => `withdrawn-slot-${String(n)}`)]
beforeAll(async () => {
  t = await buildTestApp({ env: { COUNTRY_HEADER: COUNTRY } })
  await t.database.db.insert(games).values(
    UNSERVED.map((slug, index) => ({
      id: seedGameId(slug),
      slug,
      title: `Withdrawn ${String(index)}`,
      providerId: 'golden-reel',
      kind: 'provider' as const,
      engine: `golden-reel:${slug}`,
      categories: ['slots'],
      tags: ['video-slot'],
      rtpBp: 9600,
      volatility: 'medium' as const,
      releaseDate: '2024-01-01',
      popularity: 999,
      thumbnailUrl: `/games/art/${slug}.svg`,
    })),
  )
})

/** The Demo Studio's titles under its five brands. */
const STUDIO_CODES = Object.values(demoStudioGames).flat()

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

/** What this installation runs: the Originals, the live games and the Demo Studio's slots. */
const PLAYABLE = [
  'dice',
  'aurum-slots',
  'european-roulette',
  'mines',
  'crash',
  'live-roulette',
  ...STUDIO_CODES,
]

describe('the seeded catalogue', () => {
  it('lists only the titles this installation runs, in every category, with stake limits', async () => {
    const all = await page('pageSize=100')
    expect(all.games.map((g) => g.slug).sort()).toEqual([...PLAYABLE].sort())
    expect(all.total).toBe(PLAYABLE.length)
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

  it('lists every title of the studio’s sheet under its brand', async () => {
    expect(STUDIO_CODES).toHaveLength(STUDIO_TITLES.length)
    expect(STUDIO_TITLES.length).toBe(67)
    const all = await page('pageSize=100')
    for (const title of STUDIO_TITLES) {
      expect(all.games.find((g) => g.slug === title.code), title.code).toMatchObject({
        provider_id: title.brand,
        rtp_bp: title.stated.rtpBp,
        volatility: title.stated.volatility,
      })
    }
  })

  it('keeps a row for a code no studio here serves, unlisted and not found by slug', async () => {
    const rows = await t.database.db.select({ slug: games.slug }).from(games)
    expect(rows).toHaveLength(seedGameList().length + UNSERVED.length)
    const all = await page('pageSize=100')
    expect((await page('q=Withdrawn')).total).toBe(0)
    for (const slug of UNSERVED) {
      expect(all.games.map((g) => g.slug)).not.toContain(slug)
      const response = await t.app.inject({
        method: 'GET',
        url: `/games/catalogue/${slug}`,
        headers: API_HEADERS,
      })
      expect(response.statusCode, slug).toBe(404)
    }
  })

  it('seeds again without change (idempotent)', async () => {
    const before = await page('pageSize=100')
    await t.database.db.transaction((tx) => seedGames(tx))
    const after = await page('pageSize=100')
    expect(after.total).toBe(before.total)
    expect((await t.database.db.select({ slug: games.slug }).from(games)).length).toBe(
      seedGameList().length + UNSERVED.length,
    )
  })
})

describe('every title the catalogue lists launches here', () => {
  /** The call each of our engines takes its bets at. */
  const ENGINE_ROUTES: Record<string, string> = {
    dice: '/games/originals/dice/bet',
    slots: '/games/originals/slots/spin',
    roulette: '/games/originals/roulette/spin',
    mines: '/games/originals/mines/start',
    crash: '/games/live/crash/bet',
    live_roulette: '/games/live/live_roulette/bet',
  }

  it('serves each Original and live engine, and opens each studio title in demo', async () => {
    const all = await page('pageSize=100')
    expect(all.games.length).toBeGreaterThan(0)
    const csrf = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
    const visitor = {
      ...API_HEADERS,
      cookie: csrf.cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
      'x-csrf-token': csrf.json<{ '_csrf-frontend': string }>()['_csrf-frontend'],
    }
    for (const game of all.games) {
      if (game.kind === 'provider') {
        const launch = await t.app.inject({
          method: 'POST',
          url: '/games/provider/launch',
          headers: visitor,
          payload: { slug: game.slug, mode: 'demo', locale: 'en' },
        })
        expect(launch.json(), game.slug).not.toMatchObject({
          errors: { code: 'games.launch_unavailable' },
        })
        expect(launch.statusCode, `${game.slug} ${launch.body}`).toBe(200)
        const url = launch.json<{ data: { url: string } }>().data.url
        const frame = await t.app.inject({ method: 'GET', url })
        expect(frame.statusCode, url).toBe(200)
      } else {
        const route = ENGINE_ROUTES[game.engine]
        expect(route, game.slug).toBeDefined()
        expect(t.app.hasRoute({ method: 'POST', url: route ?? '' }), game.slug).toBe(true)
        if (game.kind === 'live') {
          const state = await t.app.inject({
            method: 'GET',
            url: `/games/live/${game.engine}/state`,
            headers: API_HEADERS,
          })
          expect(state.statusCode, game.slug).toBe(200)
        }
      }
    }
  })
})

describe('with the Demo Studio off', () => {
  let off: TestApp
  beforeAll(async () => {
    off = await buildTestApp({ env: { DEMO_STUDIO: 'false' } })
  })
  const get = async <T>(url: string) => {
    const response = await off.app.inject({ method: 'GET', url, headers: API_HEADERS })
    expect(response.statusCode, url).toBe(200)
    return response.json<{ data: T }>().data
  }

  it('lists, counts and searches only our own games, and drops the studio', async () => {
    const all = await get<CataloguePage>('/games/catalogue?pageSize=100')
    expect(all.games.map((g) => g.slug).sort()).toEqual(
      ['aurum-slots', 'crash', 'dice', 'european-roulette', 'live-roulette', 'mines'].sort(),
    )
    expect(all.total).toBe(6)
    const { providers } = await get<{ providers: { id: string; games: number }[] }>(
      '/games/providers',
    )
    expect(providers).toEqual([
      { id: 'aurum-originals', name: 'Aurum Originals', games: 4 },
      { id: 'aurum-live', name: 'Aurum Live', games: 2 },
    ])
    const slots = await get<CataloguePage>('/games/catalogue?category=Slots&pageSize=100')
    expect(slots.games.map((g) => g.slug)).toEqual(['aurum-slots'])
    expect((await get<CataloguePage>('/games/catalogue?provider=demo-studio')).total).toBe(0)
    expect((await get<CataloguePage>('/games/catalogue?q=neon')).total).toBe(0)
    const live = await get<CataloguePage>('/games/catalogue?live=true&pageSize=100')
    expect(live.games.map((g) => g.slug).sort()).toEqual(['crash', 'live-roulette'])
    const gone = await off.app.inject({
      method: 'GET',
      url: '/games/catalogue/neon-nights',
      headers: API_HEADERS,
    })
    expect(gone.statusCode).toBe(404)
  })
})

describe('GET /games/catalogue', () => {
  it('filters by category name or slug, provider, search and liveness', async () => {
    const byName = await page('category=Table%20Games&pageSize=100')
    const bySlug = await page('category=table-games&pageSize=100')
    expect(byName.games.map((g) => g.slug)).toEqual(bySlug.games.map((g) => g.slug))
    expect(byName.games.every((g) => g.categories.includes('table-games'))).toBe(true)

    const studio = await page('provider=demo-studio&pageSize=100')
    expect(studio.total).toBe(demoStudioGames['demo-studio'].length)
    expect(studio.games.every((g) => g.provider_name === 'Demo Studio')).toBe(true)
    const northern = await page('provider=northern-lights&pageSize=100')
    expect(northern.games.map((g) => g.slug).sort()).toEqual([...demoStudioGames['northern-lights']].sort())

    const search = await page('q=SPI')
    expect(search.games.map((g) => g.title)).toEqual(
      expect.arrayContaining(['Starlight Spins', 'Samurai Spirit']),
    )
    expect(search.games.every((g) => g.title.toLowerCase().includes('spi'))).toBe(true)
    const byStudio = await page('q=demo%20stud&pageSize=100')
    expect(byStudio.total).toBe(demoStudioGames['demo-studio'].length)

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
    const finland = await page('q=Cosmic', 'FI')
    expect(finland.total).toBe(0)
    const britain = await page('q=Cosmic', 'GB')
    expect(britain.total).toBe(1)
    const hidden = await t.app.inject({
      method: 'GET',
      url: '/games/catalogue/cosmic-cash',
      headers: { ...API_HEADERS, [COUNTRY]: 'FI' },
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
    // A studio with no title served here has nothing to show (docs/decisions/010-catalogue-lists-what-plays.md).
    // The unserved rows of golden-reel count for nothing.
    expect(providers).toEqual([
      { id: 'aurum-originals', name: 'Aurum Originals', games: 4 },
      { id: 'aurum-live', name: 'Aurum Live', games: 2 },
      { id: 'northern-lights', name: 'Northern Lights Gaming', games: demoStudioGames['northern-lights'].length },
      { id: 'golden-reel', name: 'Golden Reel Studio', games: demoStudioGames['golden-reel'].length },
      { id: 'red-fox', name: 'Red Fox Games', games: demoStudioGames['red-fox'].length },
      { id: 'blue-harbour', name: 'Blue Harbour Interactive', games: demoStudioGames['blue-harbour'].length },
      { id: 'demo-studio', name: 'Demo Studio', games: demoStudioGames['demo-studio'].length },
    ])
    expect(providers.slice(2).map((p) => p.games)).toEqual([14, 13, 13, 13, 14])
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

describe('recently played', () => {
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

  it('keeps only the newest 20, leaving out titles not served here any more', async () => {
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    // Titles played while their studio served them (it has gone since), then two of ours.
    const gone = seedGameList()
      .map((g) => g.slug)
      .filter((slug) => !PLAYABLE.includes(slug))
      .concat(UNSERVED)
      .slice(0, 20)
    expect(gone.length).toBeGreaterThan(0)
    for (const slug of gone) await markRecentlyPlayed(t.database.db, player.id, seedGameId(slug))
    const slugs = [...gone, ...PLAYABLE.slice(0, 2)]
    for (const slug of PLAYABLE.slice(0, 2)) {
      expect((await mark(client.headers, { slug })).statusCode).toBe(200)
    }
    // A title not served here cannot be recorded.
    const refused = await mark(client.headers, { slug: gone[0] })
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toMatchObject({ errors: { code: 'catalogue.game_not_found' } })
    const games = (await recent(client.headers)).json<{ data: { games: CatalogueGame[] } }>().data
      .games
    expect(games.map((g) => g.slug)).toEqual([PLAYABLE[1], PLAYABLE[0]])
    const stored = await recentlyPlayedIds(t.database.db, player.id)
    expect(stored).toHaveLength(20)
    expect(stored).not.toContain(seedGameId(slugs[0] ?? ''))
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
