import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient as fundedClientOf } from '#tests/factories/wallet.ts'
import { testSecretBox, type SignedInClient } from '#tests/factories/players.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import { gameProviders, gameStakeLimits, games } from '../catalogue/catalogue.tables.ts'
import type { WireBet } from '../bets/index.ts'
import { fairnessSeeds } from './originals.tables.ts'
import { forgetStakeLimits } from './instant-bets.ts'
import type { WireMinesRound } from './originals.routes.ts'
import { minePositions, minesPayout } from './engines/mines.ts'
import { serverSeedOf } from './seeds.ts'
import { rouletteSpin } from './engines/roulette.ts'
import { slotOutcome } from './engines/slots.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const fundedClient = (amountMinor?: bigint) => fundedClientOf(t, amountMinor)

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const cents = async (client: SignedInClient) => {
  const wallet = await t.app.inject({
    method: 'GET',
    url: '/player/wallet',
    headers: client.headers,
  })
  return wallet.json<{ data: WalletEntry[] }>().data[0]?.cents
}

const spinSlots = (client: SignedInClient, overrides: Record<string, unknown> = {}) =>
  post(client, '/games/originals/slots/spin', {
    amount: '100',
    currency: 'EUR',
    client_request_id: randomUUID(),
    ...overrides,
  })

const spinRoulette = (client: SignedInClient, overrides: Record<string, unknown> = {}) =>
  post(client, '/games/originals/roulette/spin', {
    currency: 'EUR',
    bets: [{ kind: 'red', amount: '100' }],
    client_request_id: randomUUID(),
    ...overrides,
  })

const startMines = (client: SignedInClient, overrides: Record<string, unknown> = {}) =>
  post(client, '/games/originals/mines/start', {
    amount: '100',
    currency: 'EUR',
    mines: 3,
    client_request_id: randomUUID(),
    ...overrides,
  })

type BetAnswer = { data: { bet: WireBet; wallet: WalletEntry } }
type RoundAnswer = { data: { round: WireMinesRound; wallet: WalletEntry | null } }

/** The round's mines, read from the seed pair as only the server (and this test) can. */
async function minesOf(round: WireMinesRound) {
  const [seed] = await t.database.db
    .select()
    .from(fairnessSeeds)
    .where(eq(fairnessSeeds.serverSeedHash, round.server_seed_hash))
  if (!seed) throw new Error('no seed')
  return minePositions(
    {
      serverSeed: serverSeedOf(testSecretBox, seed),
      clientSeed: seed.clientSeed,
      nonce: round.nonce,
    },
    round.mines,
  )
}

const expectBalancedBooks = async () =>
  expect((await checkBooks(t.database.db)).isBalanced).toBe(true)

describe('POST /games/originals/slots/spin', () => {
  it('takes the stake, pays the line wins the seeds give, and records the reels', async () => {
    const { player, client } = await fundedClient()
    const response = await spinSlots(client)
    expect(response.statusCode).toBe(200)
    const { bet, wallet } = response.json<BetAnswer>().data
    const [seed] = await t.database.db
      .select()
      .from(fairnessSeeds)
      .where(eq(fairnessSeeds.playerId, player.id))
    if (!seed) throw new Error('no seed')
    const expected = slotOutcome(
      { serverSeed: serverSeedOf(testSecretBox, seed), clientSeed: seed.clientSeed, nonce: 0 },
      100n,
    )
    expect(bet).toMatchObject({ game: 'slots', stake: '100', nonce: 0, server_seed: null })
    expect(bet.outcome).toEqual({
      stops: expected.stops,
      window: expected.window,
      wins: expected.wins,
    })
    expect(bet.win).toBe(expected.payoutMinor.toString())
    expect(wallet.cents).toBe(String(10_000n - 100n + expected.payoutMinor))
    await expectBalancedBooks()
  })

  it('answers a double click with the first spin and moves nothing more', async () => {
    const { client } = await fundedClient()
    const id = randomUUID()
    const [first, second] = await Promise.all([
      spinSlots(client, { client_request_id: id }),
      spinSlots(client, { client_request_id: id }),
    ])
    const answers = [first, second].filter((r) => r.statusCode === 200)
    expect(answers.length).toBeGreaterThanOrEqual(1)
    const third = (await spinSlots(client, { client_request_id: id })).json<BetAnswer>().data
    for (const answer of answers) expect(answer.json<BetAnswer>().data.bet.id).toBe(third.bet.id)
    expect(await cents(client)).toBe(String(10_000n - 100n + BigInt(third.bet.win)))
  })

  it.each([
    [{ amount: '9' }, 'games.stake_below_min'],
    [{ amount: '100001' }, 'games.stake_above_max'],
    [{ amount: '20000' }, 'games.insufficient_funds'],
    [{ currency: 'USD' }, 'games.currency_not_current'],
    [{ amount: '1.5' }, 'request.invalid'],
    [{ amount: '-100' }, 'request.invalid'],
    [{ amount: 100 }, 'request.invalid'],
    [{ client_request_id: 'short' }, 'request.invalid'],
  ])('refuses %j with %s and moves nothing', async (overrides, code) => {
    const { client } = await fundedClient()
    const response = await spinSlots(client, overrides)
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(response.json()).toMatchObject({ success: false, errors: { code } })
    expect(await cents(client)).toBe('10000')
  })

  it('needs a signed-in player', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/games/originals/slots/spin',
      headers: API_HEADERS,
      payload: { amount: '100', currency: 'EUR', client_request_id: randomUUID() },
    })
    expect([401, 403]).toContain(response.statusCode)
  })

  it('keeps the wallet exact under 25 parallel spins it cannot all afford', async () => {
    const { client } = await fundedClient(1_000n)
    const responses = await Promise.all(Array.from({ length: 25 }, () => spinSlots(client)))
    const placed = responses.filter((r) => r.statusCode === 200)
    expect(placed.length + responses.filter((r) => r.statusCode === 409).length).toBe(25)
    const wins = placed.reduce((sum, r) => sum + BigInt(r.json<BetAnswer>().data.bet.win), 0n)
    const balance = BigInt((await cents(client)) ?? '-1')
    expect(balance).toBe(1_000n - BigInt(placed.length) * 100n + wins)
    expect(balance).toBeGreaterThanOrEqual(0n)
    const nonces = placed
      .map((r) => r.json<BetAnswer>().data.bet.nonce)
      .sort((a, b) => (a ?? 0) - (b ?? 0))
    expect(new Set(nonces).size).toBe(placed.length)
    await expectBalancedBooks()
  })

  it('uses the catalogue stake limits of the Slots game when the operator set them', async () => {
    const db = t.database.db
    const slotsGames = await db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.engine, 'slots'), eq(games.kind, 'original')))
    // The demo seed may or may not hold the Slots game: make one when it does not.
    const madeId = slotsGames.length === 0 ? uuidv7() : undefined
    if (madeId) {
      await db
        .insert(gameProviders)
        .values({ id: 'aurum-test', name: 'Aurum' })
        .onConflictDoNothing()
      await db.insert(games).values({
        id: madeId,
        slug: `slots-limits-${madeId}`,
        title: 'Slots with limits',
        providerId: 'aurum-test',
        kind: 'original',
        engine: 'slots',
        rtpBp: 9554,
        volatility: 'low',
        releaseDate: '2026-01-01',
        thumbnailUrl: '/x.svg',
      })
    }
    const ids = madeId ? [madeId] : slotsGames.map((game) => game.id)
    const before = await db
      .select()
      .from(gameStakeLimits)
      .where(and(inArray(gameStakeLimits.gameId, ids), eq(gameStakeLimits.currency, 'EUR')))
    for (const gameId of ids) {
      await db
        .insert(gameStakeLimits)
        .values({ gameId, currency: 'EUR', minMinor: 50n, maxMinor: 500n })
        .onConflictDoUpdate({
          target: [gameStakeLimits.gameId, gameStakeLimits.currency],
          set: { minMinor: 50n, maxMinor: 500n },
        })
    }
    forgetStakeLimits(db)
    try {
      const { client } = await fundedClient()
      const low = await spinSlots(client, { amount: '40' })
      expect(low.json()).toMatchObject({
        errors: { code: 'games.stake_below_min' },
        message: expect.stringContaining('0.50') as unknown,
      })
      const high = await spinSlots(client, { amount: '501' })
      expect(high.json()).toMatchObject({ errors: { code: 'games.stake_above_max' } })
      expect((await spinSlots(client, { amount: '500' })).statusCode).toBe(200)
    } finally {
      if (madeId) await db.delete(games).where(eq(games.id, madeId))
      for (const row of before) {
        await db
          .update(gameStakeLimits)
          .set({ minMinor: row.minMinor, maxMinor: row.maxMinor })
          .where(and(eq(gameStakeLimits.gameId, row.gameId), eq(gameStakeLimits.currency, 'EUR')))
      }
      forgetStakeLimits(db)
    }
  })
})

describe('POST /games/originals/roulette/spin', () => {
  it('pays every bet that covers the pocket and records them', async () => {
    const { player, client } = await fundedClient()
    const bets = [
      { kind: 'straight', value: 17, amount: '10' },
      { kind: 'red', amount: '100' },
      { kind: 'dozen', value: 2, amount: '50' },
      { kind: 'column', value: 3, amount: '20' },
      { kind: 'straight', value: 0, amount: '10' },
    ]
    const response = await spinRoulette(client, { bets })
    expect(response.statusCode).toBe(200)
    const { bet, wallet } = response.json<BetAnswer>().data
    const [seed] = await t.database.db
      .select()
      .from(fairnessSeeds)
      .where(eq(fairnessSeeds.playerId, player.id))
    if (!seed) throw new Error('no seed')
    const pocket = rouletteSpin({
      serverSeed: serverSeedOf(testSecretBox, seed),
      clientSeed: seed.clientSeed,
      nonce: 0,
    })
    expect(bet.outcome.pocket).toBe(pocket)
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]
    const expected =
      (pocket === 17 ? 360 : 0) +
      (red.includes(pocket) ? 200 : 0) +
      (pocket >= 13 && pocket <= 24 ? 150 : 0) +
      (pocket > 0 && pocket % 3 === 0 ? 60 : 0) +
      (pocket === 0 ? 360 : 0)
    expect(bet).toMatchObject({ game: 'roulette', stake: '190', win: String(expected) })
    expect(wallet.cents).toBe(String(10_000 - 190 + expected))
    await expectBalancedBooks()
  })

  it.each([
    [{ bets: [] }, 'request.invalid'],
    [
      { bets: Array.from({ length: 21 }, () => ({ kind: 'red', amount: '10' })) },
      'request.invalid',
    ],
    [{ bets: [{ kind: 'straight', value: 37, amount: '10' }] }, 'request.invalid'],
    [{ bets: [{ kind: 'straight', amount: '10' }] }, 'games.bet_invalid'],
    [{ bets: [{ kind: 'dozen', value: 4, amount: '10' }] }, 'games.bet_invalid'],
    [{ bets: [{ kind: 'column', value: 0, amount: '10' }] }, 'games.bet_invalid'],
    [{ bets: [{ kind: 'split', value: 1, amount: '10' }] }, 'request.invalid'],
    [{ bets: [{ kind: 'red', amount: '1.5' }] }, 'request.invalid'],
    [{ bets: [{ kind: 'red', amount: '5' }] }, 'games.stake_below_min'],
    [
      {
        bets: [
          { kind: 'red', amount: '60000' },
          { kind: 'black', amount: '60000' },
        ],
      },
      'games.stake_above_max',
    ],
    [{ bets: [{ kind: 'red', amount: '10001' }] }, 'games.insufficient_funds'],
  ])('refuses %j with %s and moves nothing', async (overrides, code) => {
    const { client } = await fundedClient()
    const response = await spinRoulette(client, overrides)
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(response.json()).toMatchObject({ success: false, errors: { code } })
    expect(await cents(client)).toBe('10000')
  })

  it('takes 20 bets at once, and a repeated request id answers the first spin', async () => {
    const { client } = await fundedClient()
    const id = randomUUID()
    const bets = Array.from({ length: 20 }, (_, n) => ({
      kind: 'straight',
      value: n,
      amount: '10',
    }))
    const first = (await spinRoulette(client, { bets, client_request_id: id })).json<BetAnswer>()
    const second = (await spinRoulette(client, { bets, client_request_id: id })).json<BetAnswer>()
    expect(first.data.bet.stake).toBe('200')
    expect(second.data.bet.id).toBe(first.data.bet.id)
    expect(second.data.wallet.cents).toBe(first.data.wallet.cents)
  })

  it('never lets parallel spins overdraw the wallet', async () => {
    const { client } = await fundedClient(500n)
    const responses = await Promise.all(Array.from({ length: 12 }, () => spinRoulette(client)))
    const placed = responses.filter((r) => r.statusCode === 200)
    expect(placed.length + responses.filter((r) => r.statusCode === 409).length).toBe(12)
    const wins = placed.reduce((sum, r) => sum + BigInt(r.json<BetAnswer>().data.bet.win), 0n)
    const balance = BigInt((await cents(client)) ?? '-1')
    expect(balance).toBe(500n - BigInt(placed.length) * 100n + wins)
    expect(balance).toBeGreaterThanOrEqual(0n)
    await expectBalancedBooks()
  })
})

describe('Mines', () => {
  it('starts, reveals safe tiles, cashes out the multiplier, and then shows the mines', async () => {
    const { client } = await fundedClient()
    const started = await startMines(client)
    expect(started.statusCode).toBe(200)
    const { round, wallet } = started.json<RoundAnswer>().data
    expect(round).toMatchObject({ status: 'active', mines: 3, revealed: [], mine_positions: null })
    expect(JSON.stringify(started.json())).not.toMatch(/server_seed"\s*:\s*"/)
    expect(wallet?.cents).toBe('9900')

    const active = await t.app.inject({
      method: 'GET',
      url: '/games/originals/mines/active',
      headers: client.headers,
    })
    expect(active.json<{ data: { round: WireMinesRound } }>().data.round).toMatchObject({
      id: round.id,
      mine_positions: null,
    })

    const noTile = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
    expect(noTile.json()).toMatchObject({ errors: { code: 'games.mines_nothing_revealed' } })

    const mines = await minesOf(round)
    const safe = Array.from({ length: 25 }, (_, n) => n).filter((n) => !mines.includes(n))
    for (const tile of safe.slice(0, 2)) {
      const revealed = await post(client, '/games/originals/mines/reveal', {
        round_id: round.id,
        tile,
      })
      expect(revealed.json<RoundAnswer>().data.round).toMatchObject({
        status: 'active',
        mine_positions: null,
      })
    }
    const twice = await post(client, '/games/originals/mines/reveal', {
      round_id: round.id,
      tile: safe[0],
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ errors: { code: 'games.mines_tile_revealed' } })

    const cashed = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
    expect(cashed.statusCode).toBe(200)
    const payout = minesPayout(100n, 3, 2)
    const ended = cashed.json<RoundAnswer>().data
    expect(ended.round).toMatchObject({
      status: 'cashed_out',
      mine_positions: mines,
      cashout: payout.toString(),
    })
    expect(ended.round.bet).toMatchObject({ game: 'mines', stake: '100', win: payout.toString() })
    expect(ended.wallet?.cents).toBe(String(9_900n + payout))

    const again = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ errors: { code: 'games.mines_round_over' } })
    expect(await cents(client)).toBe(String(9_900n + payout))

    const proof = await t.app.inject({
      method: 'GET',
      url: `/games/originals/bets/${ended.round.bet?.id ?? ''}`,
      headers: client.headers,
    })
    expect(proof.json<{ data: WireBet }>().data.outcome).toMatchObject({
      mines: 3,
      mine_positions: mines,
    })
    await expectBalancedBooks()
  })

  it('ends the round lost on a mine, and refuses anything after', async () => {
    const { client } = await fundedClient()
    const { round } = (await startMines(client, { mines: 24 })).json<RoundAnswer>().data
    const mines = await minesOf(round)
    const bust = await post(client, '/games/originals/mines/reveal', {
      round_id: round.id,
      tile: mines[0],
    })
    expect(bust.statusCode).toBe(200)
    const ended = bust.json<RoundAnswer>().data.round
    expect(ended).toMatchObject({ status: 'busted', mine_positions: mines, cashout: '0' })
    expect(ended.bet).toMatchObject({ game: 'mines', win: '0', multiplier: '0.00' })
    const safe = Array.from({ length: 25 }, (_, n) => n).find((n) => !mines.includes(n))
    const after = await post(client, '/games/originals/mines/reveal', {
      round_id: round.id,
      tile: safe,
    })
    expect(after.json()).toMatchObject({ errors: { code: 'games.mines_round_over' } })
    const cash = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
    expect(cash.json()).toMatchObject({ errors: { code: 'games.mines_round_over' } })
    expect(await cents(client)).toBe('9900')
    const active = await t.app.inject({
      method: 'GET',
      url: '/games/originals/mines/active',
      headers: client.headers,
    })
    expect(active.json()).toMatchObject({ data: { round: null } })
    await expectBalancedBooks()
  })

  it('cashes out by itself on the last safe tile', async () => {
    const { client } = await fundedClient()
    const { round } = (await startMines(client, { mines: 24 })).json<RoundAnswer>().data
    const mines = await minesOf(round)
    const safe = Array.from({ length: 25 }, (_, n) => n).find((n) => !mines.includes(n))
    const won = await post(client, '/games/originals/mines/reveal', {
      round_id: round.id,
      tile: safe,
    })
    const payout = minesPayout(100n, 24, 1)
    expect(won.json<RoundAnswer>().data.round).toMatchObject({
      status: 'cashed_out',
      cashout: payout.toString(),
    })
    expect(await cents(client)).toBe(String(9_900n + payout))
  })

  it('allows one round at a time, answers a double click with the first, and hides it from others', async () => {
    const { client } = await fundedClient()
    const id = randomUUID()
    const [first, second] = await Promise.all([
      startMines(client, { client_request_id: id }),
      startMines(client, { client_request_id: id }),
    ])
    const ids = [first, second]
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json<RoundAnswer>().data.round.id)
    expect(ids.length).toBeGreaterThanOrEqual(1)
    expect(new Set(ids).size).toBe(1)
    expect(await cents(client)).toBe('9900')

    const another = await startMines(client)
    expect(another.statusCode).toBe(409)
    expect(another.json()).toMatchObject({ errors: { code: 'games.mines_round_active' } })
    expect(await cents(client)).toBe('9900')

    const rotate = await post(client, '/games/originals/seeds/rotate', {})
    expect(rotate.json()).toMatchObject({ errors: { code: 'games.mines_round_active' } })

    const other = await fundedClient()
    for (const [url, payload] of [
      ['/games/originals/mines/reveal', { round_id: ids[0], tile: 0 }],
      ['/games/originals/mines/cashout', { round_id: ids[0] }],
    ] as const) {
      const response = await post(other.client, url, payload)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ errors: { code: 'games.mines_round_not_found' } })
    }
    const peek = await t.app.inject({
      method: 'GET',
      url: `/games/originals/mines/rounds/${ids[0] ?? ''}`,
      headers: other.client.headers,
    })
    expect(peek.statusCode).toBe(404)
  })

  it('refuses parallel starts beyond one and bad input, moving nothing', async () => {
    const { client } = await fundedClient()
    const responses = await Promise.all(Array.from({ length: 6 }, () => startMines(client)))
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(5)
    expect(await cents(client)).toBe('9900')

    const fresh = await fundedClient(200n)
    for (const [overrides, code] of [
      [{ mines: 0 }, 'request.invalid'],
      [{ mines: 25 }, 'request.invalid'],
      [{ mines: 2.5 }, 'request.invalid'],
      [{ amount: '1.5' }, 'request.invalid'],
      [{ amount: '9' }, 'games.stake_below_min'],
      [{ amount: '100001' }, 'games.stake_above_max'],
      [{ amount: '201' }, 'games.insufficient_funds'],
      [{ currency: 'USD' }, 'games.currency_not_current'],
    ] as const) {
      const response = await startMines(fresh.client, overrides)
      expect(response.json()).toMatchObject({ success: false, errors: { code } })
    }
    const { round } = (await startMines(fresh.client)).json<RoundAnswer>().data
    for (const payload of [
      { round_id: round.id, tile: 25 },
      { round_id: round.id, tile: -1 },
      { round_id: 'not-a-uuid', tile: 1 },
    ]) {
      const response = await post(fresh.client, '/games/originals/mines/reveal', payload)
      expect(response.statusCode).toBe(400)
    }
    const unknown = await post(fresh.client, '/games/originals/mines/reveal', {
      round_id: randomUUID(),
      tile: 1,
    })
    expect(unknown.statusCode).toBe(404)
    expect(await cents(fresh.client)).toBe('100')
    await expectBalancedBooks()
  })

  it('takes parallel reveals of one tile once', async () => {
    const { client } = await fundedClient()
    const { round } = (await startMines(client, { mines: 1 })).json<RoundAnswer>().data
    const mines = await minesOf(round)
    const tile = Array.from({ length: 25 }, (_, n) => n).find((n) => !mines.includes(n))
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(client, '/games/originals/mines/reveal', { round_id: round.id, tile }),
      ),
    )
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(4)
  })
})
