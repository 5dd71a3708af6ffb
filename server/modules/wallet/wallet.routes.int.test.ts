import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { WalletEntry } from './wallet.contract.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const credit = (playerId: string, currency: CurrencyCode, amountMinor: bigint) =>
  fundPlayer(t.database.db, playerId, currency, amountMinor)

const call = (
  client: SignedInClient | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: client?.headers ?? API_HEADERS,
    ...(payload && { payload }),
  })

describe('GET /player/wallet', () => {
  it('lists the current currency first, at zero before any deposit', async () => {
    const player = await createPlayer(t.database.db, { currency: 'USD' })
    const client = await signIn(t.app, player)
    const response = await call(client, 'GET', '/player/wallet')
    expect(response.statusCode).toBe(200)
    expect(response.json<{ data: WalletEntry[] }>().data).toEqual([
      { currency_id: 'USD', cents: '0', bonus_cents: '0', held_cents: '0', is_current: true },
    ])
  })

  it('shows every currency held, in minor units', async () => {
    const player = await createPlayer(t.database.db)
    await credit(player.id, 'EUR', 12_345n)
    await credit(player.id, 'BTC', 150_000n)
    const client = await signIn(t.app, player)
    const { data } = (await call(client, 'GET', '/player/wallet')).json<{ data: WalletEntry[] }>()
    expect(data).toEqual([
      { currency_id: 'EUR', cents: '12345', bonus_cents: '0', held_cents: '0', is_current: true },
      { currency_id: 'BTC', cents: '150000', bonus_cents: '0', held_cents: '0', is_current: false },
    ])
  })

  it('needs a signed-in player and the marker header', async () => {
    expect((await call(undefined, 'GET', '/player/wallet')).statusCode).toBe(401)
    const response = await t.app.inject({ method: 'GET', url: '/player/wallet' })
    expect(response.statusCode).toBe(400)
  })
})

describe('opening and switching wallets', () => {
  it('opens a currency at zero, once, and makes it current', async () => {
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    for (let round = 0; round < 2; round++) {
      const opened = await call(client, 'POST', '/player/wallet/open', { currency: 'ETH' })
      expect(opened.statusCode).toBe(200)
      expect(opened.json<{ data: WalletEntry[] }>().data.map((entry) => entry.currency_id)).toEqual(
        ['EUR', 'ETH'],
      )
    }
    const switched = await call(client, 'POST', '/player/wallet/switch', { currency: 'ETH' })
    expect(switched.statusCode).toBe(200)
    expect(
      switched.json<{ data: WalletEntry[] }>().data.find((entry) => entry.is_current),
    ).toMatchObject({
      currency_id: 'ETH',
    })
    const info = await call(client, 'GET', '/player/info')
    expect(info.json<{ data: { currency: string } }>().data.currency).toBe('ETH')
  })

  it('refuses a switch to a currency not opened, and unknown currencies', async () => {
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    const notOpen = await call(client, 'POST', '/player/wallet/switch', { currency: 'PLN' })
    expect(notOpen.statusCode).toBe(409)
    expect(notOpen.json()).toMatchObject({ success: false, errors: { code: 'wallet.not_open' } })
    expect(notOpen.json<{ message: string }>().message).toContain('PLN')
    for (const payload of [{ currency: 'XYZ' }, { currency: 5 }, {}, { currency: 'eur' }]) {
      const response = await call(client, 'POST', '/player/wallet/open', payload)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, errors: { code: 'request.invalid' } })
    }
    const { data } = (await call(client, 'GET', '/player/wallet')).json<{ data: WalletEntry[] }>()
    expect(data.map((entry) => entry.currency_id)).toEqual(['EUR'])
  })

  it('needs the CSRF token to open or switch', async () => {
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    const response = await t.app.inject({
      method: 'POST',
      url: '/player/wallet/open',
      headers: { ...API_HEADERS, cookie: client.cookie },
      payload: { currency: 'USD' },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('player info', () => {
  it('shows the current wallet’s cash as available to withdraw, at once after a change', async () => {
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    const info = async () =>
      (await call(client, 'GET', '/player/info')).json<{
        data: { availableToWithdraw: string; totalDepositAmounts: string }
      }>().data
    expect(await info()).toMatchObject({ availableToWithdraw: '0', totalDepositAmounts: '0' })
    await credit(player.id, 'EUR', 2_500n)
    // A credit announced on the bus drops the cached copy (here, as a deposit or bet would).
    await t.app.bus.publish('player.changed', { playerId: player.id })
    expect((await info()).availableToWithdraw).toBe('2500')
    // Money in another currency is not the current wallet's.
    await credit(player.id, 'USD', 9_999n)
    await t.app.bus.publish('player.changed', { playerId: player.id })
    expect((await info()).availableToWithdraw).toBe('2500')
  })
})

it('keeps the books balanced', async () => {
  expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
})
