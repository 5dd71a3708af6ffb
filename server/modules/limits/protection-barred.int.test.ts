import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  FACTORY_PASSWORD,
  completeProfile,
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { cardDeposit } from '#tests/factories/bonuses.ts'
import { everyLocale, insertBet } from '#tests/helpers/engagement.ts'
import { createTournament } from '#tests/helpers/tournaments.ts'
import { setProtection, takeBreak, timeOut } from '#tests/helpers/protection.ts'
import type { Db } from '#db/client.ts'
import { accountBalance, checkBooks, COIN, postTransfer } from '#server/modules/ledger/index.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import {
  lootboxes,
  lotteries,
  lotteryTickets,
  playerLootboxes,
  playerWheels,
  shopItems,
  wheels,
} from '#server/modules/rewards/rewards.tables.ts'
import { tournamentEntries } from '#server/modules/tournaments/tournaments.tables.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { barredFromPlay, isBarredFromPlay } from './barred-from-play.ts'
import { playLimits } from './limits.tables.ts'

// What a standing protection bar (a break, a closed account, a register match) stops besides
// bets: deposits, bonuses, every reward, tournament entries, coins from the engagement engine and
// marketing notices, each refused with the bar's own message and nothing moved; withdrawals go on,
// and a deposit already on its way is credited (without its bonus).

let t: TestApp
const db = (): Db => t.database.db

beforeAll(async () => {
  t = await buildTestApp()
})

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>
type Client = SignedInClient & { id: string }

const expectRefused = (response: Reply, code: string) => {
  expect(response.statusCode, response.body).toBe(409)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

async function aPlayer(options: { cashMinor?: bigint; coinsMinor?: bigint } = {}): Promise<Client> {
  const player = await createPlayer(db())
  await completeProfile(db(), player.id)
  if (options.cashMinor) await fundPlayer(db(), player.id, 'EUR', options.cashMinor)
  if (options.coinsMinor) {
    const coins = options.coinsMinor
    await db().transaction((tx) =>
      postTransfer(tx, {
        idempotencyKey: `test-coins:${randomUUID()}`,
        code: 'coins_award',
        debit: { system: 'rewards_expense', currency: COIN, shardKey: player.id },
        credit: { playerId: player.id, kind: 'cash', currency: COIN },
        amountMinor: coins,
      }),
    )
  }
  return { ...(await signIn(t.app, player)), id: player.id }
}

const post = (client: Client, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, ...(payload && { payload }) })

const cash = (playerId: string) => accountBalance(db(), { playerId, kind: 'cash', currency: 'EUR' })
const coins = (playerId: string) => accountBalance(db(), { playerId, kind: 'cash', currency: COIN })

const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

/** Rewards content of the test's own: a lootbox kind, and shop items selling it and a ticket. */
async function shopItem(prize: Record<string, unknown>) {
  const [row] = await db()
    .insert(shopItems)
    .values({
      slug: `item-${randomUUID().slice(0, 8)}`,
      kind: prize.kind as 'lootbox',
      prize: prize as never,
      priceCoinsMinor: 10_00n,
      texts: everyLocale({ title: 'Item', text: 'Buy it', imageAlt: 'Item' }),
      imageUrl: '/shop/test.svg',
    })
    .returning()
  if (!row) throw new Error('no item')
  await t.app.bus.publish('rewards.content.changed', {})
  return row
}

async function aLootboxKind() {
  const [row] = await db()
    .insert(lootboxes)
    .values({
      slug: `test-box-${randomUUID().slice(0, 8)}`,
      texts: everyLocale({ title: 'Box', text: 'Open it', imageAlt: 'A box' }),
      imageUrl: '/lootboxes/bronze.svg',
      validDays: 7,
    })
    .returning()
  if (!row) throw new Error('no lootbox')
  return row.id
}

async function anOpenLottery() {
  const now = Date.now()
  const day = 24 * 60 * 60_000
  const [row] = await db()
    .insert(lotteries)
    .values({
      slug: `test-lottery-${randomUUID().slice(0, 8)}`,
      texts: everyLocale({ title: 'Lottery', text: 'Win', imageAlt: 'Lottery' }),
      imageUrl: '/lottery/test.svg',
      salesOpenAt: new Date(now - day),
      salesCloseAt: new Date(now + day),
      drawAt: new Date(now + 2 * day),
      maxTicketsPerPlayer: 10,
      serverSeedHash: hashServerSeed(newServerSeed()),
    })
    .returning()
  if (!row) throw new Error('no lottery')
  return row.id
}

describe('during a time-out', () => {
  it('refuses a deposit with the break’s message and stores nothing; a withdrawal goes on', async () => {
    const client = await aPlayer({ cashMinor: 100_00n })
    await timeOut(db(), client.id)
    expectRefused(await cardDeposit(t.app, client.headers, '2500'), 'protection.time_out')
    // With a bonus code the break is still what the player hears first.
    expectRefused(await cardDeposit(t.app, client.headers, '2500', 'first'), 'protection.time_out')
    const stored = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.playerId, client.id))
    expect(stored).toEqual([])
    expect(await cash(client.id)).toBe(100_00n)

    const withdrawal = await post(client, '/payment/withdraw', {
      method_id: 'bank_transfer',
      currency: 'EUR',
      amount: '5000',
      fields: { iban: 'DE89370400440532013000', holder: 'Robin Tester' },
      idempotency_key: randomUUID(),
      password: FACTORY_PASSWORD,
    })
    expect(withdrawal.statusCode, withdrawal.body).toBe(200)
    expect(await cash(client.id)).toBe(50_00n)
    await expectBooks()
  })

  it('credits a bank transfer started before the break, without its bonus', async () => {
    const client = await aPlayer()
    const started = await post(client, '/payment/deposit', {
      method_id: 'bank_transfer',
      currency: 'EUR',
      amount: '10000',
      fields: {},
      idempotency_key: randomUUID(),
      bonus_code: 'first',
    })
    expect(started.statusCode, started.body).toBe(200)
    const id = started.json<{ data: { transaction_id: string } }>().data.transaction_id
    await timeOut(db(), client.id)
    const finance = await createOperator(db(), ['finance'])
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${id}/confirm`,
      headers: (await signInOperator(t.app, finance)).headers,
      payload: { amount: '10000', currency: 'EUR' },
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await cash(client.id)).toBe(100_00n)
    const bonuses = await db()
      .select()
      .from(playerBonuses)
      .where(eq(playerBonuses.playerId, client.id))
    expect(bonuses).toEqual([])
    await expectBooks()
  })

  it('refuses a bonus code and the activation of a queued bonus', async () => {
    const client = await aPlayer()
    await timeOut(db(), client.id)
    expectRefused(
      await post(client, '/bonus/activate-code', { code: 'first' }),
      'protection.time_out',
    )
    const [queued] = await db()
      .insert(playerBonuses)
      .values({
        id: randomUUID(),
        playerId: client.id,
        code: 'first',
        periodKey: '',
        status: 'offered',
        currency: 'EUR',
        amountMinor: 10_00n,
        wageringRequiredMinor: 350_00n,
        maxBetMinor: 5_00n,
        expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60_000),
      })
      .returning()
    if (!queued) throw new Error('no bonus')
    expectRefused(await post(client, '/bonus/activate', { id: queued.id }), 'protection.time_out')
    const [after] = await db().select().from(playerBonuses).where(eq(playerBonuses.id, queued.id))
    expect(after?.status).toBe('offered')
  })

  it('refuses a wheel spin, a lootbox, a shop purchase and a lottery ticket, moving nothing', async () => {
    const client = await aPlayer({ coinsMinor: 100_00n })
    const [wheel] = await db()
      .select({ id: wheels.id })
      .from(wheels)
      .where(eq(wheels.isEnabled, true))
      .orderBy(asc(wheels.sort), asc(wheels.id))
      .limit(1)
    if (!wheel) throw new Error('the seed offers no wheel')
    await db()
      .insert(playerWheels)
      .values({ playerId: client.id, wheelId: wheel.id, spinsAvailable: 1 })
    const lootboxId = await aLootboxKind()
    const [box] = await db()
      .insert(playerLootboxes)
      .values({
        id: randomUUID(),
        playerId: client.id,
        lootboxId,
        sourceKey: `test:${randomUUID()}`,
        expiredAt: new Date(Date.now() + 24 * 60 * 60_000),
      })
      .returning()
    if (!box) throw new Error('no lootbox')
    const boxItem = await shopItem({ kind: 'lootbox', lootboxId })
    const lotteryId = await anOpenLottery()
    const ticketItem = await shopItem({ kind: 'lottery_ticket', tickets: 1 })
    await timeOut(db(), client.id)

    const spin = await t.app.inject({
      method: 'GET',
      url: '/en/fortune-wheel/spin',
      headers: client.headers,
    })
    expectRefused(spin, 'protection.time_out')
    expect(spin.json<{ message: string }>().message).toContain('It ends in')
    expectRefused(await post(client, `/en/lootbox/player/claim/${box.id}`), 'protection.time_out')
    for (const item of [boxItem, ticketItem]) {
      expectRefused(
        await post(client, '/en/shop/purchase', {
          item_id: item.id,
          idempotency_key: randomUUID(),
        }),
        'protection.time_out',
      )
    }
    expect(await coins(client.id)).toBe(100_00n)
    const [wheelAfter] = await db()
      .select()
      .from(playerWheels)
      .where(and(eq(playerWheels.playerId, client.id), eq(playerWheels.wheelId, wheel.id)))
    expect(wheelAfter?.spinsAvailable).toBe(1)
    const [boxAfter] = await db()
      .select()
      .from(playerLootboxes)
      .where(eq(playerLootboxes.id, box.id))
    expect(boxAfter?.status).toBe('active')
    const tickets = await db()
      .select()
      .from(lotteryTickets)
      .where(and(eq(lotteryTickets.playerId, client.id), eq(lotteryTickets.lotteryId, lotteryId)))
    expect(tickets).toEqual([])
    await expectBooks()
  })

  it('refuses a tournament entry, with its fee untaken', async () => {
    const client = await aPlayer({ coinsMinor: 100_00n })
    const tournament = await createTournament(db(), { entryFeeKind: 'coins', entryFeeMinor: 5_00n })
    await t.app.bus.publish('tournaments.content.changed', {})
    await timeOut(db(), client.id)
    expectRefused(
      await post(client, `/tournaments/${String(tournament.id)}/join`, {}),
      'protection.time_out',
    )
    const entries = await db()
      .select()
      .from(tournamentEntries)
      .where(eq(tournamentEntries.playerId, client.id))
    expect(entries).toEqual([])
    expect(await coins(client.id)).toBe(100_00n)
  })
})

/** Bets four minutes apart over the last 20 minutes: 20 minutes of play. */
async function playedFor20Minutes(playerId: string) {
  for (const minutes of [20, 16, 12, 8, 4, 0]) {
    await db().execute(sql`
      insert into bets (id, player_id, game, round, currency, stake_minor, payout_minor,
        multiplier_bp, client_request_id, outcome, created_at)
      values (${randomUUID()}, ${playerId}, 'dice', '0', 'EUR', 100, 0, 0, ${randomUUID()}, '{}',
        now() - make_interval(mins => ${minutes}))`)
  }
}

describe('who is barred from play', () => {
  it('counts breaks, closure, a register match and a reached limit; not a reality check', async () => {
    const rates = await loadRates(db())
    const ids = {
      free: (await createPlayer(db())).id,
      timedOut: (await createPlayer(db())).id,
      excluded: (await createPlayer(db())).id,
      closed: (await createPlayer(db())).id,
      registered: (await createPlayer(db())).id,
      checking: (await createPlayer(db())).id,
      playedOut: (await createPlayer(db())).id,
      overLimit: (await createPlayer(db())).id,
      endedBreak: (await createPlayer(db())).id,
    }
    await timeOut(db(), ids.timedOut)
    await takeBreak(db(), ids.excluded, 'self_exclusion', '1y')
    await setProtection(db(), ids.closed, { closedAt: new Date() })
    await setProtection(db(), ids.registered, { registerMatch: true })
    await setProtection(db(), ids.checking, { realityCheckDueAt: new Date(Date.now() - 60_000) })
    await setProtection(db(), ids.playedOut, { playTimeLimitMinutes: 15n })
    await playedFor20Minutes(ids.playedOut)
    await db().insert(playLimits).values({
      playerId: ids.overLimit,
      kind: 'wager',
      period: 'day',
      currency: 'EUR',
      amountMinor: 100n,
    })
    await insertBet(db(), ids.overLimit, { stakeMinor: 100n })
    await takeBreak(db(), ids.endedBreak, 'time_out', '24h', new Date(Date.now() - 2 * 86_400_000))

    const barred = await barredFromPlay(db(), Object.values(ids), rates)
    expect([...barred].sort()).toEqual(
      [ids.timedOut, ids.excluded, ids.closed, ids.registered, ids.playedOut, ids.overLimit].sort(),
    )
    for (const [name, id] of Object.entries(ids)) {
      expect(await isBarredFromPlay(db(), id, rates), name).toBe(barred.has(id))
    }
  })

  it('tells a player whose play time ran out why, and one over a money limit the caller’s code', async () => {
    const playedOut = await aPlayer({ coinsMinor: 100_00n })
    await setProtection(db(), playedOut.id, { playTimeLimitMinutes: 15n })
    await playedFor20Minutes(playedOut.id)
    const tournament = await createTournament(db())
    await t.app.bus.publish('tournaments.content.changed', {})
    expectRefused(
      await post(playedOut, `/tournaments/${String(tournament.id)}/join`, {}),
      'protection.play_time',
    )
    const overLimit = await aPlayer()
    await db().insert(playLimits).values({
      playerId: overLimit.id,
      kind: 'wager',
      period: 'day',
      currency: 'EUR',
      amountMinor: 100n,
    })
    await insertBet(db(), overLimit.id, { stakeMinor: 100n })
    expectRefused(
      await post(overLimit, `/tournaments/${String(tournament.id)}/join`, {}),
      'tournament.barred',
    )
  })
})

describe('marketing notices', () => {
  it('are neither stored nor sent to a player under a standing bar; account notices are', async () => {
    const player = await createPlayer(db())
    await timeOut(db(), player.id)
    const marketing = await insertNotification(db(), {
      playerId: player.id,
      type: 'fortune_wheel_spin_available',
      text: 'Spin the wheel!',
    })
    expect(marketing).toBeNull()
    const account = await insertNotification(db(), {
      playerId: player.id,
      type: 'withdrawal_approved',
      text: 'Your withdrawal is on its way.',
    })
    expect(account?.type).toBe('withdrawal_approved')
    const stored = await db()
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.playerId, player.id))
    expect(stored).toEqual([{ type: 'withdrawal_approved' }])
    // The same marketing notice to a player without a bar goes out.
    const other = await createPlayer(db())
    expect(
      await insertNotification(db(), {
        playerId: other.id,
        type: 'tournament_overtaken',
        text: 'You were overtaken',
      }),
    ).not.toBeNull()
  })

  it('an operator’s notice is promotional unless sent as not: 409 for a barred player', async () => {
    const player = await createPlayer(db())
    await takeBreak(db(), player.id, 'self_exclusion', '5y')
    const support = await createOperator(db(), ['support'])
    const { headers } = await signInOperator(t.app, support)
    const send = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/notifications',
        headers,
        payload: { playerId: player.id, text: 'Hello', ...payload },
      })
    const promotional = await send({})
    expect(promotional.statusCode, promotional.body).toBe(409)
    expect(promotional.json()).toMatchObject({ errors: { code: 'notifications.player_barred' } })
    const account = await send({ isMarketing: false, text: 'About your withdrawal' })
    expect(account.statusCode, account.body).toBe(201)
    const stored = await db()
      .select({ text: notifications.text })
      .from(notifications)
      .where(eq(notifications.playerId, player.id))
    expect(stored).toEqual([{ text: 'About your withdrawal' }])
  })
})
