import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  completeProfile,
  createOperator,
  createPlayer,
  FACTORY_PASSWORD,
  signIn,
  signInOperator,
} from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { siteSettings } from '#server/modules/site/site.tables.ts'
import { paymentTransactions } from './payments.tables.ts'

/*
 * The operators' queues (issue 27): four-eyes on withdrawals above the second-approval amount,
 * the withdrawal queue's filters, the bank transfers to confirm and the deposits held for review.
 * The races run on PostgreSQL in CI (`TEST_DATABASE_URL`); PGlite serialises them.
 */

let t: TestApp
/** 50 EUR: a withdrawal of 60 EUR needs two approvals, one of 30 EUR one. */
const SECOND_APPROVAL_ABOVE = 50_00
beforeAll(async () => {
  t = await buildTestApp()
  await t.database.db
    .insert(siteSettings)
    .values({ key: 'withdrawalSecondApprovalEurMinor', value: SECOND_APPROVAL_ABOVE })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: SECOND_APPROVAL_ABOVE } })
  await t.app.bus.publish('site.changed', { scope: 'settings' })
}, 60_000)
afterEach(async () => {
  expect(await checkBooks(t.database.db)).toMatchObject({ isBalanced: true })
})

interface Answer<T> {
  data: T
  errors: { code: string; fields?: Record<string, string[]> } | null
}
interface Withdrawal {
  id: string
  status: string
  wallet_amount: string
  player: { email: string }
  approvals: { needed: 1 | 2; first: { id: string; name: string; at: string } | null }
}

const IBAN = 'FI2112345600000785'

/** A player with 200 EUR who asked to withdraw `amount` euro cents by bank transfer. */
async function withdrawal(amount: string, currency = 'EUR') {
  const account = await createPlayer(t.database.db, { currency })
  await fundPlayer(t.database.db, account.id, currency === 'USD' ? 'USD' : 'EUR', 200_00n)
  const { headers } = await signIn(t.app, account)
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment/withdraw',
    headers,
    payload: {
      method_id: 'bank_transfer',
      currency,
      amount,
      fields: { iban: IBAN, holder: 'Robin Tester' },
      idempotency_key: randomUUID(),
      password: FACTORY_PASSWORD,
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  const id = response.json<Answer<{ transaction_id: string }>>().data.transaction_id
  return { id, playerId: account.id, email: account.email }
}

/** A finance operator signed in once, and the same operator's second session when asked. */
async function finance(sessions = 1) {
  const account = await createOperator(t.database.db, ['finance'])
  const clients = []
  // Each TOTP code signs in once: the earlier session uses the previous step's code.
  for (let index = sessions - 1; index >= 0; index--) {
    clients.push((await signInOperator(t.app, account, Date.now() - index * 30_000)).headers)
  }
  return { id: account.id, sessions: clients }
}

const approve = (headers: Record<string, string>, id: string) =>
  t.app.inject({ method: 'POST', url: `/admin/api/withdrawals/${id}/approve`, headers })

const heldOf = (playerId: string) =>
  accountBalance(t.database.db, { playerId, kind: 'held', currency: 'EUR' })
const cashOf = (playerId: string) =>
  accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' })

const auditOf = (playerId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.playerId, playerId), eq(auditEvents.action, action)))

const notificationsOf = (playerId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.playerId, playerId))

const statusOf = async (id: string) =>
  (
    await t.database.db
      .select({ status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, id))
  )[0]?.status

describe('four-eyes on withdrawals above the second-approval amount', () => {
  it('records the first approval, refuses the same operator again, pays on another’s', async () => {
    const first = await finance(2)
    const second = await finance()
    const [firstSession, otherSession] = first.sessions as [
      Record<string, string>,
      Record<string, string>,
    ]
    const { id, playerId } = await withdrawal('6000')

    const recorded = await approve(firstSession, id)
    expect(recorded.statusCode, recorded.body).toBe(200)
    const waiting = recorded.json<Answer<Withdrawal>>().data
    expect(waiting).toMatchObject({
      status: 'pending',
      approvals: { needed: 2, first: { id: first.id, name: 'Olli Operator' } },
    })
    expect(Date.parse(waiting.approvals.first?.at ?? '')).not.toBeNaN()
    // Nothing moved and the player was told nothing yet.
    expect(await heldOf(playerId)).toBe(6000n)
    expect(await notificationsOf(playerId)).toHaveLength(0)
    expect(await auditOf(playerId, 'withdrawal.first_approved')).toMatchObject([
      { actorId: first.id, details: { withdrawalId: id, amountMinor: '6000', currency: 'EUR' } },
    ])

    // The same operator, from the same session or another one, cannot give the second approval.
    for (const headers of [firstSession, otherSession]) {
      const again = await approve(headers, id)
      expect(again.statusCode, again.body).toBe(409)
      expect(again.json<Answer<null>>().errors?.code).toBe('withdrawals.second_approver_required')
    }
    expect(await statusOf(id)).toBe('pending')
    expect(await heldOf(playerId)).toBe(6000n)

    // The queue shows it waiting for a second approver.
    const queue = await t.app.inject({
      method: 'GET',
      url: '/admin/api/withdrawals?approval=awaiting_second&pageSize=100',
      headers: second.sessions[0],
    })
    expect(
      queue.json<Answer<{ withdrawals: Withdrawal[] }>>().data.withdrawals.map((row) => row.id),
    ).toContain(id)

    const paid = await approve(second.sessions[0] ?? {}, id)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json<Answer<Withdrawal>>().data).toMatchObject({
      status: 'completed',
      approvals: { needed: 2, first: { id: first.id } },
    })
    expect(await heldOf(playerId)).toBe(0n)
    expect(await notificationsOf(playerId)).toMatchObject([{ type: 'withdrawal_approved' }])
    expect(await auditOf(playerId, 'withdrawal.approved')).toMatchObject([
      { actorId: second.id, details: { withdrawalId: id, firstApproverId: first.id } },
    ])
  })

  it('pays at or below the amount on one approval', async () => {
    const operator = await finance()
    const { id, playerId } = await withdrawal('5000')
    const paid = await approve(operator.sessions[0] ?? {}, id)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json<Answer<Withdrawal>>().data).toMatchObject({
      status: 'completed',
      approvals: { needed: 1, first: null },
    })
    expect(await heldOf(playerId)).toBe(0n)
    expect(await auditOf(playerId, 'withdrawal.first_approved')).toHaveLength(0)
  })

  it('compares the EUR-equivalent of another currency with the amount', async () => {
    const operator = await finance()
    // 60 USD is about 55 EUR at the seeded rate: above 50 EUR.
    const { id } = await withdrawal('6000', 'USD')
    const answer = await approve(operator.sessions[0] ?? {}, id)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json<Answer<Withdrawal>>().data).toMatchObject({
      status: 'pending',
      approvals: { needed: 2, first: { id: operator.id } },
    })
  })

  it('rejects after a first approval: the money goes back, the player is told', async () => {
    const first = await finance()
    const second = await finance()
    const { id, playerId } = await withdrawal('7000')
    expect((await approve(first.sessions[0] ?? {}, id)).statusCode).toBe(200)
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${id}/reject`,
      headers: second.sessions[0],
      payload: { reason: 'The account holder does not match' },
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json<Answer<Withdrawal>>().data.status).toBe('rejected')
    expect(await heldOf(playerId)).toBe(0n)
    expect(await cashOf(playerId)).toBe(200_00n)
    expect(await notificationsOf(playerId)).toMatchObject([{ type: 'withdrawal_rejected' }])
    // Decided: a late second approval finds nothing to pay.
    const late = await approve(first.sessions[0] ?? {}, id)
    expect(late.json<Answer<null>>().errors?.code).toBe('withdrawals.not_pending')
  })

  it('two operators approving at once: one first approval, at most one payout, never one pair of eyes', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await finance()
      const b = await finance()
      const { id, playerId } = await withdrawal('8000')
      const answers = await Promise.all([
        approve(a.sessions[0] ?? {}, id),
        approve(b.sessions[0] ?? {}, id),
      ])
      // Both are accepted (first, then second pays) or the later one is refused cleanly.
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode)
      const [row] = await t.database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, id))
      expect(row?.firstApproverId).toMatch(/./)
      const payouts = await auditOf(playerId, 'withdrawal.approved')
      expect(payouts.length).toBeLessThanOrEqual(1)
      if (row?.status === 'completed') {
        expect(payouts[0]?.actorId).not.toBe(row.firstApproverId)
        expect(await heldOf(playerId)).toBe(0n)
      } else {
        expect(row?.status).toBe('pending')
        expect(await heldOf(playerId)).toBe(8000n)
      }
      expect(await auditOf(playerId, 'withdrawal.first_approved')).toHaveLength(1)
    }
  })

  it('one operator approving from two sessions at once never pays', async () => {
    for (let round = 0; round < 3; round++) {
      const operator = await finance(2)
      const { id, playerId } = await withdrawal('9000')
      const answers = await Promise.all(operator.sessions.map((headers) => approve(headers, id)))
      const codes = answers.map((answer) => answer.statusCode).sort()
      expect(codes).toEqual([200, 409])
      const refused = answers.find((answer) => answer.statusCode === 409)
      expect(refused?.json<Answer<null>>().errors?.code).toBe(
        'withdrawals.second_approver_required',
      )
      expect(await statusOf(id)).toBe('pending')
      expect(await heldOf(playerId)).toBe(9000n)
      expect(await auditOf(playerId, 'withdrawal.approved')).toHaveLength(0)
    }
  })
})

describe('the withdrawal queue', () => {
  it('filters by e-mail, currency, amount and approval step, sorts by amount, pages', async () => {
    const operator = await finance()
    const headers = operator.sessions[0] ?? {}
    const small = await withdrawal('2100')
    const large = await withdrawal('6100')
    const usd = await withdrawal('2200', 'USD')
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/admin/api/withdrawals?${query}`,
        headers,
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json<
        Answer<{ withdrawals: Withdrawal[]; total: number; page: number; pageSize: number }>
      >().data
    }
    const byEmail = await list(
      `email=${encodeURIComponent(small.email.slice(0, 20).toUpperCase())}`,
    )
    expect(byEmail.withdrawals.map((row) => row.id)).toEqual([small.id])
    expect(byEmail.total).toBe(1)

    const inUsd = await list('currency=USD&pageSize=100')
    expect(inUsd.withdrawals.map((row) => row.id)).toContain(usd.id)
    expect(inUsd.withdrawals.map((row) => row.id)).not.toContain(small.id)

    const ranged = await list('currency=EUR&amountMin=6100&amountMax=6100&pageSize=100')
    expect(ranged.withdrawals.map((row) => row.id)).toEqual([large.id])

    const byAmount = await list('currency=EUR&sort=-amount&pageSize=100')
    const amounts = byAmount.withdrawals.map((row) => BigInt(row.wallet_amount))
    expect(amounts).toEqual([...amounts].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0)))

    const firstPage = await list('pageSize=1&page=1')
    const secondPage = await list('pageSize=1&page=2')
    expect(firstPage.total).toBeGreaterThanOrEqual(3)
    expect(firstPage.withdrawals[0]?.id).not.toBe(secondPage.withdrawals[0]?.id)
    expect(secondPage).toMatchObject({ page: 2, pageSize: 1 })

    await approve(headers, large.id)
    expect(
      (await list('approval=awaiting_second&pageSize=100')).withdrawals.map((r) => r.id),
    ).toContain(large.id)
    expect(
      (await list('approval=awaiting_first&pageSize=100')).withdrawals.map((r) => r.id),
    ).not.toContain(large.id)
    // A decided withdrawal waits for nobody.
    expect((await list('status=completed&approval=awaiting_second')).total).toBe(0)
  })

  it('refuses bad filters with 400 and the field', async () => {
    const headers = (await finance()).sessions[0] ?? {}
    for (const [query, field] of [
      ['amountMin=500&amountMax=100', 'amountMax'],
      ['amountMin=-1', 'amountMin'],
      ['currency=XXX', 'currency'],
      ['approval=maybe', 'approval'],
      ['sort=player', 'sort'],
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
      ['status=lost', 'status'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/admin/api/withdrawals?${query}`,
        headers,
      })
      expect(response.statusCode, query).toBe(400)
      const { errors } = response.json<Answer<null>>()
      expect(errors?.code).toBe('request.invalid')
      expect(Object.keys(errors?.fields ?? {}).join(), query).toContain(field)
    }
  })
})

interface Deposit {
  id: string
  status: string
  amount: string
  currency: string
  provider_reference: string | null
  player: { id: string; email: string }
  details: Record<string, string>
}

/** A player who started a bank transfer of `amount` euro cents. */
async function bankTransfer(amount: string) {
  const account = await createPlayer(t.database.db)
  await completeProfile(t.database.db, account.id)
  const { headers } = await signIn(t.app, account)
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment/deposit',
    headers,
    payload: { method_id: 'bank_transfer', currency: 'EUR', amount, idempotency_key: randomUUID() },
  })
  expect(response.statusCode, response.body).toBe(200)
  const data =
    response.json<Answer<{ transaction_id: string; next_action: { reference: string } }>>().data
  return {
    id: data.transaction_id,
    reference: data.next_action.reference,
    playerId: account.id,
    email: account.email,
    headers,
  }
}

describe('bank transfers to confirm', () => {
  it('lists pending bank transfers oldest first with reference and announced amount, pages', async () => {
    const headers = (await finance()).sessions[0] ?? {}
    const older = await bankTransfer('4000')
    const newer = await bankTransfer('4500')
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/api/deposits/bank?pageSize=100',
      headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    const { data } = response.json<Answer<{ deposits: Deposit[]; total: number }>>()
    const ids = data.deposits.map((row) => row.id)
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id))
    expect(data.deposits.find((row) => row.id === newer.id)).toMatchObject({
      status: 'pending',
      amount: '4500',
      currency: 'EUR',
      provider_reference: newer.reference,
      player: { id: newer.playerId, email: newer.email },
    })
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/admin/api/deposits/bank?email=${encodeURIComponent(older.email)}`,
      headers,
    })
    expect(byEmail.json<Answer<{ deposits: Deposit[]; total: number }>>().data).toMatchObject({
      total: 1,
      deposits: [{ id: older.id }],
    })
    const paged = await t.app.inject({
      method: 'GET',
      url: '/admin/api/deposits/bank?pageSize=1&page=2',
      headers,
    })
    expect(paged.json<Answer<{ deposits: Deposit[]; page: number }>>().data).toMatchObject({
      page: 2,
      pageSize: 1,
    })
    for (const query of ['pageSize=0', 'pageSize=101', 'page=-1']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/admin/api/deposits/bank?${query}`,
        headers,
      })
      expect(bad.statusCode, query).toBe(400)
    }
  })

  it('confirms with the amount received, audited with the credit, and leaves the queue', async () => {
    const operator = await finance()
    const headers = operator.sessions[0] ?? {}
    const transfer = await bankTransfer('5000')
    const url = `/admin/api/deposits/${transfer.id}/confirm`
    for (const [payload, code] of [
      [{ amount: '0', currency: 'EUR' }, 'payments.amount_invalid'],
      [{ amount: '12.50', currency: 'EUR' }, 'request.invalid'],
      [{ amount: '4900', currency: 'USD' }, 'payments.confirm_currency_mismatch'],
      [{ amount: '4900' }, 'request.invalid'],
    ] as const) {
      const refused = await t.app.inject({ method: 'POST', url, headers, payload })
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400)
      expect(refused.json<Answer<null>>().errors?.code).toBe(code)
    }
    expect(await auditOf(transfer.playerId, 'deposit.confirmed')).toHaveLength(0)

    const confirmed = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { amount: '4900', currency: 'EUR' },
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json<Answer<{ status: string }>>().data.status).toBe('completed')
    expect(await cashOf(transfer.playerId)).toBe(4900n)
    expect(await auditOf(transfer.playerId, 'deposit.confirmed')).toMatchObject([
      {
        actorType: 'operator',
        actorId: operator.id,
        details: {
          paymentId: transfer.id,
          amountMinor: '4900',
          currency: 'EUR',
          announcedMinor: '5000',
        },
      },
    ])
    const queue = await t.app.inject({
      method: 'GET',
      url: `/admin/api/deposits/bank?email=${encodeURIComponent(transfer.email)}`,
      headers,
    })
    expect(queue.json<Answer<{ total: number }>>().data.total).toBe(0)

    const again = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { amount: '4900', currency: 'EUR' },
    })
    expect(again.statusCode).toBe(409)
    expect(await auditOf(transfer.playerId, 'deposit.confirmed')).toHaveLength(1)
    for (const [id, status] of [
      ['not-a-uuid', 400],
      [randomUUID(), 404],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/admin/api/deposits/${id}/confirm`,
        headers,
        payload: { amount: '100', currency: 'EUR' },
      })
      expect(response.statusCode, id).toBe(status)
    }
  })
})

describe('deposits held for review', () => {
  it('lists them a page at a time and returns one with a reason', async () => {
    const headers = (await finance()).sessions[0] ?? {}
    // A 20 EUR daily deposit limit, then 30 EUR arrives: held for review.
    const transfer = await bankTransfer('3000')
    const limit = await t.app.inject({
      method: 'POST',
      url: '/player/deposit-limits',
      headers: transfer.headers,
      payload: { period: 'day', amount: '2000' },
    })
    expect(limit.statusCode, limit.body).toBe(200)
    const held = await t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${transfer.id}/confirm`,
      headers,
      payload: { amount: '3000', currency: 'EUR' },
    })
    expect(held.json<Answer<{ status: string }>>().data.status).toBe('pending')

    const review = await t.app.inject({
      method: 'GET',
      url: `/admin/api/deposits/review?email=${encodeURIComponent(transfer.email)}&pageSize=5`,
      headers,
    })
    expect(review.statusCode, review.body).toBe(200)
    expect(review.json<Answer<{ deposits: Deposit[] }>>().data).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 5,
      deposits: [{ id: transfer.id, details: { review: 'deposit_limit' } }],
    })
    const bad = await t.app.inject({
      method: 'GET',
      url: '/admin/api/deposits/review?pageSize=500',
      headers,
    })
    expect(bad.statusCode).toBe(400)

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${transfer.id}/return`,
      headers,
      payload: { reason: '  ' },
    })
    expect(noReason.statusCode).toBe(400)
    const returned = await t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${transfer.id}/return`,
      headers,
      payload: { reason: 'Above the player’s own limit' },
    })
    expect(returned.statusCode, returned.body).toBe(200)
    expect(returned.json<Answer<Deposit>>().data).toMatchObject({
      status: 'rejected',
      details: { reason: 'Above the player’s own limit' },
    })
    expect(await heldOf(transfer.playerId)).toBe(0n)
  })
})

describe('reads without a session', () => {
  it('answers 401 to a visitor', async () => {
    for (const url of [
      '/admin/api/withdrawals',
      '/admin/api/deposits/bank',
      '/admin/api/deposits/review',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: API_HEADERS })
      expect(response.statusCode, url).toBe(401)
    }
  })
})
