import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, FACTORY_PASSWORD, signIn } from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { paymentTransactions } from './payments.tables.ts'
import { withdrawableAndDeposited } from './transactions.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

interface WireTransaction {
  id: string
  type: string
  status: string
  method_name: string
  amount: string
  can_cancel: boolean
  created_at: string
}

/** A payment row as the cashier writes it, dated `createdAt`. */
async function insertPayment(
  playerId: string,
  values: Partial<typeof paymentTransactions.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(paymentTransactions)
    .values({
      id: uuidv7(),
      playerId,
      direction: 'deposit',
      methodId: 'card',
      currency: 'EUR',
      amountMinor: 50_00n,
      walletCurrency: 'EUR',
      walletAmountMinor: 50_00n,
      status: 'completed',
      idempotencyKey: randomUUID(),
      ...values,
    })
    .returning()
  if (!row) throw new Error('no row')
  return row
}

async function player() {
  const account = await createPlayer(t.database.db)
  return { id: account.id, headers: (await signIn(t.app, account)).headers }
}

const list = (headers: Record<string, string>, query: string) =>
  t.app.inject({ method: 'GET', url: `/player/transactions?${query}`, headers })

describe('GET /player/transactions', () => {
  it('answers the player’s payments newest first with the total, paged and filtered', async () => {
    const me = await player()
    const day = (iso: string) => new Date(iso)
    const old = await insertPayment(me.id, { createdAt: day('2024-01-10T12:00:00Z') })
    const pending = await insertPayment(me.id, {
      direction: 'withdrawal',
      methodId: 'bank_transfer',
      status: 'pending',
      createdAt: day('2024-03-01T08:00:00Z'),
    })
    const newer = await insertPayment(me.id, {
      direction: 'withdrawal',
      methodId: 'bank_transfer',
      status: 'pending',
      createdAt: day('2024-03-05T23:59:00Z'),
    })
    await insertPayment(me.id, {
      currency: 'BTC',
      methodId: 'crypto_btc',
      walletCurrency: 'BTC',
      createdAt: day('2024-02-01T00:00:00Z'),
    })
    const other = await player()
    await insertPayment(other.id, { createdAt: day('2024-03-06T00:00:00Z') })

    const all = await list(me.headers, 'pageSize=2&page=0')
    expect(all.statusCode, all.body).toBe(200)
    const body = all.json<{ data: { transactions: WireTransaction[]; total: number } }>()
    expect(body.data.total).toBe(4)
    expect(body.data.transactions.map((entry) => entry.id)).toEqual([newer.id, pending.id])
    const second = await list(me.headers, 'pageSize=2&page=1')
    expect(
      second.json<{ data: { transactions: WireTransaction[] } }>().data.transactions,
    ).toHaveLength(2)

    // The spec's cash-out lookup answers the newest pending withdrawal.
    const cashOut = await list(
      me.headers,
      'pageSize=1&page=0&dateFrom=2000/01/01&dateTo=2100/01/01&status=pending&transactionType=withdrawal',
    )
    expect(cashOut.json()).toMatchObject({
      success: true,
      data: { total: 2, transactions: [{ id: newer.id, type: 'withdrawal', can_cancel: true }] },
    })

    const deposits = await list(me.headers, 'transactionType=deposit&currency=EUR')
    expect(
      deposits
        .json<{ data: { transactions: WireTransaction[] } }>()
        .data.transactions.map((entry) => entry.id),
    ).toEqual([old.id])
    // dateTo counts its whole day.
    const march = await list(me.headers, 'dateFrom=2024-03-01&dateTo=2024-03-05')
    expect(march.json<{ data: { total: number } }>().data.total).toBe(2)
    const noneYet = await list(me.headers, 'dateFrom=2024/03/06')
    expect(noneYet.json<{ data: { total: number } }>().data.total).toBe(0)
  })

  it('names methods in the language of the locale cookie, else Accept-Language', async () => {
    const me = await player()
    await insertPayment(me.id, { methodId: 'bank_transfer' })
    const names = async (headers: Record<string, string>) =>
      (await list(headers, '')).json<{ data: { transactions: WireTransaction[] } }>().data
        .transactions[0]?.method_name
    expect(await names(me.headers)).toBe('Bank transfer')
    const german = await names({ ...me.headers, 'accept-language': 'de-DE,de;q=0.9' })
    const finnish = await names({ ...me.headers, cookie: `${me.headers.cookie}; aurum_locale=fi` })
    expect(german).not.toBe('Bank transfer')
    expect(finnish).not.toBe('Bank transfer')
    expect(german).not.toBe(finnish)
  })

  it('refuses bad filters and signed-out visitors', async () => {
    const me = await player()
    for (const query of [
      'pageSize=0',
      'pageSize=101',
      'page=-1',
      'status=lost',
      'dateFrom=yesterday',
      'currency=XYZ',
      'transactionType=bet',
    ]) {
      const response = await list(me.headers, query)
      expect(response.statusCode, query).toBe(400)
    }
    const visitor = await list({ ...API_HEADERS }, '')
    expect(visitor.statusCode).toBe(401)
  })
})

describe('withdrawableAndDeposited', () => {
  it('answers the cash balance and the completed deposits of one currency', async () => {
    const me = await createPlayer(t.database.db)
    expect(await withdrawableAndDeposited(t.database.db, me.id, 'EUR')).toEqual({
      availableToWithdrawMinor: 0n,
      wagerRemainingMinor: 0n,
      totalDepositedMinor: 0n,
    })
    await fundPlayer(t.database.db, me.id, 'EUR', 120_00n)
    await insertPayment(me.id, { walletAmountMinor: 70_00n })
    await insertPayment(me.id, { walletAmountMinor: 50_00n })
    await insertPayment(me.id, { walletAmountMinor: 999_00n, status: 'pending' })
    await insertPayment(me.id, { walletAmountMinor: 10_00n, direction: 'withdrawal' })
    await insertPayment(me.id, { walletCurrency: 'USD', walletAmountMinor: 5_00n })
    const { headers } = await signIn(t.app, me)
    const response = await t.app.inject({
      method: 'POST',
      url: '/payment/withdraw',
      headers,
      payload: {
        method_id: 'bank_transfer',
        currency: 'EUR',
        amount: '2000',
        fields: { iban: 'FI2112345600000785', holder: 'Robin Tester' },
        idempotency_key: randomUUID(),
        // A destination new to the player is confirmed with the password.
        password: FACTORY_PASSWORD,
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    // Held money is not withdrawable again.
    expect(await withdrawableAndDeposited(t.database.db, me.id, 'EUR')).toEqual({
      availableToWithdrawMinor: 100_00n,
      // Payments written straight to the table credit no wagering (the credit-deposit flow does).
      wagerRemainingMinor: 0n,
      totalDepositedMinor: 120_00n,
    })
  })
})
