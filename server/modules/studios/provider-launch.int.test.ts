import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { takeBreak } from '#tests/helpers/protection.ts'

// The studio launch hands the studio the game rules of the player's jurisdiction, and a barred
// player gets the bar's refusal instead of a game whose every bet would be refused. The Demo
// Studio's page then spins no faster than those rules allow.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const GAME = 'starlight-spins'

/** A browser with its session and CSRF token; `country` is where it is now (the test header). */
async function browser(client: SignedInClient | null, country?: string) {
  if (client) return { ...client.headers, ...(country && { 'x-test-country': country }) }
  const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const token = response.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
  return {
    ...API_HEADERS,
    cookie,
    'x-csrf-token': token,
    ...(country && { 'x-test-country': country }),
  }
}

async function launch(
  client: SignedInClient | null,
  payload: Record<string, unknown>,
  country?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/games/provider/launch',
    headers: await browser(client, country),
    payload: { slug: GAME, mode: 'real', currency: 'EUR', locale: 'en', ...payload },
  })
}

/** The game rules a launch answer's address carries. */
function rulesOf(answer: Awaited<ReturnType<typeof launch>>) {
  expect(answer.statusCode, answer.body).toBe(200)
  const url = new URL(answer.json<{ data: { url: string } }>().data.url, 'http://x')
  return {
    minCycleMs: url.searchParams.get('slot_min_cycle_ms'),
    autoplay: url.searchParams.get('slot_autoplay'),
    turbo: url.searchParams.get('slot_turbo'),
  }
}

async function playerIn(country: string) {
  const player = await createPlayer(t.database.db, { country })
  await fundPlayer(t.database.db, player.id, 'EUR', 10_000n)
  return { player, client: await signIn(t.app, player) }
}

const UK_RULES = { minCycleMs: '2500', autoplay: '0', turbo: '0' }
const NO_RULES = { minCycleMs: '0', autoplay: '1', turbo: '1' }

describe('the jurisdiction’s game rules in the studio launch', () => {
  it('a UK player’s game opens with a 2.5 s minimum spin, no autoplay and no turbo', async () => {
    const { client } = await playerIn('GB')
    expect(rulesOf(await launch(client, {}))).toEqual(UK_RULES)
    expect(rulesOf(await launch(client, { mode: 'demo' }))).toEqual(UK_RULES)
  })

  it('a player registered elsewhere gets no such rules, wherever they are now', async () => {
    const { client } = await playerIn('FI')
    expect(rulesOf(await launch(client, {}, 'GB'))).toEqual(NO_RULES)
    // Malta asks for reality checks, not for slower slots.
    const malta = await playerIn('MT')
    expect(rulesOf(await launch(malta.client, {}))).toEqual(NO_RULES)
  })

  it('a visitor’s demo follows the country they are in', async () => {
    expect(rulesOf(await launch(null, { mode: 'demo' }, 'GB'))).toEqual(UK_RULES)
    expect(rulesOf(await launch(null, { mode: 'demo' }, 'FI'))).toEqual(NO_RULES)
  })
})

describe('a barred player’s launch', () => {
  it('refuses real play during a time-out with the bar’s message, and still opens the demo', async () => {
    const { player, client } = await playerIn('FI')
    // Signing in made the player's row; the break is written into it.
    await takeBreak(t.database.db, player.id, 'time_out', '24h')
    const refused = await launch(client, {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      success: false,
      errors: { code: 'protection.time_out' },
    })
    expect(refused.json<{ message: string }>().message).toMatch(/ends in 1 day|ends in 24 hours/)
    expect(rulesOf(await launch(client, { mode: 'demo' }))).toEqual(NO_RULES)
  })
})

describe('the Demo Studio’s spin cycle', () => {
  /** The page's configuration, as its script reads it. */
  async function pageConfig(query: string) {
    const page = await t.app.inject({
      method: 'GET',
      url: `/studio/demo/play/${GAME}?mode=demo&currency=EUR&lang=en${query}`,
    })
    expect(page.statusCode).toBe(200)
    const json = /<script type="application\/json" id="cfg"[^>]*>(.*?)<\/script>/s.exec(page.body)
    return JSON.parse(json?.[1] ?? '{}') as { minCycleMs: number }
  }

  it('has no minimum of its own, and lasts the minimum and a margin where a jurisdiction asks for one', async () => {
    expect((await pageConfig('')).minCycleMs).toBe(0)
    expect((await pageConfig('&slot_min_cycle_ms=0')).minCycleMs).toBe(0)
    expect((await pageConfig('&slot_min_cycle_ms=2500')).minCycleMs).toBe(2600)
    expect((await pageConfig('&slot_min_cycle_ms=4000')).minCycleMs).toBe(4100)
    const unreadable = await t.app.inject({
      method: 'GET',
      url: `/studio/demo/play/${GAME}?mode=demo&slot_min_cycle_ms=soon`,
    })
    expect(unreadable.statusCode).toBe(404)
  })
})
