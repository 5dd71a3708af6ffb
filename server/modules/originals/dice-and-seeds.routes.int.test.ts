import { createHmac, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundPlayer, fundedClient as fundedClientOf } from '#tests/factories/wallet.ts'
import type { SignedInClient } from '#tests/factories/players.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { eq, sql } from 'drizzle-orm'
import { checkBooks } from '#server/modules/ledger/index.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import type { WireBet } from '../bets/index.ts'
import { fairnessSeeds } from './originals.tables.ts'
import { hashServerSeed } from './engines/fairness.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const fundedClient = (amountMinor?: bigint) => fundedClientOf(t, amountMinor)

const bet = (client: SignedInClient, overrides: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/games/originals/dice/bet',
    headers: client.headers,
    payload: {
      amount: '100',
      currency: 'EUR',
      target: 5000,
      direction: 'under',
      client_request_id: randomUUID(),
      ...overrides,
    },
  })

type BetAnswer = { data: { bet: WireBet; wallet: WalletEntry } }

describe('POST /games/originals/dice/bet', () => {
  it('takes the stake, pays a win and moves the wallet by exactly that', async () => {
    const { client } = await fundedClient()
    const response = await bet(client)
    expect(response.statusCode).toBe(200)
    const { bet: placed, wallet } = response.json<BetAnswer>().data
    const roll = placed.outcome.roll as number
    const isWin = roll < 5000
    expect(placed).toMatchObject({ game: 'dice', stake: '100', currency: 'EUR', nonce: 0 })
    expect(placed.win).toBe(isWin ? '198' : '0')
    expect(placed.multiplier).toBe(isWin ? '1.98' : '0.00')
    expect(wallet.cents).toBe(String(10_000 - 100 + (isWin ? 198 : 0)))
  })

  it('tells the engagement features about the settled bet, in its currency and in euro', async () => {
    const { player, client } = await fundedClient()
    const settled: DomainEvents['bet.settled'][] = []
    const stop = t.app.bus.subscribe('bet.settled', (event) => {
      if (event.playerId === player.id) settled.push(event)
    })
    try {
      const placed = (await bet(client)).json<BetAnswer>().data.bet
      // With Redis the event comes back through the channel a moment after the answer.
      await vi.waitFor(() => expect(settled).toHaveLength(1))
      expect(settled).toEqual([
        {
          playerId: player.id,
          betId: placed.id,
          gameId: 'dice',
          currency: 'EUR',
          stakeMinor: '100',
          payoutMinor: placed.win,
          stakeEurMinor: '100',
          payoutEurMinor: placed.win,
          multiplier: placed.multiplier,
        },
      ])
    } finally {
      stop()
    }
  })

  it('answers a repeated client request id with the first bet and moves nothing', async () => {
    const { client } = await fundedClient()
    const id = randomUUID()
    const first = (await bet(client, { client_request_id: id })).json<BetAnswer>().data
    const second = (await bet(client, { client_request_id: id })).json<BetAnswer>().data
    expect(second.bet.id).toBe(first.bet.id)
    expect(second.wallet.cents).toBe(first.wallet.cents)
  })

  it('refuses a stake above the balance and moves nothing', async () => {
    const { client } = await fundedClient(50n)
    const response = await bet(client, { amount: '51' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      success: false,
      errors: { code: 'games.insufficient_funds' },
      message: 'Your balance is too low for this stake. You have 0.50 EUR.',
    })
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/player/wallet',
      headers: client.headers,
    })
    expect(wallet.json<{ data: WalletEntry[] }>().data[0]?.cents).toBe('50')
  })

  it.each([
    [{ amount: '9' }, 'games.stake_below_min'],
    [{ amount: '100001' }, 'games.stake_above_max'],
    [{ target: 9900, direction: 'under' }, 'games.bet_invalid'],
    [{ currency: 'USD' }, 'games.currency_not_current'],
    [{ amount: '1.5' }, 'request.invalid'],
    [{ amount: '-100' }, 'request.invalid'],
    [{ target: 0 }, 'request.invalid'],
    [{ target: 50.5 }, 'request.invalid'],
    [{ direction: 'sideways' }, 'request.invalid'],
    [{ client_request_id: 'short' }, 'request.invalid'],
    [{ currency: 'XYZ' }, 'request.invalid'],
  ])('refuses %j with %s and moves nothing', async (overrides, code) => {
    const { client } = await fundedClient()
    const response = await bet(client, overrides)
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(response.json()).toMatchObject({ success: false, errors: { code } })
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/player/wallet',
      headers: client.headers,
    })
    expect(wallet.json<{ data: WalletEntry[] }>().data[0]?.cents).toBe('10000')
  })

  it('needs a signed-in player and the CSRF token', async () => {
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/games/originals/dice/bet',
      headers: API_HEADERS,
      payload: {},
    })
    expect([401, 403]).toContain(signedOut.statusCode)
    const { client } = await fundedClient()
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/games/originals/dice/bet',
      headers: { ...API_HEADERS, cookie: client.cookie },
      payload: {
        amount: '100',
        currency: 'EUR',
        target: 5000,
        direction: 'under',
        client_request_id: randomUUID(),
      },
    })
    expect(noCsrf.statusCode).toBe(403)
  })

  it('keeps the wallet exact under 30 concurrent bets that it cannot all afford', async () => {
    const { player, client } = await fundedClient(1_000n)
    const responses = await Promise.all(Array.from({ length: 30 }, () => bet(client)))
    const placed = responses.filter((response) => response.statusCode === 200)
    expect(placed.length + responses.filter((r) => r.statusCode === 409).length).toBe(30)
    const wins = placed.reduce((sum, r) => sum + Number(r.json<BetAnswer>().data.bet.win), 0)
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/player/wallet',
      headers: client.headers,
    })
    const cents = Number(wallet.json<{ data: WalletEntry[] }>().data[0]?.cents)
    expect(cents).toBe(1_000 - placed.length * 100 + wins)
    expect(cents).toBeGreaterThanOrEqual(0)
    const history = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets?pageSize=100',
      headers: client.headers,
    })
    expect(history.json<{ data: { total: number } }>().data.total).toBe(placed.length)
    // The player's bets line up: nonces 0, 1, 2, … and a refused bet uses none.
    const nonces = placed
      .map((r) => r.json<BetAnswer>().data.bet.nonce)
      .sort((a, b) => (a ?? 0) - (b ?? 0))
    expect(nonces).toEqual(placed.map((_, index) => index))
    expect(player.id).toBeTruthy()
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('bets in the new currency once the player switches wallet, and refuses the old one', async () => {
    const { player, client } = await fundedClient()
    expect((await bet(client)).statusCode).toBe(200)
    for (const url of ['/player/wallet/open', '/player/wallet/switch']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: client.headers,
        payload: { currency: 'USD' },
      })
      expect(response.statusCode).toBe(200)
    }
    await fundPlayer(t.database.db, player.id, 'USD', 10_000n)
    const inUsd = await bet(client, { currency: 'USD' })
    expect(inUsd.statusCode).toBe(200)
    expect(inUsd.json<BetAnswer>().data.bet).toMatchObject({ currency: 'USD', nonce: 1 })
    const inEur = await bet(client)
    expect(inEur.statusCode).toBe(409)
    expect(inEur.json()).toMatchObject({ errors: { code: 'games.currency_not_current' } })
  })

  it('bets on from the pair’s nonce when another server or a Mines round moved it', async () => {
    const { player, client } = await fundedClient()
    expect((await bet(client)).json<BetAnswer>().data.bet.nonce).toBe(0)
    // Five bets placed through another instance of the site: this one counted only its own.
    await t.database.db
      .update(fairnessSeeds)
      .set({ nextNonce: sql`${fairnessSeeds.nextNonce} + 5` })
      .where(eq(fairnessSeeds.playerId, player.id))
    const next = (await bet(client)).json<BetAnswer>().data.bet
    expect(next.nonce).toBe(6)
    expect(next.round.endsWith(':6')).toBe(true)
    expect((await bet(client)).json<BetAnswer>().data.bet.nonce).toBe(7)
  })
})

describe('seeds and proofs', () => {
  it('commits to the server seed, reveals it on rotation, and the bet recomputes from it', async () => {
    const { client } = await fundedClient()
    const before = await t.app.inject({
      method: 'GET',
      url: '/games/originals/seeds',
      headers: client.headers,
    })
    const pair = before.json<{
      data: { server_seed_hash: string; client_seed: string; nonce: number }
    }>().data
    expect(pair.nonce).toBe(0)
    const placed = (await bet(client)).json<BetAnswer>().data.bet
    expect(placed.server_seed_hash).toBe(pair.server_seed_hash)
    expect(placed.server_seed).toBeNull()

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/games/originals/seeds/rotate',
      headers: client.headers,
      payload: { client_seed: 'my-lucky-seed' },
    })
    const { revealed, current } = rotated.json<{
      data: {
        revealed: { server_seed: string; nonce: number }
        current: { client_seed: string; nonce: number }
      }
    }>().data
    expect(hashServerSeed(revealed.server_seed)).toBe(pair.server_seed_hash)
    expect(revealed.nonce).toBe(1)
    expect(current).toMatchObject({ client_seed: 'my-lucky-seed', nonce: 0 })

    const proof = await t.app.inject({
      method: 'GET',
      url: `/games/originals/bets/${placed.id}`,
      headers: client.headers,
    })
    const verified = proof.json<{ data: WireBet }>().data
    expect(verified.server_seed).toBe(revealed.server_seed)
    const digest = createHmac('sha256', revealed.server_seed)
      .update(`${verified.client_seed}:${verified.nonce}:0`)
      .digest()
    expect(Math.floor((digest.readUInt32BE(0) * 10_000) / 2 ** 32)).toBe(verified.outcome.roll)
  })

  it('refuses a malformed client seed', async () => {
    const { client } = await fundedClient()
    for (const client_seed of ['', 'a'.repeat(65), 'with space', 'é']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/games/originals/seeds/rotate',
        headers: client.headers,
        payload: { client_seed },
      })
      expect(response.statusCode).toBe(400)
    }
  })

  it('shows a bet only to its player', async () => {
    const owner = await fundedClient()
    const placed = (await bet(owner.client)).json<BetAnswer>().data.bet
    const other = await fundedClient()
    const response = await t.app.inject({
      method: 'GET',
      url: `/games/originals/bets/${placed.id}`,
      headers: other.client.headers,
    })
    expect(response.statusCode).toBe(404)
    const list = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets',
      headers: other.client.headers,
    })
    expect(list.json<{ data: { bets: unknown[]; total: number } }>().data).toEqual({
      bets: [],
      total: 0,
    })
  })
})

describe('GET /{locale}/player/bets', () => {
  it('pages newest first and refuses bad paging', async () => {
    const { client } = await fundedClient()
    for (let index = 0; index < 3; index++) await bet(client)
    const page = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets?pageSize=2&page=1',
      headers: client.headers,
    })
    const { bets, total } = page.json<{ data: { bets: WireBet[]; total: number } }>().data
    expect(total).toBe(3)
    expect(bets).toHaveLength(1)
    expect(bets[0]?.nonce).toBe(0)
    for (const query of ['pageSize=0', 'pageSize=101', 'page=-1', 'pageSize=x']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/en/player/bets?${query}`,
        headers: client.headers,
      })
      expect(response.statusCode).toBe(400)
    }
  })
})
