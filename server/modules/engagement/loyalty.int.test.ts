import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import type { CurrencyCode } from '#common/money.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { createJobs } from '#server/lib/jobs.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import {
  accountBalance,
  checkBooks,
  COIN,
  inLedgerTransaction,
  postTransfer,
} from '#server/modules/ledger/index.ts'
import { playLimits } from '#server/modules/limits/limits.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { rateTable } from '#server/modules/wallet/index.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { cashbackAmounts, defineWeeklyCashback, payWeeklyCashback, weekBounds } from './cashback.ts'
import { playerLoyalty } from './engagement.tables.ts'
import { cashbackKey, previousWeekKey } from './loyalty-standing.ts'
import type { LevelInput, TierInput } from './loyalty.admin.contract.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const db = () => t.database.db
const cashbackDeps = () => ({ db: db(), bus: t.app.bus, site: t.app.site })

/** Gives a player `points` (whole points) as the engine would have. */
const setPoints = (playerId: string, points: number, level = 1) =>
  db()
    .insert(playerLoyalty)
    .values({ playerId, pointsMinor: BigInt(points) * 100n, level })
    .onConflictDoUpdate({
      target: playerLoyalty.playerId,
      set: { pointsMinor: BigInt(points) * 100n, level },
    })

const WEEK = previousWeekKey(new Date())
const { start: WEEK_START } = weekBounds(WEEK)

/** A settled bet of last week (a day into it), as any game writes it. */
const lastWeekBet = (
  playerId: string,
  stakeMinor: bigint,
  payoutMinor: bigint,
  options: { bonusStakeMinor?: bigint; currency?: CurrencyCode; at?: Date } = {},
) =>
  db()
    .insert(bets)
    .values({
      id: uuidv7(),
      playerId,
      game: 'dice',
      round: 'test',
      currency: options.currency ?? 'EUR',
      stakeMinor,
      bonusStakeMinor: options.bonusStakeMinor ?? 0n,
      bonusId: options.bonusStakeMinor ? randomUUID() : null,
      payoutMinor,
      multiplierBp: Number((payoutMinor * 10_000n) / stakeMinor),
      clientRequestId: randomUUID(),
      outcome: {},
      createdAt: options.at ?? new Date(WEEK_START.getTime() + 86_400_000),
    })

const cash = (playerId: string, currency: CurrencyCode = 'EUR') =>
  accountBalance(db(), { playerId, kind: 'cash', currency })

const cashbackNotices = (playerId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.playerId, playerId), eq(notifications.type, 'cashback_paid')))

const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

interface Programme {
  levels: { level: number; name: string; from_points: number; image_url: string }[]
  tiers: { tier: number; name: string; from_level: number; cashback_percent: number }[]
  base_withdrawal_limit_eur: string
  player: null | {
    points: number
    level: number
    level_percent: number
    tier: number | null
    coins: number
    last_cashback: { amount: string; currency: string } | null
  }
}

const programme = (lang: string, client?: SignedInClient) =>
  t.app.inject({
    method: 'GET',
    url: `/${lang}/loyalty/programme`,
    headers: client?.headers ?? API_HEADERS,
  })

describe('player info', () => {
  it('shows no points and level 1 before the player earns any', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, player)
    const info = await t.app.inject({ method: 'GET', url: '/player/info', headers: client.headers })
    expect(info.json()).toMatchObject({
      data: {
        points: 0,
        level: 1,
        levelPercent: 0,
        levelImageUrl: '/levels/level-1.svg',
        currentLevelPoints: 0,
        nextLevelPoints: 100,
      },
    })
  })

  it('shows the points and the level they reach on the operator’s table', async () => {
    const player = await createPlayer(db())
    // 600.99 points: whole points only.
    await db().insert(playerLoyalty).values({ playerId: player.id, pointsMinor: 600_99n, level: 3 })
    const client = await signIn(t.app, player)
    const info = await t.app.inject({ method: 'GET', url: '/player/info', headers: client.headers })
    expect(info.json()).toMatchObject({
      data: {
        points: 600,
        level: 3,
        // Level 3 from 500, level 4 from 1 500: 100 of 1 000.
        levelPercent: 10,
        levelImageUrl: '/levels/level-3.svg',
        currentLevelPoints: 500,
        nextLevelPoints: 1500,
      },
    })
  })

  it('shows the top level at 100 %', async () => {
    const player = await createPlayer(db())
    await setPoints(player.id, 1_000_000, 8)
    const client = await signIn(t.app, player)
    const info = await t.app.inject({ method: 'GET', url: '/player/info', headers: client.headers })
    expect(info.json()).toMatchObject({
      data: { level: 8, levelPercent: 100, levelImageUrl: '/levels/level-8.svg' },
    })
  })
})

describe('GET /{locale}/loyalty/programme', () => {
  it('answers a visitor the levels and tiers in the path’s language, and no player', async () => {
    const response = await programme('de')
    expect(response.statusCode, response.body).toBe(200)
    const data = response.json<{ data: Programme }>().data
    expect(data.player).toBeNull()
    expect(data.levels).toHaveLength(8)
    expect(data.levels[0]).toMatchObject({ level: 1, name: 'Neuling', from_points: 0 })
    expect(data.levels.map((level) => level.from_points)).toEqual(
      [...data.levels.map((level) => level.from_points)].sort((a, b) => a - b),
    )
    expect(data.tiers.map((tier) => [tier.tier, tier.from_level, tier.name])).toEqual([
      [1, 3, 'Bronze'],
      [2, 5, 'Silber'],
      [3, 7, 'Gold'],
      [4, 8, 'Diamant'],
    ])
    expect(data.tiers[0]).toMatchObject({
      cashback_percent: 5,
      cashback_cap_eur: '10000',
      coin_multiplier: 1.1,
      withdrawal_limit_eur: '1000000',
    })
    expect(data.base_withdrawal_limit_eur).toBe('500000')
    const english = (await programme('en')).json<{ data: Programme }>().data
    expect(english.levels[0]?.name).toBe('Newcomer')
  })

  it('tells a signed-in player their points, level, tier, coins and last week’s cashback', async () => {
    const player = await createPlayer(db())
    await setPoints(player.id, 5_200, 5)
    await inLedgerTransaction(db(), (tx) =>
      postTransfer(tx, {
        idempotencyKey: `test-coins:${player.id}`,
        code: 'coins_award',
        debit: { system: 'rewards_expense', currency: COIN, shardKey: player.id },
        credit: { playerId: player.id, kind: 'cash', currency: COIN },
        amountMinor: 12_34n,
      }),
    )
    await inLedgerTransaction(db(), (tx) =>
      postTransfer(tx, {
        idempotencyKey: cashbackKey(player.id, 'EUR', WEEK),
        code: 'cashback',
        debit: { system: 'rewards_expense', currency: 'EUR', shardKey: player.id },
        credit: { playerId: player.id, kind: 'cash', currency: 'EUR' },
        amountMinor: 7_50n,
      }),
    )
    const client = await signIn(t.app, player)
    const response = await programme('en', client)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ data: Programme }>().data.player).toEqual({
      points: 5_200,
      level: 5,
      // Level 5 from 5 000, level 6 from 15 000.
      level_percent: 2,
      next_level_points: 15_000,
      current_level_points: 5_000,
      tier: 2,
      coins: 12.34,
      last_cashback: {
        amount: '750',
        currency: 'EUR',
        paid_at: expect.any(String) as unknown,
      },
    })
    await expectBooks()
  })

  it('answers a new player level 1, no tier, no coins and no cashback', async () => {
    const client = await signIn(t.app, await createPlayer(db()))
    const data = (await programme('fi', client)).json<{ data: Programme }>().data
    expect(data.player).toMatchObject({
      points: 0,
      level: 1,
      tier: null,
      coins: 0,
      last_cashback: null,
    })
  })

  it('refuses a language the site does not have, and a malformed one', async () => {
    const unknown = await programme('xx')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ errors: { code: 'site.unknown_locale' } })
    const malformed = await programme('EN%21')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ errors: { code: 'request.invalid' } })
  })
})

describe('weekly VIP cashback', () => {
  it('names the ISO weeks by UTC Monday', () => {
    expect(previousWeekKey(new Date('2026-11-26T12:00:00Z'))).toBe('2026-W47')
    expect(previousWeekKey(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W47')
    expect(previousWeekKey(new Date('2026-11-22T23:59:59Z'))).toBe('2026-W46')
    expect(previousWeekKey(new Date('2027-01-04T08:00:00Z'))).toBe('2026-W53')
    expect(weekBounds('2026-W48')).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
    })
    expect(weekBounds('2026-W53').start).toEqual(new Date('2026-12-28T00:00:00Z'))
    expect(weekBounds('2021-W01').start).toEqual(new Date('2021-01-04T00:00:00Z'))
  })

  it('shares the weekly cap between currencies, rounding down', () => {
    const rates = rateTable([
      { currency: 'EUR', unitsPerEur: '1' },
      { currency: 'USD', unitsPerEur: '2' },
    ])
    const tier = { cashbackBp: 1_000, cashbackCapEurMinor: 100_00n }
    // 10 % of 600.00 EUR = 60.00 EUR; 10 % of 1 000.00 USD = 100.00 USD, capped at the 40.00 EUR left.
    expect(
      cashbackAmounts(
        new Map<CurrencyCode, bigint>([
          ['USD', 1_000_00n],
          ['EUR', 600_00n],
        ]),
        tier,
        rates,
      ),
    ).toEqual([
      { currency: 'EUR', amountMinor: 60_00n },
      { currency: 'USD', amountMinor: 80_00n },
    ])
    expect(cashbackAmounts(new Map([['EUR', 9n]]), tier, rates)).toEqual([])
  })

  it('pays the tier’s share of last week’s loss of own money once, however often it runs', async () => {
    const player = await createPlayer(db())
    // Level 3, tier 1: 5 %, capped at 100.00 EUR.
    await setPoints(player.id, 600, 3)
    await lastWeekBet(player.id, 200_00n, 0n)
    await lastWeekBet(player.id, 100_00n, 50_00n)
    // All bonus money: no loss of the player's.
    await lastWeekBet(player.id, 100_00n, 0n, { bonusStakeMinor: 100_00n })
    // Half bonus money: 50.00 of own money staked, 40.00 of the 80.00 won back to cash.
    await lastWeekBet(player.id, 100_00n, 80_00n, { bonusStakeMinor: 50_00n })
    // This week's and the week before's do not count.
    await lastWeekBet(player.id, 100_00n, 0n, { at: new Date() })
    await lastWeekBet(player.id, 100_00n, 0n, { at: new Date(WEEK_START.getTime() - 1000) })
    const before = await cash(player.id)
    // Loss 200 + 50 + 0 + 10 = 260.00 EUR; 5 % = 13.00 EUR.
    const first = await payWeeklyCashback(cashbackDeps(), WEEK)
    expect(first.paid).toBeGreaterThanOrEqual(1)
    expect((await cash(player.id)) - before).toBe(13_00n)
    const again = await payWeeklyCashback(cashbackDeps(), WEEK)
    expect(again.paid).toBe(0)
    expect((await cash(player.id)) - before).toBe(13_00n)
    const notices = await cashbackNotices(player.id)
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('13.00')
    await expectBooks()
  })

  it('pays once when two runs go at once (two instances)', async () => {
    const player = await createPlayer(db())
    await setPoints(player.id, 600, 3)
    await lastWeekBet(player.id, 300_00n, 100_00n)
    const before = await cash(player.id)
    const runs = await Promise.all([
      payWeeklyCashback(cashbackDeps(), WEEK),
      payWeeklyCashback(cashbackDeps(), WEEK),
      payWeeklyCashback(cashbackDeps(), WEEK),
    ])
    expect((await cash(player.id)) - before).toBe(10_00n)
    expect(await cashbackNotices(player.id)).toHaveLength(1)
    // Other tests' players may be paid by the same runs; this player's transfer went once.
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBeGreaterThanOrEqual(1)
    await expectBooks()
  })

  it('caps the cashback at the tier’s weekly cap', async () => {
    const player = await createPlayer(db())
    // Level 8, tier 4: 15 %, capped at 1 000.00 EUR; 15 % of 10 000.00 would be 1 500.00.
    await setPoints(player.id, 200_000, 8)
    await lastWeekBet(player.id, 10_000_00n, 0n)
    const before = await cash(player.id)
    await payWeeklyCashback(cashbackDeps(), WEEK)
    expect((await cash(player.id)) - before).toBe(1_000_00n)
    await expectBooks()
  })

  it('pays nothing below the first tier, without a loss, or to a player barred from play', async () => {
    const belowTier = await createPlayer(db())
    await setPoints(belowTier.id, 400, 2)
    await lastWeekBet(belowTier.id, 500_00n, 0n)

    const winner = await createPlayer(db())
    await setPoints(winner.id, 600, 3)
    await lastWeekBet(winner.id, 100_00n, 300_00n)
    await lastWeekBet(winner.id, 100_00n, 0n)

    const barred = await createPlayer(db())
    await setPoints(barred.id, 600, 3)
    await lastWeekBet(barred.id, 500_00n, 0n)
    // A daily wager limit of 10.00 EUR, used up today.
    await db().insert(playLimits).values({
      playerId: barred.id,
      kind: 'wager',
      period: 'day',
      currency: 'EUR',
      amountMinor: 10_00n,
    })
    await lastWeekBet(barred.id, 10_00n, 0n, { at: new Date() })

    const before = await Promise.all([belowTier, winner, barred].map((p) => cash(p.id)))
    await payWeeklyCashback(cashbackDeps(), WEEK)
    const after = await Promise.all([belowTier, winner, barred].map((p) => cash(p.id)))
    expect(after).toEqual(before)
    for (const player of [belowTier, winner, barred]) {
      expect(await cashbackNotices(player.id)).toHaveLength(0)
    }
  })

  it('is paid by its job: the weekly-cashback queue’s first run on a working instance', async () => {
    const player = await createPlayer(db())
    await setPoints(player.id, 600, 3)
    await lastWeekBet(player.id, 100_00n, 0n)
    const before = await cash(player.id)
    // The app here works no jobs: an instance that does, on its database, runs the queue.
    const jobs = createJobs(db(), { work: true, log: t.app.log, pollingIntervalSeconds: 0.1 })
    defineWeeklyCashback(jobs, cashbackDeps(), t.app.log)
    try {
      await jobs.start()
      await vi.waitFor(async () => expect((await cash(player.id)) - before).toBe(5_00n), {
        timeout: 10_000,
        interval: 100,
      })
    } finally {
      await jobs.stop()
    }
    expect(await cashbackNotices(player.id)).toHaveLength(1)
    await expectBooks()
  })
})

/** The seeded names of a level or tier in all 16 locales. */
const names = (name: string) =>
  Object.fromEntries(LOCALE_PREFIXES.map((prefix) => [prefix, { name: `${name} ${prefix}` }]))

describe('operator calls', () => {
  let operator: SignedInClient
  let levels: LevelInput[]
  let tiers: TierInput[]
  beforeAll(async () => {
    operator = await signInOperator(t.app, await createOperator(db(), ['finance']))
    levels = (
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/loyalty-levels',
        headers: operator.headers,
      })
    ).json<{ data: { levels: LevelInput[] } }>().data.levels
    tiers = (
      await t.app.inject({ method: 'GET', url: '/admin/api/vip-tiers', headers: operator.headers })
    ).json<{ data: { tiers: TierInput[] } }>().data.tiers
  })

  const putLevels = (body: unknown, client = operator) =>
    t.app.inject({
      method: 'PUT',
      url: '/admin/api/loyalty-levels',
      headers: client.headers,
      payload: body as Record<string, unknown>,
    })
  const putTiers = (body: unknown, client = operator) =>
    t.app.inject({
      method: 'PUT',
      url: '/admin/api/vip-tiers',
      headers: client.headers,
      payload: body as Record<string, unknown>,
    })
  const expectError = (
    response: Awaited<ReturnType<typeof putLevels>>,
    status: number,
    code: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json()).toMatchObject({ success: false, errors: { code } })
  }

  it('lists the seeded levels and tiers', () => {
    expect(levels.map((level) => level.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(levels[1]).toMatchObject({ from_points: 100, reward_coins: 500 })
    expect(Object.keys(levels[0]?.texts ?? {})).toHaveLength(16)
    expect(tiers.map((tier) => tier.from_level)).toEqual([3, 5, 7, 8])
  })

  it('refuses players, visitors and operators without the role', async () => {
    const player = await signIn(t.app, await createPlayer(db()))
    expectError(await putLevels({ levels }, player), 401, 'auth.sign_in_required')
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/admin/api/vip-tiers',
      headers: API_HEADERS,
    })
    expect(visitor.statusCode).toBe(401)
    const support = await signInOperator(t.app, await createOperator(db(), ['support']))
    expectError(await putTiers({ tiers }, support), 403, 'auth.forbidden')
    const list = await t.app.inject({
      method: 'GET',
      url: '/admin/api/loyalty-levels',
      headers: support.headers,
    })
    expect(list.statusCode).toBe(403)
  })

  it('refuses levels with a gap, out of order, not from 0, or without every locale', async () => {
    const gap = levels.map((level) => (level.level === 4 ? { ...level, level: 9 } : level))
    expectError(await putLevels({ levels: gap }), 400, 'loyalty.levels_unordered')
    const unordered = levels.map((level) =>
      level.level === 3 ? { ...level, from_points: 50 } : level,
    )
    expectError(await putLevels({ levels: unordered }), 400, 'loyalty.levels_unordered')
    const notFromZero = levels.map((level) =>
      level.level === 1 ? { ...level, from_points: 10 } : level,
    )
    expectError(await putLevels({ levels: notFromZero }), 400, 'loyalty.levels_unordered')
    const { ee: _left, ...fifteen } = levels[0]?.texts ?? {}
    const missing = levels.map((level, index) =>
      index === 0 ? { ...level, texts: fifteen } : level,
    )
    expectError(await putLevels({ levels: missing }), 400, 'request.invalid')
    const empty = levels.map((level, index) =>
      index === 0 ? { ...level, texts: { ...level.texts, de: { name: '  ' } } } : level,
    )
    expectError(await putLevels({ levels: empty }), 400, 'request.invalid')
    const tooPrecise = levels.map((level, index) =>
      index === 1 ? { ...level, reward_coins: 1.005 } : level,
    )
    expectError(await putLevels({ levels: tooPrecise }), 400, 'request.invalid')
    const badImage = levels.map((level, index) =>
      index === 1 ? { ...level, image_url: 'javascript:alert(1)' } : level,
    )
    expectError(await putLevels({ levels: badImage }), 400, 'request.invalid')
    expectError(await putLevels({ levels: [] }), 400, 'request.invalid')
    // Tiers start at levels 3, 5, 7 and 8: six levels leave two of them without their level.
    expectError(await putLevels({ levels: levels.slice(0, 6) }), 409, 'loyalty.tier_level_unknown')
  })

  it('refuses tiers out of order, from a missing level, or out of range', async () => {
    const swapped = tiers.map((tier) => (tier.tier === 2 ? { ...tier, from_level: 2 } : tier))
    expectError(await putTiers({ tiers: swapped }), 400, 'loyalty.tiers_unordered')
    const numbered = tiers.map((tier) => (tier.tier === 4 ? { ...tier, tier: 5 } : tier))
    expectError(await putTiers({ tiers: numbered }), 400, 'loyalty.tiers_unordered')
    const unknown = tiers.map((tier) => (tier.tier === 4 ? { ...tier, from_level: 9 } : tier))
    expectError(await putTiers({ tiers: unknown }), 409, 'loyalty.tier_level_unknown')
    const cashback = tiers.map((tier) => (tier.tier === 1 ? { ...tier, cashback_bp: 5001 } : tier))
    expectError(await putTiers({ tiers: cashback }), 400, 'request.invalid')
    const multiplier = tiers.map((tier) =>
      tier.tier === 1 ? { ...tier, coin_multiplier_bp: 9_999 } : tier,
    )
    expectError(await putTiers({ tiers: multiplier }), 400, 'request.invalid')
    const cap = tiers.map((tier) => (tier.tier === 1 ? { ...tier, cashback_cap_eur: '-1' } : tier))
    expectError(await putTiers({ tiers: cap }), 400, 'request.invalid')
    expectError(await putTiers({}), 400, 'request.invalid')
  })

  it('replaces the tables, audits it, and every reader sees the change at once', async () => {
    const renamed = levels.map((level) =>
      level.level === 1 ? { ...level, texts: names('Starter') } : level,
    )
    const response = await putLevels({ levels: renamed })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ data: { levels: LevelInput[] } }>().data.levels[0]?.texts.de).toEqual({
      name: 'Starter de',
    })
    const shown = (await programme('de')).json<{ data: Programme }>().data
    expect(shown.levels[0]?.name).toBe('Starter de')

    const cheaper = tiers.map((tier) => (tier.tier === 1 ? { ...tier, cashback_bp: 700 } : tier))
    const replaced = await putTiers({ tiers: cheaper })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect((await programme('en')).json<{ data: Programme }>().data.tiers[0]).toMatchObject({
      cashback_percent: 7,
    })
    const audits = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'vip_tiers.replaced'))
    expect(audits.length).toBeGreaterThanOrEqual(1)

    // Back to the seeded tables for the other tests.
    expect((await putLevels({ levels })).statusCode).toBe(200)
    expect((await putTiers({ tiers })).statusCode).toBe(200)
  })
})
