import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import {
  createOperator,
  createPlayer,
  signInOperator,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import type { WireAdjustment } from './backoffice.contract.ts'

let t: TestApp
let support: SignedInClient
let financeA: SignedInClient
let financeB: SignedInClient
/** financeA's second browser: the same operator, another session. */
let financeASecond: SignedInClient
beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  const [s, a, b] = await Promise.all([
    createOperator(db, ['support']),
    createOperator(db, ['finance']),
    createOperator(db, ['finance']),
  ])
  support = await signInOperator(t.app, s)
  financeA = await signInOperator(t.app, a)
  // A code of the next time step: each code signs in once.
  financeASecond = await signInOperator(t.app, a, Date.now() + 30_000)
  financeB = await signInOperator(t.app, b)
})

const post = (client: SignedInClient, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, ...(payload && { payload }) })
const get = (client: SignedInClient, url: string) =>
  t.app.inject({ method: 'GET', url, headers: client.headers })
const dataOf = (response: LightMyRequestResponse) => response.json<{ data: unknown }>().data
const codeOf = (response: LightMyRequestResponse) =>
  response.json<{ errors: { code: string } }>().errors.code

const cash = (playerId: string) =>
  accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' })

async function ask(
  by: SignedInClient,
  playerId: string,
  amountMinor: string,
  currency = 'EUR',
): Promise<WireAdjustment> {
  const response = await post(by, `/admin/api/players/${playerId}/adjustments`, {
    currency,
    amountMinor,
    reason: 'Goodwill after a failed game round',
  })
  expect(response.statusCode, response.body).toBe(201)
  return dataOf(response) as WireAdjustment
}

describe('requesting an adjustment', () => {
  it('creates a pending request, audited, and moves nothing yet', async () => {
    const player = await createPlayer(t.database.db)
    const adjustment = await ask(support, player.id, '2500')
    expect(adjustment).toMatchObject({
      status: 'pending',
      amountMinor: '2500',
      currency: 'EUR',
      playerEmail: player.email,
      requestedByName: 'Olli Operator',
    })
    expect(await cash(player.id)).toBe(0n)
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.playerId, player.id), eq(auditEvents.action, 'adjustment.requested')),
      )
    expect(audit?.details).toMatchObject({ adjustmentId: adjustment.id, amountMinor: '2500' })
    const queue = dataOf(
      await get(financeB, `/admin/api/adjustments?status=pending&playerId=${player.id}`),
    ) as { adjustments: WireAdjustment[]; total: number }
    expect(queue.adjustments.map((a) => a.id)).toEqual([adjustment.id])
  })

  it('refuses zero, malformed amounts, unknown currencies, a short reason and bad ids', async () => {
    const player = await createPlayer(t.database.db)
    const url = `/admin/api/players/${player.id}/adjustments`
    const valid = { currency: 'EUR', amountMinor: '100', reason: 'Goodwill' }
    for (const payload of [
      { ...valid, amountMinor: '0' },
      { ...valid, amountMinor: '-0' },
      { ...valid, amountMinor: '1.5' },
      { ...valid, amountMinor: 100 },
      { ...valid, amountMinor: '1000000000000' },
      { ...valid, currency: 'XXX' },
      { ...valid, reason: 'ab' },
      { ...valid, reason: 'x'.repeat(501) },
      { currency: 'EUR', amountMinor: '100' },
    ]) {
      const response = await post(support, url, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    expect((await post(support, '/admin/api/players/nope/adjustments', valid)).statusCode).toBe(400)
    const missing = await post(support, `/admin/api/players/${randomUUID()}/adjustments`, valid)
    expect(missing.statusCode).toBe(404)
    expect(codeOf(missing)).toBe('players.not_found')
  })

  it('refuses more than the cap (EUR-equivalent) and a debit beyond the cash', async () => {
    const player = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, player.id, 'EUR', 50_00n)
    const url = `/admin/api/players/${player.id}/adjustments`
    const over = await post(support, url, {
      currency: 'EUR',
      amountMinor: '1000001',
      reason: 'Too much',
    })
    expect(over.statusCode).toBe(400)
    expect(codeOf(over)).toBe('adjustments.over_cap')
    expect(over.json<{ message: string }>().message).toContain('10000.00')
    const overDebit = await post(support, url, {
      currency: 'EUR',
      amountMinor: '-5001',
      reason: 'Chargeback',
    })
    expect(overDebit.statusCode).toBe(409)
    expect(codeOf(overDebit)).toBe('adjustments.exceeds_cash')
    await ask(support, player.id, '-5000')
  })
})

describe('deciding an adjustment (four-eyes)', () => {
  it('pays a credit once on approval, notifies the player and keeps the books balanced', async () => {
    const player = await createPlayer(t.database.db)
    const adjustment = await ask(financeA, player.id, '1234')
    const approved = await post(financeB, `/admin/api/adjustments/${adjustment.id}/approve`)
    expect(approved.statusCode, approved.body).toBe(200)
    expect(dataOf(approved) as WireAdjustment).toMatchObject({
      status: 'approved',
      decidedByName: 'Olli Operator',
    })
    expect(await cash(player.id)).toBe(1234n)
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.playerId, player.id))
    expect(notice?.text).toContain('12.34')
    const again = await post(financeB, `/admin/api/adjustments/${adjustment.id}/approve`)
    expect(again.statusCode).toBe(409)
    expect(codeOf(again)).toBe('adjustments.not_pending')
    expect(await cash(player.id)).toBe(1234n)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('takes a debit from the cash, and refuses it when the cash went meanwhile', async () => {
    const player = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, player.id, 'EUR', 30_00n)
    const first = await ask(support, player.id, '-2000')
    const second = await ask(support, player.id, '-2000')
    expect((await post(financeA, `/admin/api/adjustments/${first.id}/approve`)).statusCode).toBe(
      200,
    )
    expect(await cash(player.id)).toBe(10_00n)
    const refused = await post(financeA, `/admin/api/adjustments/${second.id}/approve`)
    expect(refused.statusCode).toBe(409)
    expect(codeOf(refused)).toBe('adjustments.exceeds_cash')
    expect(
      (
        dataOf(
          await get(financeA, `/admin/api/adjustments?playerId=${player.id}&status=pending`),
        ) as { adjustments: WireAdjustment[] }
      ).adjustments.map((a) => a.id),
    ).toEqual([second.id])
  })

  it('refuses the requester, in any of their sessions, to approve or reject', async () => {
    const player = await createPlayer(t.database.db)
    const adjustment = await ask(financeA, player.id, '500')
    for (const client of [financeA, financeASecond]) {
      const approve = await post(client, `/admin/api/adjustments/${adjustment.id}/approve`)
      expect(approve.statusCode).toBe(409)
      expect(codeOf(approve)).toBe('adjustments.same_operator')
      const reject = await post(client, `/admin/api/adjustments/${adjustment.id}/reject`, {
        reason: 'Changed my mind',
      })
      expect(reject.statusCode).toBe(409)
      expect(codeOf(reject)).toBe('adjustments.same_operator')
    }
    expect(await cash(player.id)).toBe(0n)
  })

  it('rejects with a reason: nothing moves, and it is no longer pending', async () => {
    const player = await createPlayer(t.database.db)
    const adjustment = await ask(support, player.id, '700')
    const url = `/admin/api/adjustments/${adjustment.id}/reject`
    expect((await post(financeA, url, {})).statusCode).toBe(400)
    expect((await post(financeA, url, { reason: 'no' })).statusCode).toBe(400)
    const rejected = await post(financeA, url, { reason: 'No ticket supports it' })
    expect(rejected.statusCode).toBe(200)
    expect(dataOf(rejected) as WireAdjustment).toMatchObject({
      status: 'rejected',
      rejectReason: 'No ticket supports it',
    })
    expect(await cash(player.id)).toBe(0n)
    const late = await post(financeB, `/admin/api/adjustments/${adjustment.id}/approve`)
    expect(codeOf(late)).toBe('adjustments.not_pending')
  })

  it('answers 404 for an unknown adjustment and 400 for a malformed id or filter', async () => {
    const missing = await post(financeA, `/admin/api/adjustments/${randomUUID()}/approve`)
    expect(missing.statusCode).toBe(404)
    expect(codeOf(missing)).toBe('adjustments.not_found')
    const missingReject = await post(financeA, `/admin/api/adjustments/${randomUUID()}/reject`, {
      reason: 'Not found',
    })
    expect(missingReject.statusCode).toBe(404)
    expect((await post(financeA, '/admin/api/adjustments/nope/approve')).statusCode).toBe(400)
    for (const query of ['status=done', 'pageSize=500', 'playerId=nope', 'sort=amount']) {
      expect((await get(financeA, `/admin/api/adjustments?${query}`)).statusCode, query).toBe(400)
    }
  })

  it('pays exactly once when two finance operators approve at the same moment', async () => {
    const player = await createPlayer(t.database.db)
    const adjustment = await ask(support, player.id, '999')
    const answers = await Promise.all([
      post(financeA, `/admin/api/adjustments/${adjustment.id}/approve`),
      post(financeB, `/admin/api/adjustments/${adjustment.id}/approve`),
    ])
    const codes = answers.map((answer) => answer.statusCode).sort()
    expect(codes).toEqual([200, 409])
    const refused = answers.find((answer) => answer.statusCode === 409)
    expect(refused && codeOf(refused)).toBe('adjustments.not_pending')
    expect(await cash(player.id)).toBe(999n)
    const transfers = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, adjustment.id))
    expect(transfers).toHaveLength(1)
    expect(transfers[0]?.code).toBe('adjustment')
  })
})
