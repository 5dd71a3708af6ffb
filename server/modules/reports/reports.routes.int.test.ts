import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '#server/lib/ids.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createOperator,
  createPlayer,
  signInOperator,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { exchangeRates } from '#server/modules/wallet/wallet.tables.ts'
import { forgetRates } from '#server/modules/wallet/index.ts'
import type { BonusCostReport, GgrReport, MoneyReport, PlayersReport } from './reports.contract.ts'

// A quiet stretch of days no other test writes into: the figures below are exact.
const DAY1 = '2025-06-01'
const DAY2 = '2025-06-02'
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`)

let t: TestApp
let finance: SignedInClient
let alice: Awaited<ReturnType<typeof createPlayer>>
let bob: Awaited<ReturnType<typeof createPlayer>>

async function seedBet(values: {
  playerId: string
  game: string
  currency: string
  stake: bigint
  bonusStake?: bigint
  payout: bigint
  createdAt: Date
}) {
  await t.database.db.insert(bets).values({
    id: uuidv7(values.createdAt.getTime()),
    playerId: values.playerId,
    game: values.game,
    round: crypto.randomUUID(),
    currency: values.currency,
    stakeMinor: values.stake,
    bonusStakeMinor: values.bonusStake ?? 0n,
    payoutMinor: values.payout,
    multiplierBp: 0,
    clientRequestId: crypto.randomUUID(),
    outcome: {},
    createdAt: values.createdAt,
  })
}

async function seedPayment(values: {
  playerId: string
  direction: 'deposit' | 'withdrawal'
  currency: string
  amount: bigint
  status?: 'completed' | 'pending'
  completedAt: Date | null
}) {
  await t.database.db.insert(paymentTransactions).values({
    id: uuidv7(),
    playerId: values.playerId,
    direction: values.direction,
    methodId: 'card',
    currency: values.currency,
    amountMinor: values.amount,
    walletCurrency: values.currency,
    walletAmountMinor: values.amount,
    status: values.status ?? 'completed',
    idempotencyKey: crypto.randomUUID(),
    completedAt: values.completedAt,
  })
}

async function seedTransfer(code: string, currency: string, amount: bigint, createdAt: Date) {
  await t.database.db.insert(ledgerTransfers).values({
    id: uuidv7(createdAt.getTime()),
    idempotencyKey: crypto.randomUUID(),
    code,
    debitAccountId: crypto.randomUUID(),
    creditAccountId: crypto.randomUUID(),
    currency,
    amountMinor: amount,
    createdAt,
  })
}

beforeAll(async () => {
  t = await buildTestApp()
  finance = await signInOperator(t.app, await createOperator(t.database.db, ['finance']))
  const { db } = t.database
  // 1 EUR buys 2 USD: USD figures halve in EUR.
  await db.update(exchangeRates).set({ unitsPerEur: '2' }).where(eq(exchangeRates.currency, 'USD'))
  forgetRates(db)
  alice = await createPlayer(db)
  bob = await createPlayer(db, { currency: 'USD' })
  await db
    .update(players)
    .set({ createdAt: at(DAY1, '08:00:00') })
    .where(eq(players.id, alice.id))
  await db
    .update(players)
    .set({ createdAt: at(DAY2, '23:59:59') })
    .where(eq(players.id, bob.id))

  // Day 1, EUR: alice stakes 1000 (lost) and 500 (won 2000); a 400 stake of which 100 bonus wins 800.
  await seedBet({
    playerId: alice.id,
    game: 'dice',
    currency: 'EUR',
    stake: 1000n,
    payout: 0n,
    createdAt: at(DAY1),
  })
  await seedBet({
    playerId: alice.id,
    game: 'mines',
    currency: 'EUR',
    stake: 500n,
    payout: 2000n,
    createdAt: at(DAY1, '00:00:00'),
  })
  await seedBet({
    playerId: alice.id,
    game: 'dice',
    currency: 'EUR',
    stake: 400n,
    bonusStake: 100n,
    payout: 800n,
    createdAt: at(DAY1, '23:59:59'),
  })
  // Day 2: bob in USD, 3000 staked, 1000 won; alice a bet wholly of bonus money (left out of money).
  await seedBet({
    playerId: bob.id,
    game: 'dice',
    currency: 'USD',
    stake: 3000n,
    payout: 1000n,
    createdAt: at(DAY2),
  })
  await seedBet({
    playerId: alice.id,
    game: 'dice',
    currency: 'EUR',
    stake: 200n,
    bonusStake: 200n,
    payout: 5000n,
    createdAt: at(DAY2),
  })
  // Outside the range on both sides.
  await seedBet({
    playerId: alice.id,
    game: 'dice',
    currency: 'EUR',
    stake: 99_999n,
    payout: 0n,
    createdAt: new Date('2025-05-31T23:59:59.999Z'),
  })
  await seedBet({
    playerId: alice.id,
    game: 'dice',
    currency: 'EUR',
    stake: 99_999n,
    payout: 0n,
    createdAt: at('2025-06-03', '00:00:00'),
  })

  await seedPayment({
    playerId: alice.id,
    direction: 'deposit',
    currency: 'EUR',
    amount: 10_000n,
    completedAt: at(DAY1),
  })
  await seedPayment({
    playerId: alice.id,
    direction: 'deposit',
    currency: 'EUR',
    amount: 5_000n,
    completedAt: at(DAY2),
  })
  await seedPayment({
    playerId: bob.id,
    direction: 'deposit',
    currency: 'USD',
    amount: 8_000n,
    completedAt: at(DAY2),
  })
  await seedPayment({
    playerId: alice.id,
    direction: 'withdrawal',
    currency: 'EUR',
    amount: 3_000n,
    completedAt: at(DAY2),
  })
  await seedPayment({
    playerId: bob.id,
    direction: 'deposit',
    currency: 'USD',
    amount: 70_000n,
    status: 'pending',
    completedAt: null,
  })
  await seedPayment({
    playerId: bob.id,
    direction: 'deposit',
    currency: 'USD',
    amount: 70_000n,
    completedAt: at('2025-06-03', '00:00:01'),
  })

  await seedTransfer('bonus_grant', 'EUR', 1_000n, at(DAY1))
  await seedTransfer('bonus_release', 'EUR', 300n, at(DAY2))
  await seedTransfer('bonus_forfeit', 'EUR', 200n, at(DAY2))
  await seedTransfer('bonus_grant', 'USD', 4_000n, at(DAY2))
  await seedTransfer('bonus_release', 'USD', 600n, at(DAY1))
  await seedTransfer('bonus_release', 'EUR', 5_555n, at('2025-05-31', '23:00:00'))
})

const report = async <T>(path: string, client = finance) => {
  const response = await t.app.inject({ method: 'GET', url: path, headers: client.headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: T }>().data
}
const range = `from=${DAY1}&to=${DAY2}`

describe('GET /admin/api/reports/money', () => {
  it('sums completed deposits and withdrawals per day and currency, with EUR totals', async () => {
    const money = await report<MoneyReport>(`/admin/api/reports/money?${range}`)
    expect(money.rows).toEqual([
      {
        day: DAY1,
        currency: 'EUR',
        depositCount: 1,
        depositMinor: '10000',
        withdrawalCount: 0,
        withdrawalMinor: '0',
        depositEurMinor: '10000',
        withdrawalEurMinor: '0',
      },
      {
        day: DAY2,
        currency: 'EUR',
        depositCount: 1,
        depositMinor: '5000',
        withdrawalCount: 1,
        withdrawalMinor: '3000',
        depositEurMinor: '5000',
        withdrawalEurMinor: '3000',
      },
      {
        day: DAY2,
        currency: 'USD',
        depositCount: 1,
        depositMinor: '8000',
        withdrawalCount: 0,
        withdrawalMinor: '0',
        depositEurMinor: '4000',
        withdrawalEurMinor: '0',
      },
    ])
    expect(money.totals).toEqual({
      depositCount: 3,
      withdrawalCount: 1,
      depositEurMinor: '19000',
      withdrawalEurMinor: '3000',
      netEurMinor: '16000',
    })
  })

  it('groups by currency', async () => {
    const money = await report<MoneyReport>(`/admin/api/reports/money?${range}&groupBy=currency`)
    expect(
      money.rows.map((row) => [row.day, row.currency, row.depositMinor, row.withdrawalMinor]),
    ).toEqual([
      [null, 'EUR', '15000', '3000'],
      [null, 'USD', '8000', '0'],
    ])
  })
})

describe('GET /admin/api/reports/ggr', () => {
  it('counts real money only: stakes − wins, net of the bonus money released', async () => {
    const ggr = await report<GgrReport>(`/admin/api/reports/ggr?${range}`)
    // Day 1 EUR: stakes 1000 + 500 + 300 = 1800; wins 0 + 2000 + (800 − 800×100/400 = 600) = 2600.
    expect(ggr.rows).toEqual([
      {
        day: DAY1,
        game: null,
        currency: 'EUR',
        betCount: 3,
        stakeMinor: '1800',
        winMinor: '2600',
        ggrMinor: '-800',
        bonusCostMinor: '0',
        netMinor: '-800',
        ggrEurMinor: '-800',
        netEurMinor: '-800',
      },
      {
        day: DAY1,
        game: null,
        currency: 'USD',
        betCount: 0,
        stakeMinor: '0',
        winMinor: '0',
        ggrMinor: '0',
        bonusCostMinor: '600',
        netMinor: '-600',
        ggrEurMinor: '0',
        netEurMinor: '-300',
      },
      {
        day: DAY2,
        game: null,
        currency: 'EUR',
        betCount: 1,
        stakeMinor: '0',
        winMinor: '0',
        ggrMinor: '0',
        bonusCostMinor: '300',
        netMinor: '-300',
        ggrEurMinor: '0',
        netEurMinor: '-300',
      },
      {
        day: DAY2,
        game: null,
        currency: 'USD',
        betCount: 1,
        stakeMinor: '3000',
        winMinor: '1000',
        ggrMinor: '2000',
        bonusCostMinor: '0',
        netMinor: '2000',
        ggrEurMinor: '1000',
        netEurMinor: '1000',
      },
    ])
    expect(ggr.totals).toEqual({
      betCount: 5,
      stakeEurMinor: '3300',
      winEurMinor: '3100',
      ggrEurMinor: '200',
      bonusCostEurMinor: '600',
      netEurMinor: '-400',
    })
  })

  it('groups by game (no net per game) and by currency', async () => {
    const byGame = await report<GgrReport>(`/admin/api/reports/ggr?${range}&groupBy=game`)
    expect(byGame.rows.map((row) => [row.game, row.currency, row.ggrMinor, row.netMinor])).toEqual([
      ['dice', 'EUR', '700', null],
      ['dice', 'USD', '2000', null],
      ['mines', 'EUR', '-1500', null],
    ])
    const byCurrency = await report<GgrReport>(`/admin/api/reports/ggr?${range}&groupBy=currency`)
    expect(
      byCurrency.rows.map((row) => [row.currency, row.ggrMinor, row.bonusCostMinor, row.netMinor]),
    ).toEqual([
      ['EUR', '-800', '300', '-1100'],
      ['USD', '2000', '600', '1400'],
    ])
  })
})

describe('GET /admin/api/reports/bonus-cost', () => {
  it('sums bonus money granted, released and forfeited per currency', async () => {
    const cost = await report<BonusCostReport>(`/admin/api/reports/bonus-cost?${range}`)
    expect(cost.rows).toEqual([
      {
        currency: 'EUR',
        grantedMinor: '1000',
        releasedMinor: '300',
        forfeitedMinor: '200',
        grantedEurMinor: '1000',
        releasedEurMinor: '300',
        forfeitedEurMinor: '200',
      },
      {
        currency: 'USD',
        grantedMinor: '4000',
        releasedMinor: '600',
        forfeitedMinor: '0',
        grantedEurMinor: '2000',
        releasedEurMinor: '300',
        forfeitedEurMinor: '0',
      },
    ])
    expect(cost.totals).toEqual({
      grantedEurMinor: '3000',
      releasedEurMinor: '600',
      forfeitedEurMinor: '200',
    })
  })
})

describe('GET /admin/api/reports/players', () => {
  it('counts active players, registrations and depositors per day, every day listed', async () => {
    const counts = await report<PlayersReport>(
      `/admin/api/reports/players?from=${DAY1}&to=2025-06-03`,
    )
    expect(counts.rows).toEqual([
      { day: DAY1, activePlayers: 1, registrations: 1, depositors: 1 },
      { day: DAY2, activePlayers: 2, registrations: 1, depositors: 2 },
      { day: '2025-06-03', activePlayers: 1, registrations: 0, depositors: 1 },
    ])
    expect(counts.totals).toEqual({ activePlayers: 2, registrations: 2, depositors: 2 })
  })
})

describe('the reports’ inputs and CSV', () => {
  it.each([
    ['no range', ''],
    ['from after to', 'from=2025-06-02&to=2025-06-01'],
    ['more than 366 days', 'from=2024-01-01&to=2025-01-01'],
    ['a malformed day', 'from=2025-6-1&to=2025-06-02'],
    ['an unknown grouping', `${range}&groupBy=week`],
  ])('refuses %s with 400', async (_name, query) => {
    for (const path of ['money', 'ggr', 'bonus-cost', 'players', 'money.csv']) {
      if (query.includes('groupBy') && (path === 'bonus-cost' || path === 'players')) continue
      const refused = await t.app.inject({
        method: 'GET',
        url: `/admin/api/reports/${path}?${query}`,
        headers: finance.headers,
      })
      expect(refused.statusCode, `${path}?${query}`).toBe(400)
      expect(refused.json()).toMatchObject({ errors: { code: 'request.invalid' } })
    }
  })

  it('takes exactly 366 days', async () => {
    await report<PlayersReport>('/admin/api/reports/players?from=2024-01-01&to=2024-12-31')
  })

  it('answers the same rows as CSV, a plain link being enough', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/api/reports/ggr.csv?${range}&groupBy=game`,
      headers: { cookie: finance.cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ggr-by-game-${DAY1}-${DAY2}.csv"`,
    )
    expect(response.body.split('\r\n')).toEqual([
      'day,game,currency,betCount,stakeMinor,winMinor,ggrMinor,bonusCostMinor,netMinor,ggrEurMinor,netEurMinor',
      ',dice,EUR,3,1300,600,700,,,700,',
      ',dice,USD,1,3000,1000,2000,,,1000,',
      ',mines,EUR,1,500,2000,-1500,,,-1500,',
      '',
    ])
    const visitor = await t.app.inject({
      method: 'GET',
      url: `/admin/api/reports/players.csv?${range}`,
      headers: API_HEADERS,
    })
    expect(visitor.statusCode).toBe(401)
  })
})
