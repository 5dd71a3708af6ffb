import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { derivePaymentWebhookSecret } from '#server/config/env.ts'
import { checkBooks, playerBalances } from '#server/modules/ledger/index.ts'
import {
  completeProfile,
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
} from '#tests/factories/players.ts'
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '#tests/helpers/build-test-app.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { cryptoDepositAddresses, paymentTransactions } from './payments.tables.ts'
import { webhookHeaders } from './standard-webhooks.ts'

let t: TestApp
let finance: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  finance = (await signInOperator(t.app, await createOperator(t.database.db, ['finance']))).headers
}, 60_000)
afterEach(async () => {
  expect(await checkBooks(t.database.db)).toMatchObject({ isBalanced: true })
})

const SECRET = derivePaymentWebhookSecret(TEST_SESSION_SECRET)

interface Answer<T> {
  data: T
  errors: { code: string } | null
}

/** A signed-in EUR player with a Bitcoin deposit address. */
async function player() {
  const account = await createPlayer(t.database.db)
  await completeProfile(t.database.db, account.id)
  const address = `bc1q${randomUUID().replaceAll('-', '')}`
  await t.database.db
    .insert(cryptoDepositAddresses)
    .values({ playerId: account.id, currency: 'BTC', address })
  return { id: account.id, address, headers: (await signIn(t.app, account)).headers }
}

/** The gateway reports a confirmed transfer of `sats` to the address. */
function transfer(address: string, sats: string) {
  const body = JSON.stringify({
    type: 'crypto.deposit',
    data: {
      address,
      currency: 'BTC',
      amount: sats,
      txid: `tx${randomUUID().replaceAll('-', '')}`,
      confirmations: 3,
    },
  })
  return t.app.inject({
    method: 'POST',
    url: '/payment/webhook/sandbox_crypto',
    headers: {
      'content-type': 'application/json',
      ...webhookHeaders(SECRET, `msg_${randomUUID()}`, body),
    },
    payload: body,
  })
}

async function balances(playerId: string) {
  const rows = await playerBalances(t.database.db, playerId)
  const of = (kind: string) =>
    rows.find((row) => row.currency === 'EUR' && row.kind === kind)?.balanceMinor ?? 0n
  return { cash: of('cash'), held: of('held') }
}

const setDayLimit = (headers: Record<string, string>, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/player/deposit-limits',
    headers,
    payload: { period: 'day', amount },
  })

const decide = (id: string, decision: 'release' | 'return', payload?: { reason: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/api/deposits/${id}/${decision}`,
    headers: finance,
    ...(payload !== undefined && { payload }),
  })

describe('a crypto deposit above the method maximum', () => {
  it('is held for review, shown as such, and released by an operator once', async () => {
    const client = await player()
    // 1 BTC is about 90,000 EUR after the spread: above the method's 50,000 EUR maximum.
    const sent = await transfer(client.address, '100000000')
    expect(sent.statusCode).toBe(200)
    const { transaction_id: id, status } =
      sent.json<Answer<{ transaction_id: string; status: string }>>().data
    expect(status).toBe('pending')
    expect(await balances(client.id)).toEqual({ cash: 0n, held: 9_000_000n })

    const history = await t.app.inject({
      method: 'GET',
      url: '/player/transactions?transactionType=deposit',
      headers: client.headers,
    })
    expect(
      history.json<Answer<{ transactions: { id: string; next_action: unknown }[] }>>().data
        .transactions,
    ).toContainEqual(
      expect.objectContaining({
        id,
        next_action: { type: 'operator_review', reason: 'method_max' },
      }),
    )
    // Playing with it is not possible: a bet of 10 EUR finds no cash.
    const bet = await t.app.inject({
      method: 'POST',
      url: '/games/originals/dice/bet',
      headers: client.headers,
      payload: {
        amount: '1000',
        currency: 'EUR',
        target: 5000,
        direction: 'over',
        client_request_id: randomUUID(),
      },
    })
    expect(bet.statusCode).toBe(409)

    const queue = await t.app.inject({
      method: 'GET',
      url: '/admin/api/deposits/review',
      headers: finance,
    })
    const queued = queue
      .json<Answer<{ deposits: { id: string; details: Record<string, string> }[] }>>()
      .data.deposits.find((deposit) => deposit.id === id)
    expect(queued?.details.review).toBe('method_max')
    const released = await decide(id, 'release')
    expect(released.statusCode, released.body).toBe(200)
    expect(released.json<Answer<{ status: string }>>().data.status).toBe('completed')
    expect(await balances(client.id)).toEqual({ cash: 9_000_000n, held: 0n })
    expect((await decide(id, 'release')).statusCode).toBe(409)
    expect((await decide(id, 'return', { reason: 'late' })).statusCode).toBe(409)
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.playerId, client.id))
    expect(audit.map((event) => event.action)).toContain('deposit.released')
  })

  it('refuses players, other roles and unknown ids', async () => {
    const client = await player()
    const sent = await transfer(client.address, '100000000')
    const { transaction_id: id } = sent.json<Answer<{ transaction_id: string }>>().data
    const support = (await signInOperator(t.app, await createOperator(t.database.db, ['support'])))
      .headers
    const url = `/admin/api/deposits/${id}/release`
    expect((await t.app.inject({ method: 'POST', url, headers: client.headers })).statusCode).toBe(
      401,
    )
    expect((await t.app.inject({ method: 'POST', url, headers: support })).statusCode).toBe(403)
    expect((await decide(randomUUID(), 'release')).statusCode).toBe(404)
    expect(await balances(client.id)).toEqual({ cash: 0n, held: 9_000_000n })
    // Tidy: the books are checked after every test, held money included.
    expect((await decide(id, 'return', { reason: 'Source of funds not shown' })).statusCode).toBe(
      200,
    )
  })
})

describe('a crypto deposit above the player’s deposit limit', () => {
  it('is held; releasing it stays within the limit, so it is returned', async () => {
    const client = await player()
    expect((await setDayLimit(client.headers, '10000')).statusCode).toBe(200)
    // 0.002 BTC is 180.00 EUR (after the conversion spread): above the 100 EUR a day the player allowed themself.
    const sent = await transfer(client.address, '200000')
    const { transaction_id: id } = sent.json<Answer<{ transaction_id: string }>>().data
    expect(await balances(client.id)).toEqual({ cash: 0n, held: 18000n })
    const [row] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, id))
    expect(row).toMatchObject({ status: 'pending', nextAction: 'operator_review' })
    expect(row?.details.review).toBe('deposit_limit')

    const release = await decide(id, 'release')
    expect(release.statusCode).toBe(409)
    expect(release.json<Answer<null>>().errors?.code).toBe('payments.deposit_limit_exceeded')
    expect(await balances(client.id)).toEqual({ cash: 0n, held: 18000n })

    expect((await decide(id, 'return', { reason: '' })).statusCode).toBe(400)
    const returned = await decide(id, 'return', { reason: 'Above your daily deposit limit' })
    expect(returned.statusCode).toBe(200)
    expect(returned.json<Answer<{ status: string; details: unknown }>>().data).toMatchObject({
      status: 'rejected',
      details: { reason: 'Above your daily deposit limit' },
    })
    expect(await balances(client.id)).toEqual({ cash: 0n, held: 0n })
    // Within the limit, a transfer goes straight to play.
    await transfer(client.address, '100000')
    expect(await balances(client.id)).toEqual({ cash: 9000n, held: 0n })
  })

  it('two transfers at once near the limit cannot both go to play', async () => {
    const client = await player()
    expect((await setDayLimit(client.headers, '30000')).statusCode).toBe(200)
    // Six transfers of 180.00 EUR (after the conversion spread) each against 300 EUR a day.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => transfer(client.address, '200000')),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200))
    const { cash, held } = await balances(client.id)
    expect(cash).toBeLessThanOrEqual(30000n)
    expect(cash + held).toBe(6n * 18000n)
  })
})

describe('POST /admin/api/deposits/{id}/confirm', () => {
  const startBank = async (headers: Record<string, string>, amount: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/payment/deposit',
      headers,
      payload: {
        method_id: 'bank_transfer',
        currency: 'EUR',
        amount,
        idempotency_key: randomUUID(),
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Answer<{ transaction_id: string }>>().data.transaction_id
  }
  const confirm = (id: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${id}/confirm`,
      headers: finance,
      payload,
    })

  it('credits the amount the operator saw arrive, not the announced one, and records both', async () => {
    const client = await player()
    const id = await startBank(client.headers, '10000')
    expect((await confirm(id, {})).statusCode).toBe(400)
    expect((await confirm(id, { amount: '0', currency: 'EUR' })).statusCode).toBe(400)
    const wrongCurrency = await confirm(id, { amount: '5000', currency: 'USD' })
    expect(wrongCurrency.statusCode).toBe(400)
    expect(wrongCurrency.json<Answer<null>>().errors?.code).toBe(
      'payments.confirm_currency_mismatch',
    )
    expect(await balances(client.id)).toEqual({ cash: 0n, held: 0n })
    const confirmed = await confirm(id, { amount: '5000', currency: 'EUR' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await balances(client.id)).toEqual({ cash: 5000n, held: 0n })
    const [row] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, id))
    expect(row).toMatchObject({ status: 'completed', amountMinor: 5000n, walletAmountMinor: 5000n })
    expect(row?.details.announced_amount).toBe('10000')
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'deposit.confirmed'))
    expect(audits.map((audit) => audit.details)).toContainEqual(
      expect.objectContaining({ paymentId: id, amountMinor: '5000', currency: 'EUR' }),
    )
  })

  it('holds for review a transfer above the player’s limit or the method’s maximum', async () => {
    const client = await player()
    expect((await setDayLimit(client.headers, '10000')).statusCode).toBe(200)
    const id = await startBank(client.headers, '5000')
    const held = await confirm(id, { amount: '50000', currency: 'EUR' })
    expect(held.json<Answer<{ status: string; next_action: unknown }>>().data).toMatchObject({
      status: 'pending',
      next_action: { type: 'operator_review', reason: 'deposit_limit' },
    })
    expect(await balances(client.id)).toEqual({ cash: 0n, held: 50000n })
    expect((await confirm(id, { amount: '50000', currency: 'EUR' })).statusCode).toBe(409)
    expect((await decide(id, 'return', { reason: 'Above the limit' })).statusCode).toBe(200)

    const other = await player()
    const big = await startBank(other.headers, '5000')
    // 25,000 EUR: above the bank method's 20,000 EUR.
    await confirm(big, { amount: '2500000', currency: 'EUR' })
    expect(await balances(other.id)).toEqual({ cash: 0n, held: 2_500_000n })
    expect((await decide(big, 'release')).statusCode).toBe(200)
    expect(await balances(other.id)).toEqual({ cash: 2_500_000n, held: 0n })
  })
})
