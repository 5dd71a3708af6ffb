import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
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
import type { OperatorRole } from '#server/modules/operators/operators.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { translationOverrides } from '#server/modules/site/site.tables.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const IBAN = 'FI2112345600000785'

interface Player {
  id: string
  email: string
  headers: Record<string, string>
}

async function playerWithWithdrawal(
  amount = '3000',
  locale = 'en',
): Promise<{ player: Player; id: string }> {
  const account = await createPlayer(t.database.db)
  await t.database.db.update(players).set({ locale }).where(eq(players.id, account.id))
  await fundPlayer(t.database.db, account.id, 'EUR', 100_00n)
  const { headers } = await signIn(t.app, account)
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment/withdraw',
    headers,
    payload: {
      method_id: 'bank_transfer',
      currency: 'EUR',
      amount,
      fields: { iban: IBAN, holder: 'Robin Tester' },
      idempotency_key: randomUUID(),
      // A destination new to the player is confirmed with the password.
      password: FACTORY_PASSWORD,
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  const id = response.json<{ data: { transaction_id: string } }>().data.transaction_id
  return { player: { id: account.id, email: account.email, headers }, id }
}

async function operator(roles: OperatorRole[]) {
  const account = await createOperator(t.database.db, roles)
  return (await signInOperator(t.app, account)).headers
}

const balances = async (playerId: string) => ({
  cash: await accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' }),
  held: await accountBalance(t.database.db, { playerId, kind: 'held', currency: 'EUR' }),
})

const decide = (
  headers: Record<string, string>,
  id: string,
  action: 'approve' | 'reject',
  reason = 'Account details do not match',
) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/api/withdrawals/${id}/${action}`,
    headers,
    ...(action === 'reject' && { payload: { reason } }),
  })

const notificationsOf = (playerId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.playerId, playerId))

const auditOf = (playerId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.playerId, playerId), eq(auditEvents.action, action)))

describe('operator withdrawals API', () => {
  it('lists pending withdrawals with the player’s e-mail, oldest first', async () => {
    const finance = await operator(['finance'])
    const first = await playerWithWithdrawal('2000')
    const second = await playerWithWithdrawal('2500')
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/api/withdrawals?status=pending&pageSize=100',
      headers: finance,
    })
    expect(response.statusCode, response.body).toBe(200)
    const { data } = response.json<{
      data: { withdrawals: { id: string; player: { email: string }; amount: string }[] }
    }>()
    const ids = data.withdrawals.map((entry) => entry.id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    expect(data.withdrawals.find((entry) => entry.id === second.id)).toMatchObject({
      amount: '2500',
      status: 'pending',
      player: { id: second.player.id, email: second.player.email, name: 'Robin Tester' },
      details: { iban: IBAN, holder: 'Robin Tester' },
    })
  })

  it('approves: pays out, completes, notifies the player in their language, audits', async () => {
    const finance = await operator(['finance'])
    const { player, id } = await playerWithWithdrawal('3000', 'de')
    const response = await decide(finance, id, 'approve')
    expect(response.statusCode, response.body).toBe(200)
    const { data } = response.json<{ data: Record<string, unknown> }>()
    expect(data).toMatchObject({ id, status: 'completed', can_cancel: false })
    expect(data.provider_reference).toBe(`sepa_${id}`)
    expect(await balances(player.id)).toEqual({ cash: 70_00n, held: 0n })
    const [notification] = await notificationsOf(player.id)
    expect(notification).toMatchObject({ type: 'withdrawal_approved' })
    expect(notification?.text).toMatch(/^Ihre Auszahlung von 30,00\s€ wurde überwiesen\.$/)
    expect(await auditOf(player.id, 'withdrawal.approved')).toHaveLength(1)
    // The player's history shows it done, and it can no longer be cancelled.
    const cancel = await t.app.inject({
      method: 'GET',
      url: `/player/cancel-pending-transaction/${id}`,
      headers: player.headers,
    })
    expect(cancel.statusCode).toBe(409)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('refuses to approve twice or to reject an approved one, moving nothing', async () => {
    const finance = await operator(['finance'])
    const { player, id } = await playerWithWithdrawal()
    expect((await decide(finance, id, 'approve')).statusCode).toBe(200)
    const again = await decide(finance, id, 'approve')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ errors: { code: 'withdrawals.not_pending' } })
    expect((await decide(finance, id, 'reject')).statusCode).toBe(409)
    expect(await balances(player.id)).toEqual({ cash: 70_00n, held: 0n })
    expect(await notificationsOf(player.id)).toHaveLength(1)
  })

  it('pays one withdrawal once when two approvals race', async () => {
    const finance = await operator(['finance'])
    const { player, id } = await playerWithWithdrawal()
    const answers = await Promise.all([
      decide(finance, id, 'approve'),
      decide(finance, id, 'approve'),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(await balances(player.id)).toEqual({ cash: 70_00n, held: 0n })
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('rejects: returns the money, keeps the reason, notifies and audits', async () => {
    const admin = await operator(['admin'])
    const { player, id } = await playerWithWithdrawal('4000')
    const response = await decide(admin, id, 'reject', 'IBAN holder differs')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      data: { id, status: 'rejected', details: { reason: 'IBAN holder differs' } },
    })
    expect(await balances(player.id)).toEqual({ cash: 100_00n, held: 0n })
    const [notification] = await notificationsOf(player.id)
    expect(notification).toMatchObject({ type: 'withdrawal_rejected' })
    expect(notification?.text).toContain('IBAN holder differs')
    expect(await auditOf(player.id, 'withdrawal.rejected')).toHaveLength(1)
    expect((await decide(admin, id, 'reject')).statusCode).toBe(409)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it("words the player's notification with the operator's translation override", async () => {
    await t.database.db.insert(translationOverrides).values({
      locale: 'fi',
      key: 'notifications_text.withdrawal_rejected',
      value: 'Nostosi {{amount}} palautettiin saldoosi. Syy: {{reason}}',
    })
    await t.app.bus.publish('site.changed', { scope: 'translations' })
    const finance = await operator(['finance'])
    const { player, id } = await playerWithWithdrawal('2000', 'fi')
    expect((await decide(finance, id, 'reject', 'Tilin haltija ei täsmää')).statusCode).toBe(200)
    const [notification] = await notificationsOf(player.id)
    expect(notification?.text).toMatch(
      /^Nostosi 20,00\s€ palautettiin saldoosi\. Syy: Tilin haltija ei täsmää$/,
    )
  })

  it('refuses a reject without a reason and unknown ids', async () => {
    const finance = await operator(['finance'])
    const { id } = await playerWithWithdrawal()
    expect((await decide(finance, id, 'reject', '')).statusCode).toBe(400)
    const unknown = await decide(finance, randomUUID(), 'approve')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ errors: { code: 'withdrawals.not_found' } })
  })

  it.each([['support'], ['kyc']] as const)('refuses a %s operator with 403', async (role) => {
    const other = await operator([role])
    const { player, id } = await playerWithWithdrawal()
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/admin/api/withdrawals', headers: other }),
      await decide(other, id, 'approve'),
      await decide(other, id, 'reject'),
      await t.app.inject({ method: 'GET', url: '/admin/api/ledger/check', headers: other }),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ errors: { code: 'auth.forbidden' } })
    }
    expect(await balances(player.id)).toEqual({ cash: 70_00n, held: 30_00n })
  })

  it('refuses players, visitors and calls without the CSRF token', async () => {
    const { player, id } = await playerWithWithdrawal()
    expect((await decide(player.headers, id, 'approve')).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/withdrawals', headers: API_HEADERS }))
        .statusCode,
    ).toBe(401)
    const finance = await operator(['finance'])
    const { 'x-csrf-token': _token, ...withoutToken } = finance
    const response = await decide(withoutToken, id, 'approve')
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ errors: { code: 'csrf.invalid' } })
    expect(await balances(player.id)).toEqual({ cash: 70_00n, held: 30_00n })
  })

  it('answers the books check', async () => {
    const finance = await operator(['finance'])
    await playerWithWithdrawal()
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/api/ledger/check',
      headers: finance,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      data: {
        isBalanced: true,
        currencyTotals: [],
        accountMismatches: [],
        currencyMismatches: [],
        missingAccounts: [],
      },
    })
    expect(response.json<{ data: { transfers: number } }>().data.transfers).toBeGreaterThan(0)
  })
})
