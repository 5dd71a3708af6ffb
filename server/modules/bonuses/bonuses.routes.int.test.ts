import { randomUUID } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { createJobs } from '#server/lib/jobs.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { setPlayLimit } from '#server/modules/limits/index.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import {
  paymentTransactions,
  savedPaymentProfiles,
} from '#server/modules/payments/payments.tables.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { bonusRow, cardDeposit, createBonus } from '#tests/factories/bonuses.ts'
import {
  FACTORY_PASSWORD,
  completeProfile,
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
} from '#tests/factories/players.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { defineBonusExpiry, sweepExpiredBonuses } from './bonus-expiry.ts'
import { forgetBonusRules } from './bonus-rules-store.ts'
import type { PlayerBonus } from './bonuses.contract.ts'
import { playerBonuses } from './bonuses.tables.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
// Every test moves money or tries to: the books must balance after each.
afterEach(async () => {
  expect(await checkBooks(t.database.db)).toMatchObject({ isBalanced: true })
})

const isPostgres = inject('databaseTemplate').kind === 'postgres'

interface Client {
  id: string
  headers: Record<string, string>
}

async function player(): Promise<Client> {
  const account = await createPlayer(t.database.db)
  await completeProfile(t.database.db, account.id)
  return { id: account.id, headers: (await signIn(t.app, account)).headers }
}

const post = (client: Pick<Client, 'headers'>, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

/** What `app.inject` answers. */
type Reply = Awaited<ReturnType<typeof post>>

const bonusOf = (response: Reply) => response.json<{ data: { bonus: PlayerBonus } }>().data.bonus

const list = async (client: Client, which: 'get-all' | 'get-old') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/bonus/${which}?perPage=100&page=0`,
    headers: client.headers,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: { bonuses: PlayerBonus[]; total: number } }>().data
}

const balances = async (playerId: string) => ({
  cash: await accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' }),
  bonus: await accountBalance(t.database.db, { playerId, kind: 'bonus', currency: 'EUR' }),
})

const expectError = (response: Reply, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

const deposit = async (client: Client, amount: string, code?: string) => {
  const response = await cardDeposit(t.app, client.headers, amount, code)
  expect(response.json(), response.body).toMatchObject({ data: { status: 'completed' } })
}

const transfersOf = (bonusId: string, code: 'bonus_grant' | 'bonus_forfeit') =>
  t.database.db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, bonusId), eq(ledgerTransfers.code, code)))

describe('the bonus calls refuse what they must', () => {
  it('needs a signed-in player, the marker header and the CSRF token', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/bonus/get-all',
      headers: API_HEADERS,
    })
    expectError(anonymous, 401, 'auth.sign_in_required')
    const client = await player()
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/bonus/activate-code',
      headers: { ...client.headers, 'x-csrf-token': 'wrong' },
      payload: { code: 'first' },
    })
    expectError(noCsrf, 403, 'csrf.invalid')
    const noMarker = await t.app.inject({
      method: 'GET',
      url: '/bonus/get-all',
      headers: { cookie: client.headers.cookie ?? '' },
    })
    expectError(noMarker, 400, 'request.marker_missing')
  })

  it('answers an unknown code with a translated 400 and a code not available now with its reason', async () => {
    const client = await player()
    const viaRoot = await post(client, '/bonus/activate-code', { code: 'FREEMONEY' })
    expectError(viaRoot, 400, 'bonus.unknown_code')
    expect(viaRoot.json<{ message: string }>().message).toBe(
      'This bonus code does not exist. Please check it and try again.',
    )
    // A welcome bonus of another deposit number.
    const second = await post(client, '/bonus/activate-code', { code: 'second' })
    expectError(second, 409, 'bonus.wrong_deposit')
    expect(second.json<{ message: string }>().message).toContain('2')
    // Bad bodies: zod at the edge.
    expectError(await post(client, '/bonus/activate-code', {}), 400, 'request.invalid')
    expectError(await post(client, '/bonus/activate', { id: 'nope' }), 400, 'request.invalid')
    expectError(await post(client, '/bonus/cancel', { id: 42 }), 400, 'request.invalid')
  })

  it('answers someone else’s bonus exactly like an unknown one', async () => {
    const owner = await player()
    const other = await player()
    const bonus = await createBonus(t.database.db, owner.id)
    for (const url of ['/bonus/activate', '/bonus/cancel']) {
      const theirs = await post(other, url, { id: bonus.id })
      const unknown = await post(other, url, { id: randomUUID() })
      expectError(theirs, 404, 'bonus.not_found')
      expect(theirs.body).toBe(unknown.body)
    }
    expect((await bonusRow(t.database.db, bonus.id))?.status).toBe('active')
  })
})

describe('claiming a code and paying it with a deposit', () => {
  it('claims `first` once, says what to deposit, and pays 100 % on a 20 EUR deposit', async () => {
    const client = await player()
    const claimed = await post(client, '/bonus/activate-code', { code: ' FIRST ' })
    expect(claimed.statusCode, claimed.body).toBe(200)
    const offer = bonusOf(claimed)
    expect(offer).toMatchObject({
      code: 'first',
      status: 'offered',
      amount: '0',
      deposit_min: '1500',
      deposit_max: '20000',
      match_percent: 100,
    })
    // A repeat answers the same offer.
    expect(bonusOf(await post(client, '/bonus/activate-code', { code: 'first' })).id).toBe(offer.id)
    // It waits for its deposit: activating says how much.
    const early = await post(client, '/bonus/activate', { id: offer.id })
    expectError(early, 409, 'bonus.needs_deposit')
    expect(early.json<{ message: string }>().message).toContain('15.00')
    expect(early.json<{ message: string }>().message).toContain('200.00')

    // The dialog promises the claimed code.
    const methods = await t.app.inject({
      method: 'GET',
      url: '/en/payment/methods?type=deposit',
      headers: client.headers,
    })
    expect(methods.json<{ data: { id: string; bonusCode: string }[] }>().data[0]?.bonusCode).toBe(
      'first',
    )

    await deposit(client, '2000', 'first')
    const [active] = (await list(client, 'get-all')).bonuses
    expect(active).toMatchObject({
      id: offer.id,
      status: 'active',
      amount: '2000',
      balance: '2000',
      wagering_required: '20000',
      wagered: '0',
      wagering_left: '20000',
      max_bet: '500',
    })
    expect(new Date(active?.expires_at ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 6.9 * 86_400_000,
    )
    expect(await balances(client.id)).toEqual({ cash: 2000n, bonus: 2000n })
    expect(await transfersOf(offer.id, 'bonus_grant')).toHaveLength(1)
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.playerId, client.id), eq(notifications.type, 'bonus_credited')))
    expect(note?.text).toContain('€20.00')
    // Taken: the code cannot be claimed again.
    expectError(
      await post(client, '/bonus/activate-code', { code: 'first' }),
      409,
      'bonus.wrong_deposit',
    )
  })

  it('pays nothing below the minimum and caps the match at the maximum', async () => {
    const small = await player()
    await deposit(small, '1400', 'first')
    expect((await list(small, 'get-all')).total).toBe(0)
    expect(await balances(small.id)).toEqual({ cash: 1400n, bonus: 0n })

    const large = await player()
    await deposit(large, '30000', 'first')
    expect((await list(large, 'get-all')).bonuses[0]).toMatchObject({
      amount: '20000',
      wagering_required: '200000',
    })
    expect(await balances(large.id)).toEqual({ cash: 30000n, bonus: 20000n })
  })

  it('pays no bonus without the code (opt-in)', async () => {
    const client = await player()
    await deposit(client, '2000')
    expect((await list(client, 'get-all')).total).toBe(0)
  })

  it('refuses a deposit whose code is unknown or not available, storing nothing', async () => {
    const client = await player()
    const rows = () =>
      t.database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.playerId, client.id))
    expectError(await cardDeposit(t.app, client.headers, '2000', 'nope'), 400, 'bonus.unknown_code')
    expectError(
      await cardDeposit(t.app, client.headers, '2000', 'third'),
      409,
      'bonus.wrong_deposit',
    )
    expect(await rows()).toHaveLength(0)
  })

  it('queues a bonus earned while another runs; cancelling forfeits only bonus money', async () => {
    const client = await player()
    await deposit(client, '2000', 'first')
    await deposit(client, '4000', 'second')
    const open = (await list(client, 'get-all')).bonuses
    const queued = open.find((bonus) => bonus.code === 'second')
    const first = open.find((bonus) => bonus.code === 'first')
    expect(queued).toMatchObject({ status: 'offered', amount: '3000', balance: '0' })
    expect(await balances(client.id)).toEqual({ cash: 6000n, bonus: 2000n })
    if (!queued || !first) throw new Error('both bonuses listed')

    expectError(
      await post(client, '/bonus/activate', { id: queued.id }),
      409,
      'bonus.already_active',
    )

    const cancelled = await post(client, '/bonus/cancel', { id: first.id })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(bonusOf(cancelled)).toMatchObject({ status: 'cancelled', settled: '2000' })
    // Cash untouched.
    expect(await balances(client.id)).toEqual({ cash: 6000n, bonus: 0n })
    expectError(await post(client, '/bonus/cancel', { id: first.id }), 409, 'bonus.already_ended')
    expectError(await post(client, '/bonus/activate', { id: first.id }), 409, 'bonus.already_ended')

    const activated = await post(client, '/bonus/activate', { id: queued.id })
    expect(activated.statusCode, activated.body).toBe(200)
    expect(bonusOf(activated)).toMatchObject({ status: 'active', balance: '3000' })
    expect(await balances(client.id)).toEqual({ cash: 6000n, bonus: 3000n })
    // Told when the money arrived: with the first deposit, and now for the queued one.
    const credited = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.playerId, client.id), eq(notifications.type, 'bonus_credited')))
    expect(credited.map((note) => note.text)).toContain(
      'Your bonus of €30.00 has been credited. Wager €300.00 to turn it into real money.',
    )
    // Activating it again changes nothing.
    expect(bonusOf(await post(client, '/bonus/activate', { id: queued.id })).status).toBe('active')
    expect(await transfersOf(queued.id, 'bonus_grant')).toHaveLength(1)
    expect((await list(client, 'get-old')).bonuses.map((bonus) => bonus.id)).toEqual([first.id])
  })

  it('declines an offer without moving money', async () => {
    const client = await player()
    const offer = bonusOf(await post(client, '/bonus/activate-code', { code: 'first' }))
    const declined = await post(client, '/bonus/cancel', { id: offer.id })
    expect(bonusOf(declined)).toMatchObject({ status: 'declined', settled: null })
    // A declined offer may be claimed again.
    expect((await post(client, '/bonus/activate-code', { code: 'first' })).statusCode).toBe(200)
  })

  it('gives no bonus to a player whose limits bar them from play', async () => {
    const client = await player()
    await setPlayLimit(t.database.db, {
      playerId: client.id,
      currency: 'EUR',
      rates: await loadRates(t.database.db),
      kind: 'loss',
      period: 'day',
      amountMinor: 0n,
    })
    expectError(await post(client, '/bonus/activate-code', { code: 'first' }), 409, 'bonus.barred')
    expectError(await cardDeposit(t.app, client.headers, '2000', 'first'), 409, 'bonus.barred')
    const methods = await t.app.inject({
      method: 'GET',
      url: '/en/payment/methods?type=deposit',
      headers: client.headers,
    })
    expect(
      methods.json<{ data: { bonusCode: string | null; bonusOffer: unknown }[] }>().data[0],
    ).toMatchObject({
      bonusCode: null,
      bonusOffer: null,
    })
  })
})

describe('a bonus ends', () => {
  it('expires in the sweep: bonus money forfeited, cash kept, the player told', async () => {
    const client = await player()
    await deposit(client, '2000', 'first')
    const [active] = (await list(client, 'get-all')).bonuses
    if (!active) throw new Error('a bonus')
    const offer = await createBonus(t.database.db, client.id, {
      code: 'weekend',
      status: 'offered',
      amountMinor: 0n,
      expiresAt: new Date(Date.now() - 1000),
    })
    await t.database.db
      .update(playerBonuses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(playerBonuses.id, active.id))
    const deps = {
      db: t.database.db,
      bus: t.app.bus,
      messages: (locale: string) => t.app.site.messages(locale),
      log: t.app.log,
    }
    expect(await sweepExpiredBonuses(deps)).toBeGreaterThanOrEqual(2)
    expect(await bonusRow(t.database.db, active.id)).toMatchObject({
      status: 'expired',
      settledMinor: 2000n,
    })
    expect((await bonusRow(t.database.db, offer.id))?.status).toBe('expired')
    expect(await balances(client.id)).toEqual({ cash: 2000n, bonus: 0n })
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.playerId, client.id), eq(notifications.type, 'bonus_expired')))
    expect(notes).toHaveLength(1)
    // A second run finds nothing of this player's to do and forfeits nothing twice.
    await sweepExpiredBonuses(deps)
    expect(await transfersOf(active.id, 'bonus_forfeit')).toHaveLength(1)
  })

  it('expires through its job: the bonus-expiry queue’s first run on a working instance sweeps', async () => {
    const client = await player()
    const offer = await createBonus(t.database.db, client.id, {
      code: 'weekend',
      status: 'offered',
      amountMinor: 0n,
      expiresAt: new Date(Date.now() - 1000),
    })
    // The app here works no jobs: an instance that does, on its database, runs the queue.
    const jobs = createJobs(t.database.db, {
      work: true,
      log: t.app.log,
      pollingIntervalSeconds: 0.1,
    })
    defineBonusExpiry(jobs, {
      db: t.database.db,
      bus: t.app.bus,
      messages: (locale: string) => t.app.site.messages(locale),
      log: t.app.log,
    })
    try {
      await jobs.start()
      await vi.waitFor(
        async () => expect((await bonusRow(t.database.db, offer.id))?.status).toBe('expired'),
        { timeout: 10_000, interval: 100 },
      )
    } finally {
      await jobs.stop()
    }
  })

  it('is cancelled by a withdrawal request, in the same transaction', async () => {
    const client = await player()
    await deposit(client, '3000', 'first')
    const [active] = (await list(client, 'get-all')).bonuses
    const [card] = await t.database.db
      .select()
      .from(savedPaymentProfiles)
      .where(eq(savedPaymentProfiles.playerId, client.id))
    const response = await post(client, '/payment/withdraw', {
      method_id: 'card',
      currency: 'EUR',
      amount: '2000',
      fields: { saved_profile_id: card?.id },
      idempotency_key: randomUUID(),
      password: FACTORY_PASSWORD,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await bonusRow(t.database.db, active?.id ?? '')).toMatchObject({
      status: 'cancelled',
      settledMinor: 3000n,
    })
    // The bonus money is gone, the cash went to held as asked.
    expect(await balances(client.id)).toEqual({ cash: 1000n, bonus: 0n })
    expect(
      await accountBalance(t.database.db, { playerId: client.id, kind: 'held', currency: 'EUR' }),
    ).toBe(2000n)
  })

  it('is kept when the withdrawal is refused', async () => {
    const client = await player()
    await deposit(client, '2000', 'first')
    const [card] = await t.database.db
      .select()
      .from(savedPaymentProfiles)
      .where(eq(savedPaymentProfiles.playerId, client.id))
    const response = await post(client, '/payment/withdraw', {
      method_id: 'card',
      currency: 'EUR',
      amount: '9000',
      fields: { saved_profile_id: card?.id },
      idempotency_key: randomUUID(),
      password: FACTORY_PASSWORD,
    })
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect((await list(client, 'get-all')).bonuses[0]?.status).toBe('active')
    expect(await balances(client.id)).toEqual({ cash: 2000n, bonus: 2000n })
  })
})

describe('the operator API', () => {
  it('edits a rule within the law, audited, and the cashier shows it at once', async () => {
    const operator = await createOperator(t.database.db, ['finance'])
    const admin = await signInOperator(t.app, operator)
    const rules = await t.app.inject({
      method: 'GET',
      url: '/admin/api/bonus-rules',
      headers: admin.headers,
    })
    expect(rules.statusCode, rules.body).toBe(200)
    const first = rules
      .json<{ data: { rules: { code: string; wagering_times: number }[] } }>()
      .data.rules.find((rule) => rule.code === 'first')
    expect(first).toMatchObject({ wagering_times: 10 })
    const body = {
      match_percent: 50,
      min_eur: '1500',
      max_eur: '20000',
      wagering_times: 10,
      valid_days: 7,
      max_bet_eur: '500',
      is_enabled: true,
    }
    const put = (payload: Record<string, unknown>, code = 'first') =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/bonus-rules/${code}`,
        headers: admin.headers,
        payload,
      })
    expectError(await put({ ...body, wagering_times: 11 }), 400, 'request.invalid')
    expectError(await put({ ...body, min_eur: '30000' }), 400, 'request.invalid')
    expectError(await put(body, 'nope'), 400, 'request.invalid')
    try {
      expect((await put(body)).statusCode).toBe(200)
      const client = await player()
      const methods = await t.app.inject({
        method: 'GET',
        url: '/en/payment/methods?type=deposit',
        headers: client.headers,
      })
      expect(
        methods.json<{ data: { bonusOffer: { match_percent: number } }[] }>().data[0]?.bonusOffer
          .match_percent,
      ).toBe(50)
    } finally {
      await put({ ...body, match_percent: 100 })
      forgetBonusRules(t.database.db)
    }
    // A player is not an operator.
    const client = await player()
    expectError(
      await t.app.inject({ method: 'GET', url: '/admin/api/bonus-rules', headers: client.headers }),
      401,
      'auth.sign_in_required',
    )
  })

  it('replaces the contributions and lists a player’s bonuses', async () => {
    const operator = await createOperator(t.database.db, ['finance'])
    const admin = await signInOperator(t.app, operator)
    const before = await t.app.inject({
      method: 'GET',
      url: '/admin/api/bonus-contributions',
      headers: admin.headers,
    })
    const original = before.json<{
      data: { contributions: { category: string; percent: number }[] }
    }>().data.contributions
    expect(original).toContainEqual({ category: 'slots', percent: 100 })
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/bonus-contributions',
      headers: admin.headers,
      payload: { contributions: [{ category: 'slots', percent: 101 }] },
    })
    expectError(bad, 400, 'request.invalid')
    const same = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/bonus-contributions',
      headers: admin.headers,
      payload: { contributions: original },
    })
    expect(same.statusCode, same.body).toBe(200)

    const client = await player()
    const bonus = await createBonus(t.database.db, client.id)
    const listed = await t.app.inject({
      method: 'GET',
      url: `/admin/api/players/${client.id}/bonuses`,
      headers: admin.headers,
    })
    expect(listed.json<{ data: { bonuses: PlayerBonus[] } }>().data.bonuses).toMatchObject([
      { id: bonus.id, status: 'active', balance: '2000' },
    ])
  })
})

describe.runIf(isPostgres)('at once (PostgreSQL)', () => {
  it('two deposits with `first` at once grant it once', async () => {
    const client = await player()
    await Promise.all([deposit(client, '2000', 'first'), deposit(client, '3000', 'first')])
    const rows = await t.database.db
      .select()
      .from(playerBonuses)
      .where(eq(playerBonuses.playerId, client.id))
    expect(rows).toHaveLength(1)
    const grants = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.code, 'bonus_grant'),
          like(ledgerTransfers.reference, rows[0]?.id ?? ''),
        ),
      )
    expect(grants).toHaveLength(1)
    expect((await balances(client.id)).bonus).toBe(rows[0]?.amountMinor)
  })

  it('claims at once answer one offer; cancels at once forfeit once', async () => {
    const client = await player()
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => post(client, '/bonus/activate-code', { code: 'first' })),
    )
    expect(claims.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(claims.map((response) => bonusOf(response).id)).size).toBe(1)

    await deposit(client, '2000', 'first')
    const [firstClaim] = claims
    if (!firstClaim) throw new Error('five claims')
    const id = bonusOf(firstClaim).id
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => post(client, '/bonus/cancel', { id })),
    )
    expect(cancels.filter((response) => response.statusCode === 200)).toHaveLength(1)
    expect(cancels.filter((response) => response.statusCode === 409)).toHaveLength(4)
    expect(await transfersOf(id, 'bonus_forfeit')).toHaveLength(1)
    expect(await balances(client.id)).toEqual({ cash: 2000n, bonus: 0n })
  })

  it('two sweeps at once expire a bonus once', async () => {
    const client = await player()
    const bonus = await createBonus(t.database.db, client.id, {
      expiresAt: new Date(Date.now() - 1000),
    })
    const deps = {
      db: t.database.db,
      bus: t.app.bus,
      messages: (locale: string) => t.app.site.messages(locale),
      log: t.app.log,
    }
    await Promise.all([sweepExpiredBonuses(deps), sweepExpiredBonuses(deps)])
    expect((await bonusRow(t.database.db, bonus.id))?.status).toBe('expired')
    expect(await transfersOf(bonus.id, 'bonus_forfeit')).toHaveLength(1)
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.playerId, client.id), eq(notifications.type, 'bonus_expired')))
    expect(told).toHaveLength(1)
  })
})
