import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, FACTORY_PASSWORD, type SignedInClient } from '#tests/factories/players.ts'
import { fundedClient } from '#tests/factories/wallet.ts'
import { accountBalance } from '#server/modules/ledger/index.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { SESSION_COOKIE } from '#server/plugins/session.ts'

// Sign-in, deposits, bets (Originals, live, a studio game's launch) and withdrawals are refused
// from a blocked country (the site's settings block US by default), as the CSRF fetch is; the
// country comes from the trusted header the test app is configured with.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const COUNTRY = 'x-test-country'
const BLOCKED = 'US'
const ALLOWED = 'FI'

/** Every call a blocked country may not make, with a body that would do its work elsewhere. */
const PLAY_CALLS: [string, Record<string, unknown>][] = [
  [
    '/games/originals/dice/bet',
    { amount: '100', currency: 'EUR', target: 5000, direction: 'under' },
  ],
  ['/games/originals/slots/spin', { amount: '100', currency: 'EUR' }],
  ['/games/originals/roulette/spin', { currency: 'EUR', bets: [{ kind: 'red', amount: '100' }] }],
  ['/games/originals/mines/start', { amount: '100', currency: 'EUR', mines: 3 }],
  ['/games/live/crash/bet', { amount: '100', currency: 'EUR' }],
  ['/games/live/live_roulette/bet', { currency: 'EUR', bets: [{ kind: 'red', amount: '100' }] }],
  [
    '/games/provider/launch',
    { slug: 'starlight-spins', mode: 'real', currency: 'EUR', locale: 'en' },
  ],
  ['/payment/deposit', { method_id: 'bank_transfer', currency: 'EUR', amount: '2500', fields: {} }],
]

const post = (
  client: SignedInClient,
  url: string,
  payload: Record<string, unknown>,
  country: string,
  cookie = '',
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...client.headers,
      [COUNTRY]: country,
      ...(cookie && { cookie: `${client.cookie}; ${cookie}` }),
    },
    payload: { client_request_id: randomUUID(), idempotency_key: randomUUID(), ...payload },
  })

async function footprint(playerId: string) {
  const cash = await accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' })
  const [betRows] = await t.database.db
    .select({ n: count() })
    .from(bets)
    .where(eq(bets.playerId, playerId))
  const [payments] = await t.database.db
    .select({ n: count() })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.playerId, playerId))
  return { cash, bets: betRows?.n, payments: payments?.n }
}

describe('a blocked country', () => {
  it('cannot bet, launch a studio game or deposit: 403, nothing changed', async () => {
    const { player, client } = await fundedClient(t, 100_00n)
    const before = await footprint(player.id)
    for (const [url, payload] of PLAY_CALLS) {
      const response = await post(client, url, payload, BLOCKED)
      expect(response.statusCode, url).toBe(403)
      expect(response.json(), url).toMatchObject({
        success: false,
        message:
          'Aurum is not available in the country you are in now: signing in, deposits and bets are closed from there.',
        errors: { code: 'geo.unavailable_in_country' },
      })
    }
    expect(await footprint(player.id)).toEqual(before)
    // From an allowed country the same Dice bet is taken.
    const [diceUrl, dice] = PLAY_CALLS[0] ?? ['', {}]
    expect((await post(client, diceUrl, dice, ALLOWED)).statusCode).toBe(200)
  })

  it('cannot sign in: 403, no session signed in', async () => {
    const player = await createPlayer(t.database.db)
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    const cookie = visitor.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
    const token = visitor.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
    const login = (country: string) =>
      t.app.inject({
        method: 'POST',
        url: '/login?json=1',
        headers: { ...API_HEADERS, cookie, 'x-csrf-token': token, [COUNTRY]: country },
        payload: { email: player.email, password: player.password },
      })
    const refused = await login(BLOCKED)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ errors: { code: 'geo.unavailable_in_country' } })
    expect(refused.cookies.find(({ name }) => name === SESSION_COOKIE)).toBeUndefined()
    const info = await t.app.inject({
      method: 'GET',
      url: '/player/info',
      headers: { ...API_HEADERS, cookie },
    })
    expect(info.json()).not.toMatchObject({ data: { id: player.id } })
    expect((await login(ALLOWED)).statusCode).toBe(200)
  })

  it('cannot withdraw, with a message saying the money is safe, in the player’s language', async () => {
    const { player, client } = await fundedClient(t, 100_00n)
    const withdrawal = {
      method_id: 'bank_transfer',
      currency: 'EUR',
      amount: '2500',
      fields: { iban: 'DE89370400440532013000', holder: 'Robin Tester' },
      // A destination the player has not used before asks for the password.
      password: FACTORY_PASSWORD,
    }
    const before = await footprint(player.id)
    const refused = await post(client, '/payment/withdraw', withdrawal, BLOCKED, 'aurum_locale=de')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('Ihr Guthaben bleibt sicher') as unknown,
      errors: { code: 'geo.withdrawal_unavailable_in_country' },
    })
    expect(await footprint(player.id)).toEqual(before)
    const allowed = await post(client, '/payment/withdraw', withdrawal, ALLOWED)
    expect(allowed.statusCode, allowed.body).toBe(200)
  })
})
