import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient as fundedClientOf } from '#tests/factories/wallet.ts'
import type { SignedInClient } from '#tests/factories/players.ts'
import { providerCall } from '#tests/helpers/provider-api.ts'
import { seedGameId } from '#db/seed/games.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { liveRounds } from '../live/live.tables.ts'
import { minesRounds } from '../originals/originals.tables.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { createLaunchToken } from '#server/modules/studios/index.ts'
import { LIMIT_CHANGE_DELAY_MS } from './limit-rules.ts'

// Loss and wager limits through the HTTP API on every real-money bet path: a refusal is a 409 in
// the player's language that moves no money, and parallel bets never pass a limit together.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const HOUR_MS = 3_600_000

const fundedClient = (amountMinor?: bigint) => fundedClientOf(t, amountMinor)

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const setLimit = (client: SignedInClient, kind: string, period: string, amount: string | null) =>
  post(client, '/player/deposit-limits', { kind, period, amount })

interface WireLimit {
  period: string
  amount: string | null
  pending_amount: string | null
  pending_from: string | null
  used: string
}
interface LimitsAnswer {
  currency: string
  limits: WireLimit[]
  loss: WireLimit[]
  wager: WireLimit[]
}
const limits = async (client: SignedInClient) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/player/deposit-limits',
    headers: client.headers,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ data: LimitsAnswer }>().data
}

const dice = (client: SignedInClient, amount: string) =>
  post(client, '/games/originals/dice/bet', {
    amount,
    currency: 'EUR',
    target: 5000,
    direction: 'under',
    client_request_id: randomUUID(),
  })

const cash = (playerId: string) =>
  accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' })

const expectBooks = async () => {
  const books = await checkBooks(t.database.db)
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

/** A settled bet in the history, `hoursAgo` back, as any game would have written it. */
const pastBet = (playerId: string, stakeMinor: bigint, payoutMinor: bigint, hoursAgo: number) =>
  t.database.db.insert(bets).values({
    id: uuidv7(),
    playerId,
    game: 'dice',
    round: 'test',
    currency: 'EUR',
    stakeMinor,
    payoutMinor,
    multiplierBp: Number((payoutMinor * 10_000n) / stakeMinor),
    clientRequestId: randomUUID(),
    outcome: {},
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS),
  })

/** A studio game session of the player, and a bet in a new round of it. */
async function studioSession(playerId: string) {
  const { token } = await createLaunchToken(t.database.db, {
    playerId,
    gameId: seedGameId('starlight-spins'),
    currency: 'EUR',
  })
  const session = (await providerCall(t.app, 'authenticate', { token })).json<{
    session: string
    player_id: string
  }>()
  return (amount: string) =>
    providerCall(t.app, 'bet', {
      ...session,
      currency: 'EUR',
      amount,
      transaction_id: `tx-${randomUUID()}`,
      round_id: `round-${randomUUID()}`,
    })
}

describe('the limits API', () => {
  it('shows loss and wager limits beside deposit limits, with what the windows used', async () => {
    const { player, client } = await fundedClient()
    const empty = await limits(client)
    expect(empty.wager.map((limit) => limit.amount)).toEqual([null, null, null])
    expect(empty.loss.map((limit) => limit.used)).toEqual(['0', '0', '0'])
    await pastBet(player.id, 10_00n, 0n, 2)
    await pastBet(player.id, 5_00n, 20_00n, 30)
    expect((await setLimit(client, 'wager', 'week', '50000')).statusCode).toBe(200)
    const shown = await limits(client)
    expect(shown.wager).toEqual([
      { period: 'day', amount: null, pending_amount: null, pending_from: null, used: '1000' },
      { period: 'week', amount: '50000', pending_amount: null, pending_from: null, used: '1500' },
      { period: 'month', amount: null, pending_amount: null, pending_from: null, used: '1500' },
    ])
    // Net loss: 10.00 lost today; over the week the 20.00 win puts the player 5.00 ahead.
    expect(shown.loss.map((limit) => limit.used)).toEqual(['1000', '-500', '-500'])
    // Deposit limits are untouched by the others.
    expect(shown.limits.every((limit) => limit.amount === null)).toBe(true)
  })

  it('lowers at once; raising or removing waits 24 hours while the lower limit applies', async () => {
    const { client } = await fundedClient()
    await setLimit(client, 'loss', 'day', '5000')
    const raised = await setLimit(client, 'loss', 'day', '9000')
    const day = raised.json<{ data: LimitsAnswer }>().data.loss[0]
    expect(day).toMatchObject({ amount: '5000', pending_amount: '9000' })
    const waitMs = Date.parse(day?.pending_from ?? '') - Date.now()
    expect(waitMs).toBeGreaterThan(LIMIT_CHANGE_DELAY_MS - 60_000)
    expect(waitMs).toBeLessThanOrEqual(LIMIT_CHANGE_DELAY_MS)
    const lowered = await setLimit(client, 'loss', 'day', '3000')
    expect(lowered.json<{ data: LimitsAnswer }>().data.loss[0]).toMatchObject({
      amount: '3000',
      pending_amount: null,
      pending_from: null,
    })
    const removing = await setLimit(client, 'loss', 'day', null)
    expect(removing.json<{ data: LimitsAnswer }>().data.loss[0]).toMatchObject({
      amount: '3000',
      pending_amount: null,
    })
  })

  it('refuses bad input with 400 and a visitor with 401', async () => {
    const { client } = await fundedClient()
    for (const payload of [
      { kind: 'time', period: 'day', amount: '100' },
      { kind: 'loss', period: 'year', amount: '100' },
      { kind: 'loss', period: 'day', amount: '-100' },
      { kind: 'wager', period: 'day', amount: '10.5' },
      { kind: 'wager', period: 'day', amount: 100 },
      { kind: 'wager', period: 'day', amount: '1'.repeat(40) },
      { kind: 'wager', period: 'day' },
    ]) {
      const response = await post(client, '/player/deposit-limits', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    expect((await limits(client)).wager.every((limit) => limit.amount === null)).toBe(true)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/player/deposit-limits',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { kind: 'wager', period: 'day', amount: '100' },
    })
    expect([401, 403]).toContain(anonymous.statusCode)
  })
})

describe('Dice', () => {
  it('refuses a stake over the wager limit in the player language and moves no money', async () => {
    const { player, client } = await fundedClient()
    await pastBet(player.id, 40_00n, 0n, 3)
    await setLimit(client, 'wager', 'day', '5000')
    const before = await cash(player.id)
    const refused = await dice(client, '1001')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'limits.wager_exceeded' } })
    // The oldest counted bet (3 hours ago) leaves the 24-hour window in 21 hours.
    expect(refused.json<{ message: string }>().message).toBe(
      'This stake would go over your wager limit. You can stake up to 10.00 EUR more now; older bets start leaving the limit in 21 hours.',
    )
    expect(await cash(player.id)).toBe(before)
    expect((await dice(client, '1000')).statusCode).toBe(200)
    expect((await dice(client, '10')).statusCode).toBe(409)
    await expectBooks()
  })

  it('applies a limit set between two bets at once (the bet path remembers no limit)', async () => {
    const { player, client } = await fundedClient()
    expect((await dice(client, '1000')).statusCode).toBe(200)
    await setLimit(client, 'wager', 'day', '1500')
    const before = await cash(player.id)
    const refused = await dice(client, '1000')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'limits.wager_exceeded' } })
    expect(await cash(player.id)).toBe(before)
    expect((await dice(client, '500')).statusCode).toBe(200)
    await expectBooks()
  })

  it('counts only the window: a bet 25 hours ago counts for the week, not the day', async () => {
    const { player, client } = await fundedClient()
    await pastBet(player.id, 40_00n, 0n, 25)
    await setLimit(client, 'wager', 'day', '5000')
    expect((await dice(client, '5000')).statusCode).toBe(200)
    await setLimit(client, 'wager', 'week', '9500')
    // The lowest applies: the week has 95.00 - 40.00 - 50.00 = 5.00 left, below the day's 0.
    const refused = await dice(client, '100')
    expect(refused.json<{ message: string }>().message).toContain('up to 0.00 EUR more')
  })

  it('refuses a stake over the loss limit, where wins in the window make room', async () => {
    const { player, client } = await fundedClient()
    await pastBet(player.id, 30_00n, 0n, 1)
    await pastBet(player.id, 10_00n, 25_00n, 1)
    // Net loss 15.00 of a 20.00 limit: 5.00 left.
    await setLimit(client, 'loss', 'week', '2000')
    const before = await cash(player.id)
    const refused = await dice(client, '501')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'limits.loss_exceeded' } })
    expect(refused.json<{ message: string }>().message).toContain('loss limit')
    expect(refused.json<{ message: string }>().message).toContain('up to 5.00 EUR more')
    expect(await cash(player.id)).toBe(before)
    expect((await dice(client, '500')).statusCode).toBe(200)
    await expectBooks()
  })

  it('answers in the player language', async () => {
    const { player, client } = await fundedClient()
    await setLimit(client, 'wager', 'day', '100')
    await pastBet(player.id, 1_00n, 0n, 1)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/games/originals/dice/bet',
      headers: { ...client.headers, cookie: `${client.cookie}; aurum_locale=de` },
      payload: {
        amount: '100',
        currency: 'EUR',
        target: 5000,
        direction: 'under',
        client_request_id: randomUUID(),
      },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ message: string }>().message).toContain('Einsatzlimit')
  })

  it('parallel bets near the limit never pass it together', async () => {
    const { player, client } = await fundedClient()
    await setLimit(client, 'wager', 'day', '1000')
    const answers = await Promise.all(Array.from({ length: 8 }, () => dice(client, '300')))
    const codes = answers.map((answer) => answer.statusCode).sort()
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409])
    const staked = await t.database.db
      .select({ stake: bets.stakeMinor })
      .from(bets)
      .where(eq(bets.playerId, player.id))
    expect(staked.reduce((sum, row) => sum + row.stake, 0n)).toBe(900n)
    await expectBooks()
  })
})

describe('Mines', () => {
  it('refuses to start a round over the limit; a running round counts against the next bet', async () => {
    const { player, client } = await fundedClient()
    await setLimit(client, 'wager', 'day', '1500')
    const start = (amount: string) =>
      post(client, '/games/originals/mines/start', {
        amount,
        currency: 'EUR',
        mines: 3,
        client_request_id: randomUUID(),
      })
    const before = await cash(player.id)
    const refused = await start('1501')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'limits.wager_exceeded' } })
    expect(await cash(player.id)).toBe(before)
    const rounds = await t.database.db
      .select()
      .from(minesRounds)
      .where(eq(minesRounds.playerId, player.id))
    expect(rounds).toEqual([])
    expect((await start('1000')).statusCode).toBe(200)
    // The open round's 10.00 is counted before it settles: 5.00 left.
    const dicey = await dice(client, '501')
    expect(dicey.json<{ message: string }>().message).toContain('up to 5.00 EUR more')
    await expectBooks()
  })
})

describe('live bets', () => {
  it('refuses a Crash bet over the limit and moves no money; an open bet counts', async () => {
    await t.database.db.insert(liveRounds).values({
      id: uuidv7(),
      game: 'crash',
      number: 1,
      roundHash: 'test',
      bettingEndsAt: new Date(Date.now() + 10 * 60_000),
    })
    const { player, client } = await fundedClient()
    await setLimit(client, 'wager', 'day', '1500')
    const crash = (amount: string) =>
      post(client, '/games/live/crash/bet', {
        amount,
        currency: 'EUR',
        client_request_id: randomUUID(),
      })
    const before = await cash(player.id)
    const refused = await crash('1600')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'limits.wager_exceeded' } })
    expect(refused.json<{ message: string }>().message).toContain('up to 15.00 EUR more')
    expect(await cash(player.id)).toBe(before)
    expect((await crash('1000')).statusCode).toBe(200)
    // The Crash stake is not in the history yet, but it counts.
    expect((await limits(client)).wager[0]?.used).toBe('1000')
    expect((await dice(client, '501')).statusCode).toBe(409)
    await expectBooks()
  })
})

describe('provider bets', () => {
  it('answers limit_exceeded in the seamless-wallet format and moves no money', async () => {
    const { player, client } = await fundedClient()
    await setLimit(client, 'loss', 'day', '300')
    const bet = await studioSession(player.id)
    expect((await bet('200')).statusCode).toBe(200)
    const before = await cash(player.id)
    const refused = await bet('101')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ status: 'error', code: 'limit_exceeded', max: '100' })
    expect(await cash(player.id)).toBe(before)
    // The studio's round (in `bets`) counts for the site's own games too.
    expect((await dice(client, '101')).json()).toMatchObject({
      errors: { code: 'limits.loss_exceeded' },
    })
    const parallel = await Promise.all(Array.from({ length: 4 }, () => bet('40')))
    expect(parallel.filter((answer) => answer.statusCode === 200)).toHaveLength(2)
    expect(await cash(player.id)).toBe(before - 80n)
    await expectBooks()
  })
})

describe('bets in different games at once', () => {
  it('line up on the limits: a Dice bet and a studio bet never pass a limit together', async () => {
    const { player, client } = await fundedClient()
    await setLimit(client, 'wager', 'day', '500')
    const studioBet = await studioSession(player.id)
    const before = await cash(player.id)
    const answers = await Promise.all([
      dice(client, '200'),
      studioBet('200'),
      dice(client, '200'),
      studioBet('200'),
      dice(client, '200'),
      studioBet('200'),
    ])
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2)
    const staked = await t.database.db
      .select({ stake: bets.stakeMinor })
      .from(bets)
      .where(eq(bets.playerId, player.id))
    expect(staked.reduce((sum, row) => sum + row.stake, 0n)).toBe(400n)
    const paid = await t.database.db
      .select({ payout: bets.payoutMinor })
      .from(bets)
      .where(eq(bets.playerId, player.id))
    expect(await cash(player.id)).toBe(
      before - 400n + paid.reduce((sum, row) => sum + row.payout, 0n),
    )
    await expectBooks()
  })
})
