import { beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '#server/lib/ids.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signInOperator } from '#tests/factories/players.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import type { Dashboard } from './reports.contract.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const dashboardAs = async (roles: Parameters<typeof createOperator>[1]) => {
  const client = await signInOperator(t.app, await createOperator(t.database.db, roles))
  const response = await t.app.inject({
    method: 'GET',
    url: '/admin/api/dashboard',
    headers: client.headers,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: Dashboard }>().data
}

const payment = (
  playerId: string,
  values: Partial<typeof paymentTransactions.$inferInsert> &
    Pick<typeof paymentTransactions.$inferInsert, 'direction'>,
) => ({
  id: uuidv7(),
  playerId,
  methodId: 'card',
  currency: 'EUR',
  amountMinor: 2_500n,
  walletCurrency: 'EUR',
  walletAmountMinor: 2_500n,
  idempotencyKey: crypto.randomUUID(),
  ...values,
})

describe('GET /admin/api/dashboard', () => {
  it("shows today's money and each queue's count to the roles that work it", async () => {
    const before = await dashboardAs(['finance'])
    const player = await createPlayer(t.database.db)
    await t.database.db.insert(paymentTransactions).values([
      payment(player.id, { direction: 'deposit', status: 'completed', completedAt: new Date() }),
      payment(player.id, { direction: 'withdrawal', status: 'pending' }),
      payment(player.id, {
        direction: 'deposit',
        status: 'pending',
        nextAction: 'bank_transfer',
      }),
      payment(player.id, {
        direction: 'deposit',
        status: 'pending',
        nextAction: 'operator_review',
      }),
    ])
    const after = await dashboardAs(['finance'])
    expect(after.today?.day).toBe(new Date().toISOString().slice(0, 10))
    expect(after.today?.depositCount).toBe((before.today?.depositCount ?? 0) + 1)
    expect(
      BigInt(after.today?.depositEurMinor ?? '0') - BigInt(before.today?.depositEurMinor ?? '0'),
    ).toBe(2_500n)
    expect(after.queues.withdrawals).toBe((before.queues.withdrawals ?? 0) + 1)
    expect(after.queues.bankDeposits).toBe((before.queues.bankDeposits ?? 0) + 1)
    expect(after.queues.heldDeposits).toBe((before.queues.heldDeposits ?? 0) + 1)
    expect(after.queues.adjustments).toEqual(expect.any(Number))
    expect(after.queues.kycDocuments).toBeNull()
  })

  it('hides what a role may not see', async () => {
    const kyc = await dashboardAs(['kyc'])
    expect(kyc.today).toBeNull()
    const { kycDocuments, ...others } = kyc.queues
    expect(typeof kycDocuments).toBe('number')
    expect(others).toEqual({
      withdrawals: null,
      bankDeposits: null,
      heldDeposits: null,
      adjustments: null,
    })
    const content = await dashboardAs(['content'])
    expect(content.today).toBeNull()
    expect(Object.values(content.queues).every((count) => count === null)).toBe(true)
    const admin = await dashboardAs(['admin'])
    expect(admin.today).not.toBeNull()
    expect(Object.values(admin.queues).every((count) => typeof count === 'number')).toBe(true)
  })
})
