import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createOperator,
  createPlayer,
  FACTORY_PASSWORD,
  signIn,
  signInOperator,
  testSecretBox,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { eurBalancesOf, playerWithBonus } from '#tests/factories/wagering.ts'
import { bonusRow } from '#tests/factories/bonuses.ts'
import { LISTED_PERSON } from '#db/seed/exclusion-register.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { newTotpSecret, totpCodeAt } from '#server/modules/auth/index.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { playerProtection, protectionEvents, sandboxExclusionRegister } from './limits.tables.ts'
import type { OperatorProtectionSchema, ProtectionState } from './protection.contract.ts'
import type { z } from 'zod'

// Closing an account, signing in to one, the operators' view and reopening, and the national
// self-exclusion register at sign-up and sign-in (issue 26), through the HTTP API.

let t: TestApp
beforeAll(async () => {
  // This file signs up several players from one address.
  t = await buildTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '1000' } })
})

type Headers = Record<string, string>
interface Answer<T> {
  success: boolean
  data: T
  message: string | null
  errors: { code: string; fields?: Record<string, string[]> } | null
}
type OperatorView = z.infer<typeof OperatorProtectionSchema>

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  })

const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')

/** A visitor's headers: marker, session cookie and its CSRF token. */
async function visitor(): Promise<Headers> {
  const response = await call('GET', '/csrf/get-new', API_HEADERS)
  const token = response.json<Record<string, string>>()['_csrf-frontend'] ?? ''
  return { ...API_HEADERS, cookie: cookiesOf(response), 'x-csrf-token': token }
}

const login = async (email: string, password = FACTORY_PASSWORD, otp?: string) =>
  call('POST', '/login?json=1', await visitor(), { email, password, ...(otp && { otp }) })

const close = (client: SignedInClient, payload?: Record<string, unknown>) =>
  call('POST', '/player/protection/close', client.headers, {
    password: FACTORY_PASSWORD,
    reason: 'too_much_time',
    ...payload,
  })

const stateOf = async (client: SignedInClient) => {
  const response = await call('GET', '/player/protection', client.headers)
  expect(response.statusCode).toBe(200)
  return response.json<Answer<ProtectionState>>().data
}

const rowOf = async (playerId: string) => {
  const [row] = await t.database.db
    .select()
    .from(playerProtection)
    .where(eq(playerProtection.playerId, playerId))
  return row
}

const eventKinds = async (playerId: string) =>
  (
    await t.database.db
      .select({ kind: protectionEvents.kind })
      .from(protectionEvents)
      .where(eq(protectionEvents.playerId, playerId))
      .orderBy(protectionEvents.at)
  ).map((event) => event.kind)

const auditActions = async (playerId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.playerId, playerId), eq(auditEvents.action, action)))

async function signedInPlayer() {
  const player = await createPlayer(t.database.db)
  return { player, client: await signIn(t.app, player) }
}

describe('closing an account', () => {
  it('refuses a wrong password and an unknown reason, changing nothing', async () => {
    const { player, client } = await signedInPlayer()
    const wrong = await close(client, { password: 'not-it' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      errors: { code: 'players.password_incorrect', fields: { password: [expect.any(String)] } },
    })
    const reason = await close(client, { reason: 'bored' })
    expect(reason.statusCode).toBe(400)
    expect(reason.json()).toMatchObject({ errors: { code: 'request.invalid' } })
    expect((await rowOf(player.id))?.closedAt ?? null).toBeNull()
    expect((await call('GET', '/player/info', client.headers)).statusCode).toBe(200)
  })

  it('refuses while a wallet holds money or a deposit is under way: withdraw first', async () => {
    const { player, client } = await signedInPlayer()
    // 20.00 EUR is the smallest withdrawal the seeded methods take.
    await fundPlayer(t.database.db, player.id, 'EUR', 20_00n)
    const withCash = await close(client)
    expect(withCash.statusCode).toBe(409)
    expect(withCash.json()).toMatchObject({
      message:
        'Your account still holds money or a withdrawal in progress. Withdraw everything first, then close the account.',
      errors: { code: 'protection.close_balance' },
    })
    expect((await rowOf(player.id))?.closedAt ?? null).toBeNull()
    expect((await call('GET', '/player/info', client.headers)).statusCode).toBe(200)

    // A pending deposit of the last days keeps it open too; one left for a week no longer does.
    const other = await signedInPlayer()
    const paymentId = randomUUID()
    await t.database.db.insert(paymentTransactions).values({
      id: paymentId,
      playerId: other.player.id,
      direction: 'deposit',
      methodId: 'bank_transfer',
      currency: 'EUR',
      amountMinor: 50_00n,
      walletCurrency: 'EUR',
      walletAmountMinor: 50_00n,
      idempotencyKey: randomUUID(),
      createdAt: new Date(Date.now() - 6 * 24 * 3_600_000),
    })
    expect((await close(other.client)).statusCode).toBe(409)
    await t.database.db
      .update(paymentTransactions)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3_600_000) })
      .where(eq(paymentTransactions.id, paymentId))
    expect((await close(other.client)).statusCode).toBe(200)
  })

  it("closes with a remainder too small to withdraw, which stays the player's", async () => {
    const { player, client } = await signedInPlayer()
    await fundPlayer(t.database.db, player.id, 'EUR', 19_99n)
    expect((await close(client)).statusCode).toBe(200)
    expect((await eurBalancesOf(t.database.db, player.id)).cash).toBe(19_99n)
    const [event] = await t.database.db
      .select()
      .from(protectionEvents)
      .where(eq(protectionEvents.playerId, player.id))
    expect(event?.detail).toEqual({ reason: 'too_much_time', cash_left: 'EUR:1999' })
  })

  it('forfeits bonus money, signs the player out everywhere, and the account cannot sign in', async () => {
    const { player, bonusId, client } = await playerWithBonus(t, {
      cash: 0n,
      bonus: 20_00n,
      required: 200_00n,
    })
    const elsewhere = await signIn(t.app, player)
    const closed = await close(client)
    expect(closed.statusCode).toBe(200)
    expect(closed.json()).toMatchObject({ success: true })
    expect(cookiesOf(closed)).toMatch(/aurum_sid=;|aurum_sid=$/)

    expect((await bonusRow(t.database.db, bonusId))?.status).toBe('cancelled')
    expect((await eurBalancesOf(t.database.db, player.id)).bonus).toBe(0n)
    const books = await checkBooks(t.database.db)
    expect(books.isBalanced, JSON.stringify(books)).toBe(true)

    for (const session of [client, elsewhere]) {
      const after = await call('GET', '/player/protection', session.headers)
      expect(after.statusCode).toBe(401)
    }
    const row = await rowOf(player.id)
    expect(row?.closedReason).toBe('too_much_time')
    expect(row?.closedAt).toBeInstanceOf(Date)
    expect(await eventKinds(player.id)).toEqual(['account_closed'])
    expect(await auditActions(player.id, 'account.closed')).toHaveLength(1)

    const again = await login(player.email)
    expect(again.statusCode).toBe(403)
    expect(again.json()).toMatchObject({
      message: 'This account is closed. To reopen it, please contact support.',
      errors: { code: 'auth.account_closed' },
    })
    expect(again.cookies.some((cookie) => cookie.name === 'aurum_sid' && cookie.value)).toBe(false)
    // Without the password, closure is not revealed.
    const guess = await login(player.email, 'wrong-password-123')
    expect(guess.statusCode).toBe(401)
    expect(guess.json()).toMatchObject({ errors: { code: 'auth.invalid_credentials' } })
  })

  it('refuses the sign-in of a closed account with two-factor only after the code', async () => {
    const { player, client } = await signedInPlayer()
    expect((await close(client)).statusCode).toBe(200)
    const secret = newTotpSecret()
    await t.database.db
      .update(players)
      .set({ totpSecretSealed: testSecretBox.seal(secret), totpEnabledAt: new Date() })
      .where(eq(players.id, player.id))
    const prompt = await login(player.email)
    expect(prompt.statusCode).toBe(200)
    expect(prompt.json()).toMatchObject({ success: false, two_factor_otp: true })
    const withCode = await login(player.email, FACTORY_PASSWORD, totpCodeAt(secret, Date.now()))
    expect(withCode.statusCode).toBe(403)
    expect(withCode.json()).toMatchObject({ errors: { code: 'auth.account_closed' } })
  })
})

describe("the operators' view", () => {
  it('shows support and admins the state and history, and refuses other roles', async () => {
    const { player, client } = await signedInPlayer()
    expect(
      (
        await call('POST', '/player/protection/break', client.headers, {
          kind: 'time_out',
          period: '1w',
          password: FACTORY_PASSWORD,
        })
      ).statusCode,
    ).toBe(200)
    const url = `/admin/api/players/${player.id}/protection`

    expect((await call('GET', url, API_HEADERS)).statusCode).toBe(401)
    expect((await call('GET', url, client.headers)).statusCode).toBe(401)
    // Every role that reads a player's page reads it (the console's player page); others do not.
    for (const roles of [['content'], []] as const) {
      const operator = await signInOperator(t.app, await createOperator(t.database.db, [...roles]))
      const refused = await call('GET', url, operator.headers)
      expect(refused.statusCode, roles.join()).toBe(403)
      expect(refused.json()).toMatchObject({ errors: { code: 'auth.forbidden' } })
    }

    const support = await createOperator(t.database.db, ['support'])
    const supportClient = await signInOperator(t.app, support)
    const view = await call('GET', url, supportClient.headers)
    expect(view.statusCode).toBe(200)
    const data = view.json<Answer<OperatorView>>().data
    expect(data).toMatchObject({
      player_id: player.id,
      state: { bar: 'time_out', break: { kind: 'time_out', period: '1w' } },
      closed_at: null,
      register_match: false,
      history: [{ kind: 'break_started', actor: 'player', detail: { period: '1w' } }],
    })
    expect(data.register_checked_at).toEqual(expect.any(String))
    expect(await auditActions(player.id, 'protection.viewed')).toHaveLength(1)

    const unknown = await call(
      'GET',
      `/admin/api/players/${randomUUID()}/protection`,
      supportClient.headers,
    )
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ errors: { code: 'players.not_found' } })
    const malformed = await call(
      'GET',
      '/admin/api/players/nobody/protection',
      supportClient.headers,
    )
    expect(malformed.statusCode).toBe(400)
  })

  it('lets an admin reopen a closed account, and nothing else', async () => {
    const { player, client } = await signedInPlayer()
    const url = `/admin/api/players/${player.id}/protection/reopen`
    const admin = await createOperator(t.database.db, ['admin'])
    const adminClient = await signInOperator(t.app, admin)
    const supportClient = await signInOperator(
      t.app,
      await createOperator(t.database.db, ['support']),
    )

    const notClosed = await call('POST', url, adminClient.headers)
    expect(notClosed.statusCode).toBe(409)
    expect(notClosed.json()).toMatchObject({ errors: { code: 'protection.reopen_refused' } })

    expect((await close(client)).statusCode).toBe(200)
    const bySupport = await call('POST', url, supportClient.headers)
    expect(bySupport.statusCode).toBe(403)
    const noCsrf = { ...adminClient.headers }
    delete noCsrf['x-csrf-token']
    expect((await call('POST', url, noCsrf)).statusCode).toBe(403)
    expect((await rowOf(player.id))?.closedAt).toBeInstanceOf(Date)

    const reopened = await call('POST', url, adminClient.headers)
    expect(reopened.statusCode).toBe(200)
    const data = reopened.json<Answer<OperatorView>>().data
    expect(data.closed_at).toBeNull()
    expect(data.history[0]).toMatchObject({
      kind: 'account_reopened',
      actor: `operator:${admin.id}`,
      detail: { reason: 'too_much_time' },
    })
    expect(await auditActions(player.id, 'account.reopened')).toHaveLength(1)
    expect((await login(player.email)).statusCode).toBe(200)
  })

  it('never reopens an account under a break, which no operator call lifts', async () => {
    const { player, client } = await signedInPlayer()
    const taken = await call('POST', '/player/protection/break', client.headers, {
      kind: 'self_exclusion',
      period: '6m',
      password: FACTORY_PASSWORD,
    })
    expect(taken.statusCode).toBe(200)
    expect((await close(client)).statusCode).toBe(200)
    const adminClient = await signInOperator(t.app, await createOperator(t.database.db, ['admin']))
    const refused = await call(
      'POST',
      `/admin/api/players/${player.id}/protection/reopen`,
      adminClient.headers,
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'protection.reopen_refused' } })
    const row = await rowOf(player.id)
    expect(row?.closedAt).toBeInstanceOf(Date)
    expect(row?.breakKind).toBe('self_exclusion')
  })
})

describe('the national self-exclusion register', () => {
  const signUpAddress = `10.26.${String(Math.floor(Math.random() * 250))}.7`
  const signUp = async (overrides: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/register',
      headers: await visitor(),
      remoteAddress: signUpAddress,
      payload: {
        email: `sign-up-${randomUUID()}@aurum.test`,
        password: 'tranquil meadow 42',
        currency: 'EUR',
        first_name: 'Robin',
        last_name: 'Tester',
        birth_date: '1990-05-17',
        country: 'FI',
        city: 'Helsinki',
        address: 'Mannerheimintie 1',
        post_code: '00100',
        phone: '040 123 4567',
        terms_accepted: true,
        ...overrides,
      },
    })
  const playerCount = async () => (await t.database.db.select({ n: count() }).from(players))[0]?.n

  it('refuses the sign-up of a listed person, by e-mail or by name and birth date, storing nothing', async () => {
    const before = await playerCount()
    for (const overrides of [
      { email: LISTED_PERSON.email.toUpperCase() },
      { last_name: 'excluded', birth_date: LISTED_PERSON.birthDate },
    ]) {
      const refused = await signUp(overrides)
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(403)
      expect(refused.json()).toMatchObject({
        success: false,
        message:
          'You are registered with a national self-exclusion scheme, so we cannot open an account for you.',
        errors: { code: 'protection.register_signup' },
      })
    }
    expect(await playerCount()).toBe(before)
    // The same last name with another birth date is someone else.
    const someoneElse = await signUp({ last_name: 'Excluded', birth_date: '1980-03-01' })
    expect(someoneElse.statusCode).toBe(200)
  })

  it("starts a sign-up's reality check as a sign-in does (a UK player)", async () => {
    const email = `uk-${randomUUID()}@aurum.test`
    const created = await signUp({ email, country: 'GB', phone: '(020) 7946 0018' })
    expect(created.statusCode, created.body).toBe(200)
    const [player] = await t.database.db.select().from(players).where(eq(players.email, email))
    const row = await rowOf(player?.id ?? '')
    expect(row?.registerMatch).toBe(false)
    expect(row?.registerCheckedAt).toBeInstanceOf(Date)
    expect(row?.realityCheckDueAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
  })

  it('bars a listed player from play at sign-in and clears the bar once unlisted', async () => {
    const player = await createPlayer(t.database.db)
    const listing = randomUUID()
    await t.database.db
      .insert(sandboxExclusionRegister)
      .values({ id: listing, email: player.email, reference: 'TEST-LISTED' })
    const client = await signIn(t.app, player)
    expect((await stateOf(client)).bar).toBe('register')
    expect((await rowOf(player.id))?.registerMatch).toBe(true)
    // Signed in all the same: the balance and withdrawals stay reachable.
    expect((await call('GET', '/player/info', client.headers)).statusCode).toBe(200)

    await t.database.db
      .delete(sandboxExclusionRegister)
      .where(eq(sandboxExclusionRegister.id, listing))
    const later = await signIn(t.app, player)
    expect((await stateOf(later)).bar).toBeNull()
    expect(await eventKinds(player.id)).toEqual(['register_matched', 'register_cleared'])
    const [matched] = await t.database.db
      .select()
      .from(protectionEvents)
      .where(
        and(
          eq(protectionEvents.playerId, player.id),
          eq(protectionEvents.kind, 'register_matched'),
        ),
      )
    expect(matched?.detail).toEqual({ reference: 'TEST-LISTED' })
  })

  it('lets players sign in when the register cannot answer, keeping its last answer; sign-up waits', async () => {
    const listed = await createPlayer(t.database.db)
    await t.database.db
      .insert(sandboxExclusionRegister)
      .values({ id: uuidv7(), email: listed.email, reference: 'TEST-DOWN' })
    await signIn(t.app, listed)
    const unlisted = await createPlayer(t.database.db)
    const before = await playerCount()

    await t.database.db.execute(
      sql`alter table sandbox_exclusion_register rename to sandbox_exclusion_register_away`,
    )
    try {
      const listedAgain = await signIn(t.app, listed)
      expect((await stateOf(listedAgain)).bar).toBe('register')
      const fresh = await signIn(t.app, unlisted)
      expect((await stateOf(fresh)).bar).toBeNull()
      expect((await rowOf(unlisted.id))?.registerCheckedAt ?? null).toBeNull()

      const refused = await signUp({})
      expect(refused.statusCode).toBe(503)
      expect(refused.json()).toMatchObject({
        message:
          'We cannot check the national self-exclusion register right now, so your account cannot be opened yet. Please try again in a few minutes.',
        errors: { code: 'players.exclusion_register_unavailable' },
      })
      expect(await playerCount()).toBe(before)
    } finally {
      await t.database.db.execute(
        sql`alter table sandbox_exclusion_register_away rename to sandbox_exclusion_register`,
      )
    }
  })
})

describe('the demo seed', () => {
  it('lists one person with the sandbox register, whom docs name', async () => {
    const rows = await t.database.db
      .select()
      .from(sandboxExclusionRegister)
      .where(eq(sandboxExclusionRegister.reference, LISTED_PERSON.reference))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.email).toBe('excluded@aurum.example')
  })
})
