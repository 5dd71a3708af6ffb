import { and, asc, eq, inArray, like } from 'drizzle-orm'
import { createHash, createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lotteryPhase, type Prize } from '#common/rewards-rules.ts'
import { DEMO_PLAYER } from '#db/seed/demo-accounts.ts'
import type { Database, Db } from '#db/client.ts'
import { createEventBus, type EventBus } from '#server/lib/event-bus.ts'
import { AppError } from '#server/lib/errors.ts'
import { accountBalance, checkBooks, COIN } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { setPlayLimit } from '#server/modules/limits/index.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { createPlayer, signIn, testSecretBox } from '#tests/factories/players.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { drainDepsOf, drainOnce, everyLocale, insertBet } from '#tests/helpers/engagement.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { rewardsConsumers } from './index.ts'
import { drawDueLottery, lotteryClientSeed, type DrawDeps } from './lottery-draw.ts'
import { forgetEarningLotteries } from './lottery-progress.ts'
import { issueLotteryTickets } from './lottery-tickets.ts'
import type { Lottery } from './rewards.contract.ts'
import {
  lotteries,
  lotteryPrizes,
  lotteryProgress,
  lotteryTickets,
  lotteryWinners,
} from './rewards.tables.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

interface LotteryInput {
  openAt?: Date
  closeAt?: Date
  drawAt?: Date
  ticketEveryEurMinor?: bigint | null
  maxTicketsPerPlayer?: number
  prizes?: Prize[]
  isEnabled?: boolean
}

/** A lottery of the test's own, its seed sealed with the test apps' data key. */
async function aLottery(db: Db, input: LotteryInput = {}) {
  const now = Date.now()
  const seed = newServerSeed()
  const [row] = await db
    .insert(lotteries)
    .values({
      slug: `test-${randomUUID().slice(0, 8)}`,
      texts: everyLocale({ title: 'Test lottery', text: 'Win', imageAlt: 'Art' }),
      imageUrl: '/lottery/weekly.svg',
      salesOpenAt: input.openAt ?? new Date(now - DAY),
      salesCloseAt: input.closeAt ?? new Date(now + DAY),
      drawAt: input.drawAt ?? new Date(now + DAY + HOUR),
      ticketEveryEurMinor:
        input.ticketEveryEurMinor === undefined ? 2500n : input.ticketEveryEurMinor,
      maxTicketsPerPlayer: input.maxTicketsPerPlayer ?? 5,
      isEnabled: input.isEnabled ?? true,
      serverSeedSealed: testSecretBox.seal(seed),
      serverSeedHash: hashServerSeed(seed),
    })
    .returning()
  if (!row) throw new Error('no lottery')
  const prizes = input.prizes ?? [
    { kind: 'coins', coinsMinor: '30000' },
    { kind: 'coins', coinsMinor: '20000' },
    { kind: 'cash', eurMinor: '500' },
  ]
  await db.insert(lotteryPrizes).values(
    prizes.map((prize, index) => ({
      lotteryId: row.id,
      rank: index + 1,
      prize,
      texts: everyLocale({ label: `Prize ${index + 1}` }),
    })),
  )
  return { ...row, seed }
}

const issue = (db: Db, playerId: string, lotteryId: number, count = 1, key = randomUUID()) =>
  db.transaction((tx) =>
    issueLotteryTickets(tx, {
      playerId,
      count,
      source: 'bought',
      key: `shop:${key}`,
      now: new Date(),
      lotteryId,
    }),
  )

const ticketsOf = (db: Db, lotteryId: number, playerId?: string) =>
  db
    .select()
    .from(lotteryTickets)
    .where(
      and(
        eq(lotteryTickets.lotteryId, lotteryId),
        playerId === undefined ? undefined : eq(lotteryTickets.playerId, playerId),
      ),
    )
    .orderBy(asc(lotteryTickets.number))

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
  return 'none'
}

/** The winners recomputed without the app's code: HMAC-SHA256 read four bytes at a time. */
function expectedWinners(serverSeed: string, clientSeed: string, tickets: number, prizes: number) {
  const u32s: number[] = []
  for (let cursor = 0; u32s.length < prizes; cursor++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:0:${cursor}`).digest()
    for (let offset = 0; offset < 32; offset += 4) u32s.push(block.readUInt32BE(offset))
  }
  const pool = Array.from({ length: tickets }, (_, index) => index + 1)
  const winners: number[] = []
  for (let rank = 0; rank < Math.min(prizes, tickets); rank++) {
    const pick = rank + Math.floor(((u32s[rank] ?? 0) * (tickets - rank)) / 2 ** 32)
    ;[pool[rank], pool[pick]] = [pool[pick] as number, pool[rank] as number]
    winners.push(pool[rank] as number)
  }
  return winners
}

const errorOf = (reply: { statusCode: number; json: () => unknown }) =>
  reply.json() as { errors: { code: string } }

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
})

describe('tickets', () => {
  it('numbers tickets in order and counts them on the lottery', async () => {
    const lottery = await aLottery(db())
    const [a, b] = [await createPlayer(db()), await createPlayer(db())]
    expect((await issue(db(), a.id, lottery.id, 2)).numbers).toEqual([1, 2])
    expect((await issue(db(), b.id, lottery.id, 1)).numbers).toEqual([3])
    const tickets = await ticketsOf(db(), lottery.id)
    expect(tickets.map((ticket) => [ticket.number, ticket.playerId])).toEqual([
      [1, a.id],
      [2, a.id],
      [3, b.id],
    ])
    const [row] = await db().select().from(lotteries).where(eq(lotteries.id, lottery.id))
    expect(row?.ticketCount).toBe(3)
  })

  it('refuses a lottery whose sales are not open, and an unknown one', async () => {
    const player = await createPlayer(db())
    const upcoming = await aLottery(db(), {
      openAt: new Date(Date.now() + DAY),
      closeAt: new Date(Date.now() + 2 * DAY),
      drawAt: new Date(Date.now() + 3 * DAY),
    })
    const closed = await aLottery(db(), {
      openAt: new Date(Date.now() - 2 * DAY),
      closeAt: new Date(Date.now() - DAY),
      drawAt: new Date(Date.now() + DAY),
    })
    const disabled = await aLottery(db(), { isEnabled: false })
    expect(await codeOf(issue(db(), player.id, upcoming.id))).toBe('lottery.closed')
    expect(await codeOf(issue(db(), player.id, closed.id))).toBe('lottery.closed')
    expect(await codeOf(issue(db(), player.id, disabled.id))).toBe('lottery.closed')
    expect(await codeOf(issue(db(), player.id, 2_000_000_000))).toBe('lottery.not_found')
    expect(await ticketsOf(db(), closed.id)).toEqual([])
  })

  it('keeps a player within the lottery’s limit, with nothing issued by a refused call', async () => {
    const player = await createPlayer(db())
    const lottery = await aLottery(db(), { maxTicketsPerPlayer: 3 })
    await issue(db(), player.id, lottery.id, 2)
    const refused = issue(db(), player.id, lottery.id, 2)
    await expect(refused).rejects.toMatchObject({
      code: 'lottery.ticket_limit',
      params: { max: 3 },
    })
    expect(await ticketsOf(db(), lottery.id, player.id)).toHaveLength(2)
    await issue(db(), player.id, lottery.id, 1)
    expect(await codeOf(issue(db(), player.id, lottery.id, 1))).toBe('lottery.ticket_limit')
    expect(await ticketsOf(db(), lottery.id, player.id)).toHaveLength(3)
  })

  it('gives nothing twice for a retried key, even at the limit', async () => {
    const player = await createPlayer(db())
    const lottery = await aLottery(db(), { maxTicketsPerPlayer: 2 })
    const key = randomUUID()
    expect((await issue(db(), player.id, lottery.id, 2, key)).numbers).toEqual([1, 2])
    expect((await issue(db(), player.id, lottery.id, 2, key)).numbers).toEqual([])
    const tickets = await ticketsOf(db(), lottery.id, player.id)
    expect(tickets.map((ticket) => ticket.sourceKey)).toEqual([`shop:${key}:1`, `shop:${key}:2`])
  })

  it('without a lottery named, issues in the one selling now, else shop.no_open_lottery', async () => {
    const player = await createPlayer(db())
    const result = await db()
      .transaction((tx) =>
        issueLotteryTickets(tx, {
          playerId: player.id,
          count: 1,
          source: 'won',
          key: `prize:${randomUUID()}`,
          now: new Date(Date.now() + 400 * DAY),
        }),
      )
      .catch((error: unknown) => error)
    expect(result).toMatchObject({ code: 'shop.no_open_lottery' })
  })
})

describe('earned tickets through the engine', () => {
  let bus: EventBus
  beforeAll(async () => {
    bus = await createEventBus({ onListenerError: () => {} })
  })
  const drain = () => drainOnce({ ...drainDepsOf(db(), bus), consumers: rewardsConsumers })

  it('a ticket per full step of real-money stakes, the rest kept as progress', async () => {
    const lottery = await aLottery(db(), { ticketEveryEurMinor: 1000n, maxTicketsPerPlayer: 50 })
    forgetEarningLotteries(db())
    const player = await createPlayer(db())
    await insertBet(db(), player.id, { stakeMinor: 1500n })
    await insertBet(db(), player.id, { stakeMinor: 1200n, bonusStakeMinor: 200n })
    await drain()
    const tickets = await ticketsOf(db(), lottery.id, player.id)
    expect(tickets.map((ticket) => [ticket.source, ticket.sourceKey])).toEqual([
      ['earned', `earned:${player.id}:${lottery.id}:1`],
      ['earned', `earned:${player.id}:${lottery.id}:2`],
    ])
    const [progress] = await db()
      .select()
      .from(lotteryProgress)
      .where(
        and(eq(lotteryProgress.playerId, player.id), eq(lotteryProgress.lotteryId, lottery.id)),
      )
    expect(progress?.progressEurMinor).toBe(500n)
    await insertBet(db(), player.id, { stakeMinor: 500n })
    await drain()
    expect(await ticketsOf(db(), lottery.id, player.id)).toHaveLength(3)
  })

  it('stops at the per-player limit', async () => {
    const lottery = await aLottery(db(), { ticketEveryEurMinor: 1000n, maxTicketsPerPlayer: 2 })
    forgetEarningLotteries(db())
    const player = await createPlayer(db())
    await insertBet(db(), player.id, { stakeMinor: 5500n })
    await drain()
    expect(await ticketsOf(db(), lottery.id, player.id)).toHaveLength(2)
    await insertBet(db(), player.id, { stakeMinor: 5000n })
    await drain()
    expect(await ticketsOf(db(), lottery.id, player.id)).toHaveLength(2)
  })

  it('gives none outside the sales window, for bonus stakes, or to a player barred from play', async () => {
    const closed = await aLottery(db(), {
      openAt: new Date(Date.now() - 3 * DAY),
      closeAt: new Date(Date.now() - DAY),
      drawAt: new Date(Date.now() + DAY),
      ticketEveryEurMinor: 100n,
    })
    const open = await aLottery(db(), { ticketEveryEurMinor: 100n, maxTicketsPerPlayer: 50 })
    forgetEarningLotteries(db())
    const bonusOnly = await createPlayer(db())
    await insertBet(db(), bonusOnly.id, { stakeMinor: 5000n, bonusStakeMinor: 5000n })
    const barred = await createPlayer(db())
    await setPlayLimit(db(), {
      playerId: barred.id,
      currency: 'EUR',
      rates: await loadRates(db()),
      kind: 'loss',
      period: 'day',
      amountMinor: 0n,
    })
    await insertBet(db(), barred.id, { stakeMinor: 5000n })
    await drain()
    expect(await ticketsOf(db(), closed.id)).toEqual([])
    expect(await ticketsOf(db(), open.id, bonusOnly.id)).toEqual([])
    expect(await ticketsOf(db(), open.id, barred.id)).toEqual([])
  })
})

describe('the draw', () => {
  let database: Database
  let bus: EventBus
  let deps: DrawDeps
  beforeAll(async () => {
    database = await createTestDatabase()
    bus = await createEventBus({ onListenerError: () => {} })
    const drain = drainDepsOf(database.db, bus)
    deps = {
      db: database.db,
      bus,
      secretBox: testSecretBox,
      messages: drain.messages,
      log: drain.log,
    }
  })
  afterAll(async () => {
    await database.close()
  })

  /** A lottery whose sales ran and whose draw is due, with `counts[i]` tickets of player i. */
  async function dueLottery(counts: number[], prizes?: Prize[]) {
    const raw = database.db
    const lottery = await aLottery(raw, {
      openAt: new Date(Date.now() - 2 * DAY),
      closeAt: new Date(Date.now() + 2000),
      drawAt: new Date(Date.now() + 2000),
      maxTicketsPerPlayer: 100,
      prizes,
    })
    const holders = []
    for (const count of counts) {
      const player = await createPlayer(raw)
      holders.push(player)
      if (count > 0) await issue(raw, player.id, lottery.id, count)
    }
    // Sales close and the draw falls due.
    await raw
      .update(lotteries)
      .set({ salesCloseAt: new Date(Date.now() - 1000), drawAt: new Date(Date.now() - 1000) })
      .where(eq(lotteries.id, lottery.id))
    return { lottery, holders }
  }

  const paidUnder = (key: string) =>
    database.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `prize:${key}`))

  it('picks the winners an independent recomputation finds, pays each rank once and notifies every holder', async () => {
    const { lottery, holders } = await dueLottery([3, 2, 4, 0])
    const published: { playerId: string; won: boolean }[] = []
    const off = bus.subscribe('lottery.drawn', (event) => {
      if (event.lotteryId === lottery.id) published.push(event)
    })
    expect(await drawDueLottery(deps)).toBe(lottery.id)
    off()
    const raw = database.db
    const tickets = await ticketsOf(raw, lottery.id)
    const clientSeed = createHash('sha256')
      .update(tickets.map((ticket) => `${ticket.number}:${ticket.id}`).join('\n'))
      .digest('hex')
    expect(lotteryClientSeed(tickets)).toBe(clientSeed)
    const [drawn] = await raw.select().from(lotteries).where(eq(lotteries.id, lottery.id))
    expect(drawn).toMatchObject({ serverSeed: lottery.seed, clientSeed, serverSeedSealed: null })
    expect(drawn?.drawnAt).not.toBeNull()
    expect(hashServerSeed(drawn?.serverSeed ?? '')).toBe(lottery.serverSeedHash)

    const expected = expectedWinners(lottery.seed, clientSeed, 9, 3)
    const winners = await raw
      .select()
      .from(lotteryWinners)
      .where(eq(lotteryWinners.lotteryId, lottery.id))
      .orderBy(asc(lotteryWinners.rank))
    const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]))
    expect(winners.map((winner) => byId.get(winner.ticketId)?.number)).toEqual(expected)
    expect(winners.every((winner) => winner.paidAt !== null)).toBe(true)
    for (const winner of winners) {
      expect(await paidUnder(`lottery:${lottery.id}:${winner.rank}`)).toHaveLength(1)
    }
    const coinWinners = winners.filter((winner) => winner.prize.kind === 'coins')
    for (const winner of coinWinners) {
      const total = coinWinners
        .filter((other) => other.playerId === winner.playerId)
        .reduce(
          (sum, other) => sum + BigInt((other.prize as { coinsMinor: string }).coinsMinor),
          0n,
        )
      expect(
        await accountBalance(raw, { playerId: winner.playerId, kind: 'cash', currency: COIN }),
      ).toBe(total)
    }

    // Every holder is told, once; the player without tickets is not.
    const ticketHolders = holders.slice(0, 3).map((holder) => holder.id)
    for (const holder of holders) {
      const rows = await raw
        .select()
        .from(notifications)
        .where(and(eq(notifications.playerId, holder.id), eq(notifications.type, 'lottery_result')))
      expect(rows).toHaveLength(ticketHolders.includes(holder.id) ? 1 : 0)
      const won = winners.some((winner) => winner.playerId === holder.id)
      if (rows[0]) expect(rows[0].text).toContain(won ? 'you won' : 'None of your tickets won')
    }
    expect(published.map((event) => event.playerId).sort()).toEqual([...ticketHolders].sort())

    // Drawn once: the next run finds nothing due.
    expect(await drawDueLottery(deps)).toBeNull()
    for (const winner of winners) {
      expect(await paidUnder(`lottery:${lottery.id}:${winner.rank}`)).toHaveLength(1)
    }
    expect((await checkBooks(raw)).isBalanced).toBe(true)
  })

  it('draws a lottery without tickets with no winners', async () => {
    const { lottery } = await dueLottery([])
    expect(await drawDueLottery(deps)).toBe(lottery.id)
    const [drawn] = await database.db.select().from(lotteries).where(eq(lotteries.id, lottery.id))
    expect(drawn?.drawnAt).not.toBeNull()
    expect(drawn?.clientSeed).toBe(createHash('sha256').update('').digest('hex'))
    expect(
      await database.db
        .select()
        .from(lotteryWinners)
        .where(eq(lotteryWinners.lotteryId, lottery.id)),
    ).toEqual([])
  })

  it('pays a winner barred from play since the sales closed', async () => {
    const { lottery, holders } = await dueLottery([1], [{ kind: 'coins', coinsMinor: '1234' }])
    const [holder] = holders
    if (!holder) throw new Error('no holder')
    await setPlayLimit(database.db, {
      playerId: holder.id,
      currency: 'EUR',
      rates: await loadRates(database.db),
      kind: 'loss',
      period: 'day',
      amountMinor: 0n,
    })
    expect(await drawDueLottery(deps)).toBe(lottery.id)
    expect(
      await accountBalance(database.db, { playerId: holder.id, kind: 'cash', currency: COIN }),
    ).toBe(1234n)
  })

  it('a draw that fails rolls back whole and is drawn by the next run', async () => {
    const { lottery } = await dueLottery([2, 2])
    const failed = drawDueLottery(deps, {
      beforeCommit: () => Promise.reject(new Error('crash before commit')),
    })
    await expect(failed).rejects.toThrow('crash before commit')
    const raw = database.db
    const [after] = await raw.select().from(lotteries).where(eq(lotteries.id, lottery.id))
    expect(after).toMatchObject({ drawnAt: null, serverSeed: null, clientSeed: null })
    expect(after?.serverSeedSealed).not.toBeNull()
    expect(
      await raw.select().from(lotteryWinners).where(eq(lotteryWinners.lotteryId, lottery.id)),
    ).toEqual([])
    expect(await paidUnder(`lottery:${lottery.id}:1`)).toEqual([])

    expect(await drawDueLottery(deps)).toBe(lottery.id)
    const winners = await raw
      .select()
      .from(lotteryWinners)
      .where(eq(lotteryWinners.lotteryId, lottery.id))
    expect(winners).toHaveLength(3)
    for (const winner of winners) {
      expect(await paidUnder(`lottery:${lottery.id}:${winner.rank}`)).toHaveLength(1)
    }
    expect((await checkBooks(raw)).isBalanced).toBe(true)
  })
})

describe('the lottery calls', () => {
  it('lists the lotteries not drawn, with prizes, the hash and the shop item only while open', async () => {
    const open = await aLottery(db())
    const upcoming = await aLottery(db(), {
      openAt: new Date(Date.now() + DAY),
      closeAt: new Date(Date.now() + 2 * DAY),
      drawAt: new Date(Date.now() + 3 * DAY),
    })
    const reply = await t.app.inject({
      method: 'GET',
      url: '/de/lottery/get-existing-lotteries',
      headers: API_HEADERS,
    })
    expect(reply.statusCode).toBe(200)
    const { lotteries: listed } = reply.json<{ data: { lotteries: Lottery[] } }>().data
    const own = listed.find((entry) => entry.id === open.id)
    expect(own).toMatchObject({
      phase: 'open',
      server_seed_hash: open.serverSeedHash,
      server_seed: null,
      ticket_every_eur: 25,
      prizes: [
        { rank: 1, label: 'Prize 1', prize: { kind: 'coins', coinsMinor: '30000' } },
        { rank: 2, label: 'Prize 2' },
        { rank: 3, label: 'Prize 3' },
      ],
    })
    expect(listed.find((entry) => entry.id === upcoming.id)).toMatchObject({
      phase: 'upcoming',
      shop_item_id: null,
    })
    expect(listed.every((entry) => entry.drawn_at === null)).toBe(true)
  })

  it('lists recent draws newest first with seeds and public names, never an e-mail', async () => {
    const lottery = await aLottery(db(), {
      openAt: new Date(Date.now() - 2 * DAY),
      closeAt: new Date(Date.now() + 2000),
      drawAt: new Date(Date.now() + 2000),
      prizes: [{ kind: 'coins', coinsMinor: '100' }],
    })
    const player = await createPlayer(db(), { firstName: 'Maria' })
    await issue(db(), player.id, lottery.id, 1)
    await db()
      .update(lotteries)
      .set({ salesCloseAt: new Date(Date.now() - 1000), drawAt: new Date(Date.now() - 1000) })
      .where(eq(lotteries.id, lottery.id))
    const bus = await createEventBus({ onListenerError: () => {} })
    const drain = drainDepsOf(db(), bus)
    await drawDueLottery({
      db: db(),
      bus,
      secretBox: testSecretBox,
      messages: drain.messages,
      log: drain.log,
    })
    const reply = await t.app.inject({
      method: 'GET',
      url: '/en/lottery/get-recent-lotteries',
      headers: API_HEADERS,
    })
    expect(reply.statusCode).toBe(200)
    expect(reply.body).not.toContain('@aurum.test')
    const { lotteries: listed } = reply.json<{ data: { lotteries: Lottery[] } }>().data
    expect(listed.length).toBeLessThanOrEqual(10)
    const drawnTimes = listed.map((entry) => entry.drawn_at ?? '')
    expect([...drawnTimes].sort().reverse()).toEqual(drawnTimes)
    expect(listed[0]).toMatchObject({
      id: lottery.id,
      phase: 'drawn',
      server_seed: lottery.seed,
      winners: [{ rank: 1, ticket_number: 1, player: 'Maria T.', label: 'Prize 1' }],
    })
  })

  it('answers the player’s tickets and progress, and 401 when signed out', async () => {
    const lottery = await aLottery(db(), { ticketEveryEurMinor: 2500n })
    const player = await createPlayer(db())
    await issue(db(), player.id, lottery.id, 2)
    const client = await signIn(t.app, { email: player.email, password: player.password })
    const reply = await t.app.inject({
      method: 'GET',
      url: '/en/lottery/get-player-lotteries-statuses',
      headers: client.headers,
    })
    expect(reply.statusCode).toBe(200)
    const statuses = reply.json<{
      data: {
        lotteries: { lottery_id: number; tickets: { number: number }[]; progress: unknown }[]
      }
    }>().data.lotteries
    expect(statuses.find((entry) => entry.lottery_id === lottery.id)).toMatchObject({
      tickets: [{ number: 1 }, { number: 2 }],
      progress: { progress: 0, expected: 25 },
    })
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/en/lottery/get-player-lotteries-statuses',
      headers: API_HEADERS,
    })
    expect(signedOut.statusCode).toBe(401)
    expect(errorOf(signedOut).errors.code).toBe('auth.sign_in_required')
  })

  it('answers 404 site.unknown_locale for a language the site does not have', async () => {
    for (const path of [
      'get-existing-lotteries',
      'get-recent-lotteries',
      'get-player-lotteries-statuses',
    ]) {
      const reply = await t.app.inject({
        method: 'GET',
        url: `/xx/lottery/${path}`,
        headers: API_HEADERS,
      })
      expect(reply.statusCode).toBe(404)
      expect(errorOf(reply).errors.code).toBe('site.unknown_locale')
    }
  })
})

describe('the seed', () => {
  it('holds an open weekly draw, next week’s, and last week’s drawn over the demo player’s tickets', async () => {
    const seeded = await db()
      .select()
      .from(lotteries)
      .where(inArray(lotteries.slug, ['weekly-draw', 'next-weekly-draw', 'last-weekly-draw']))
    const bySlug = new Map(seeded.map((row) => [row.slug, row]))
    const now = new Date()
    const weekly = bySlug.get('weekly-draw')
    expect(weekly && lotteryPhase(weekly, now)).toBe('open')
    expect(weekly).toMatchObject({ ticketEveryEurMinor: 2500n, maxTicketsPerPlayer: 50 })
    const upcoming = bySlug.get('next-weekly-draw')
    expect(upcoming && lotteryPhase(upcoming, now)).toBe('upcoming')
    const prizes = await db()
      .select()
      .from(lotteryPrizes)
      .where(eq(lotteryPrizes.lotteryId, weekly?.id ?? 0))
      .orderBy(asc(lotteryPrizes.rank))
    expect(prizes.map((prize) => prize.prize.kind)).toEqual([
      'cash',
      'bonus',
      expect.stringMatching(/^(lootbox|bonus)$/),
      ...Array.from({ length: 7 }, () => 'coins'),
    ])

    const past = bySlug.get('last-weekly-draw')
    expect(past?.drawnAt).not.toBeNull()
    expect(hashServerSeed(past?.serverSeed ?? '')).toBe(past?.serverSeedHash)
    const [demo] = await db()
      .select({ id: players.id })
      .from(players)
      .where(eq(players.email, DEMO_PLAYER.email))
    const tickets = await ticketsOf(db(), past?.id ?? 0)
    expect(tickets).toHaveLength(4)
    expect(tickets.every((ticket) => ticket.playerId === demo?.id)).toBe(true)
    expect(past?.clientSeed).toBe(lotteryClientSeed(tickets))
    const winners = await db()
      .select()
      .from(lotteryWinners)
      .where(eq(lotteryWinners.lotteryId, past?.id ?? 0))
    expect(winners).toHaveLength(tickets.length)
    const page = await t.app.inject({
      method: 'GET',
      url: '/fi/page/get-page-components?url=lottery',
      headers: API_HEADERS,
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Arvonta')
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })
})
