import { beforeAll, describe, expect, inject, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import { addPlayableTitles } from '#tests/factories/games.ts'

// The lobby and game pages rendered from the production build the test run made.
const COUNTRY = 'x-test-country'
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    ssr: { mode: 'production', buildDir: inject('pagesBuildDir') },
    env: { COUNTRY_HEADER: COUNTRY },
  })
  // Enough titles for a few pages of the lobby.
  await addPlayableTitles(t.database.db, 40)
}, 60_000)

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const tiles = (html: string) => html.match(/data-testid="game-tile"/g)?.length ?? 0
const titleOf = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''

describe('lobby pages', () => {
  it('render the first 24 games of a listing on the server, with "show more"', async () => {
    const response = await page('/en/lobby/c/All/')
    expect(response.statusCode).toBe(200)
    expect(tiles(response.body)).toBe(24)
    expect(response.body).toMatch(/24 of \d+ games/)
    expect(response.body).toContain('data-testid="show-more"')
    expect(response.body).toContain('src="/games/art/')
    expect(tiles((await page('/en/lobby/c/All/?show=48')).body)).toBe(48)
  })

  it('filter by category, provider and search, and list live games in the live section', async () => {
    expect(tiles((await page('/en/lobby/c/Live%20Casino/')).body)).toBe(2)
    const studio = await page('/en/lobby/p/demo-studio/')
    expect(titleOf(studio.body)).toContain('Demo Studio')
    expect(tiles(studio.body)).toBeGreaterThan(5)
    const live = await page('/en/live/c/Live%20Casino/')
    expect(live.body).toContain('href="/en/game/crash/"')
    expect(live.body).not.toContain('href="/en/game/dice/"')
    const search = await page('/en/lobby/c/All/?q=neon&sort=az')
    expect(search.body).toContain('Neon Nights')
    expect(search.body).not.toContain('href="/en/game/dice/"')
  })

  it('show an empty state for no results, an unknown category or an unknown provider', async () => {
    for (const url of ['/en/lobby/c/All/?q=zzzz', '/en/lobby/c/Bingo/', '/en/lobby/p/NetEnt/']) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(200)
      expect(tiles(response.body), url).toBe(0)
    }
    expect((await page('/en/lobby/c/All/?q=zzzz')).body).toContain('No games found')
  })

  it('ignore nonsense in the query instead of failing', async () => {
    for (const query of [
      'sort=cheapest',
      'show=-5',
      'show=abc',
      'show=99999',
      `q=${'x'.repeat(300)}`,
    ]) {
      const response = await page(`/en/lobby/c/All/?${query}`)
      expect(response.statusCode, query).toBe(200)
    }
    expect(tiles((await page('/en/lobby/c/All/?show=99999')).body)).toBeLessThanOrEqual(240)
  })

  it('hide games restricted in the visitor’s country, even from the shared page cache', async () => {
    const britain = await page('/en/lobby/c/All/?q=cosmic', { [COUNTRY]: 'GB' })
    expect(britain.body).toContain('href="/en/game/cosmic-cash/"')
    const finland = await page('/en/lobby/c/All/?q=cosmic', { [COUNTRY]: 'FI' })
    expect(finland.body).not.toContain('href="/en/game/cosmic-cash/"')
    expect((await page('/en/game/cosmic-cash/', { [COUNTRY]: 'FI' })).statusCode).toBe(404)
    expect((await page('/en/game/cosmic-cash/', { [COUNTRY]: 'GB' })).statusCode).toBe(200)
  })

  it('lay out right to left in Arabic with translated categories', async () => {
    const response = await page('/ar-en/lobby/c/Slots/')
    expect(response.body).toContain('dir="rtl"')
    expect(response.body).toContain('ماكينات القمار')
  })
})

describe('the game screen', () => {
  it('plays demo for a visitor, with the Dice game and its rules', async () => {
    const response = await page('/en/game/dice/')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('data-testid="demo-banner"')
    expect(response.body).toContain('data-testid="game-menu"')
    expect(titleOf(response.body)).toContain('Dice')
  })

  it('answers 404 for an unknown game', async () => {
    expect((await page('/en/game/no-such-game/')).statusCode).toBe(404)
  })

  it('records the games a signed-in player opens and shows them in the lobby', async () => {
    const client = await signIn(t.app, await createPlayer(t.database.db))
    const cookie = { cookie: client.cookie }
    expect((await page('/en/lobby/c/All/', cookie)).body).not.toContain(
      'data-testid="recently-played"',
    )
    expect((await page('/en/game/mines/', cookie)).statusCode).toBe(200)
    const game = await page('/en/game/dice/', cookie)
    expect(game.body).not.toContain('data-testid="demo-banner"')
    const lobby = (await page('/en/lobby/c/All/', cookie)).body
    const recent = lobby.slice(lobby.indexOf('data-testid="recently-played"'))
    expect(recent.indexOf('/en/game/dice/')).toBeGreaterThan(0)
    expect(recent.indexOf('/en/game/dice/')).toBeLessThan(recent.indexOf('/en/game/mines/'))
  })
})
