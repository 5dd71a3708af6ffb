import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { newTotpSecret, totpCodeAt } from '#server/modules/auth/index.ts'
import { playerRecoveryCodes } from '#server/modules/auth/auth.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import {
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
  testSecretBox,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { fundedClient } from '#tests/factories/wallet.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import type { PlayerListItem, PlayerOverview } from './backoffice.contract.ts'

let t: TestApp
let support: SignedInClient
let kyc: SignedInClient
let auditor: SignedInClient
beforeAll(async () => {
  t = await buildTestApp()
  const [s, k, a] = await Promise.all([
    createOperator(t.database.db, ['support']),
    createOperator(t.database.db, ['kyc']),
    createOperator(t.database.db, ['auditor']),
  ])
  support = await signInOperator(t.app, s)
  kyc = await signInOperator(t.app, k)
  auditor = await signInOperator(t.app, a)
})

const get = (client: SignedInClient, url: string) =>
  t.app.inject({ method: 'GET', url, headers: client.headers })
const post = (client: SignedInClient, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, ...(payload && { payload }) })
const dataOf = (response: LightMyRequestResponse) => response.json<{ data: unknown }>().data
const codeOf = (response: LightMyRequestResponse) =>
  response.json<{ errors: { code: string } }>().errors.code

type PlayerList = { players: PlayerListItem[]; total: number; page: number; pageSize: number }

const diceBet = (client: SignedInClient) =>
  t.app.inject({
    method: 'POST',
    url: '/games/originals/dice/bet',
    headers: client.headers,
    payload: {
      amount: '100',
      currency: 'EUR',
      target: 5000,
      direction: 'under',
      client_request_id: randomUUID(),
    },
  })

describe('GET /admin/api/players', () => {
  it('finds a player by e-mail prefix (any case), name, id and phone digits', async () => {
    const marker = randomUUID().slice(0, 8)
    const player = await createPlayer(t.database.db, { firstName: `Zelda${marker}` })
    const digits = String(Date.now() % 10_000_000).padStart(7, '1')
    await t.database.db
      .update(players)
      .set({ phone: `+3584${digits}` })
      .where(eq(players.id, player.id))
    const searches = [
      player.email.slice(0, 20).toUpperCase(),
      `zelda${marker}`,
      `Zelda${marker} Tester`,
      player.id,
      `${digits.slice(0, 3)} ${digits.slice(3)}`,
    ]
    for (const q of searches) {
      const found = dataOf(
        await get(support, `/admin/api/players?q=${encodeURIComponent(q)}`),
      ) as PlayerList
      expect(
        found.players.map((p) => p.id),
        q,
      ).toContain(player.id)
    }
    const exact = dataOf(await get(auditor, `/admin/api/players?q=${player.id}`)) as PlayerList
    expect(exact.total).toBe(1)
    expect(exact.players[0]).toMatchObject({ email: player.email, status: 'active' })
  })

  it('treats % and _ as text, not wildcards', async () => {
    const found = dataOf(await get(support, '/admin/api/players?q=%25%25%25')) as PlayerList
    expect(found.total).toBe(0)
  })

  it('paginates, sorts and filters on the server', async () => {
    const marker = `Page${randomUUID().slice(0, 6)}`
    for (let i = 0; i < 3; i++) await createPlayer(t.database.db, { firstName: marker })
    const first = dataOf(
      await get(support, `/admin/api/players?q=${marker}&pageSize=2&page=1&sort=email`),
    ) as PlayerList
    const second = dataOf(
      await get(support, `/admin/api/players?q=${marker}&pageSize=2&page=2&sort=email`),
    ) as PlayerList
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(first.players).toHaveLength(2)
    expect(second.players).toHaveLength(1)
    const emails = [...first.players, ...second.players].map((p) => p.email)
    expect(emails).toEqual([...emails].sort())
    const locked = dataOf(
      await get(support, `/admin/api/players?q=${marker}&status=locked`),
    ) as PlayerList
    expect(locked.total).toBe(0)
    const bySignIn = await get(support, `/admin/api/players?q=${marker}&sort=-lastSignIn`)
    expect(bySignIn.statusCode).toBe(200)
  })

  it('refuses bad queries with 400', async () => {
    for (const query of [
      'pageSize=101',
      'pageSize=0',
      'page=0',
      'sort=password',
      'status=deleted',
      `q=${'x'.repeat(201)}`,
    ]) {
      const response = await get(support, `/admin/api/players?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(codeOf(response)).toBe('request.invalid')
    }
  })
})

describe("GET /admin/api/players/:id and the page's parts", () => {
  it('answers the profile, wallets, KYC, engagement and sign-ins in one call', async () => {
    const { player, client } = await fundedClient(t)
    expect((await diceBet(client)).statusCode).toBe(200)
    const response = await get(kyc, `/admin/api/players/${player.id}`)
    expect(response.statusCode).toBe(200)
    const page = dataOf(response) as PlayerOverview
    expect(page.profile).toMatchObject({ id: player.id, email: player.email, status: 'active' })
    expect(page.profile.twoFactorOn).toBe(false)
    expect(page.kyc).toEqual({ state: 'none', documents: [] })
    expect(page.wallets[0]?.currency_id).toBe('EUR')
    expect(page.sessions.live).toBe(1)
    expect(page.sessions.recentSignIns[0]).toMatchObject({ action: 'login.succeeded' })
    expect(page.engagement.level).toBeGreaterThanOrEqual(1)
    expect(page.pendingAdjustments).toBe(0)
  })

  it('pages the ledger (signed legs), the bets with their fairness proof and the audit trail', async () => {
    const { player, client } = await fundedClient(t)
    expect((await diceBet(client)).statusCode).toBe(200)
    const ledger = dataOf(
      await get(auditor, `/admin/api/players/${player.id}/ledger?pageSize=10`),
    ) as { entries: { code: string; amountMinor: string }[]; total: number }
    expect(ledger.entries.map((e) => e.code)).toContain('deposit')
    expect(ledger.entries.find((e) => e.code === 'deposit')?.amountMinor).toBe('10000')
    expect(ledger.entries.find((e) => e.code === 'bet')?.amountMinor).toBe('-100')
    const onePage = dataOf(
      await get(auditor, `/admin/api/players/${player.id}/ledger?pageSize=1&page=2`),
    ) as { entries: unknown[]; total: number }
    expect(onePage.entries).toHaveLength(1)
    expect(onePage.total).toBe(ledger.total)

    const bets = dataOf(await get(auditor, `/admin/api/players/${player.id}/bets`)) as {
      bets: { game: string; server_seed_hash: string; client_seed: string; nonce: number }[]
    }
    expect(bets.bets).toHaveLength(1)
    expect(bets.bets[0]).toMatchObject({ game: 'dice', nonce: 0 })
    expect(bets.bets[0]?.server_seed_hash).toMatch(/^[0-9a-f]{64}$/)

    const trail = dataOf(
      await get(auditor, `/admin/api/players/${player.id}/audit?action=login.`),
    ) as { events: { action: string }[] }
    expect(trail.events.map((e) => e.action)).toEqual(['login.succeeded'])
  })

  it('answers 404 for an unknown player and 400 for a malformed id', async () => {
    for (const path of ['', '/ledger', '/bets', '/audit', '/notes']) {
      const missing = await get(support, `/admin/api/players/${randomUUID()}${path}`)
      expect(missing.statusCode, path).toBe(404)
      expect(codeOf(missing)).toBe('players.not_found')
      expect((await get(support, `/admin/api/players/not-an-id${path}`)).statusCode).toBe(400)
    }
  })
})

describe('notes', () => {
  it('adds a note (audited) and lists it newest first with its author', async () => {
    const player = await createPlayer(t.database.db)
    const url = `/admin/api/players/${player.id}/notes`
    expect((await post(support, url, { text: 'First call' })).statusCode).toBe(201)
    const added = await post(kyc, url, { text: '  Asked about documents  ' })
    expect(added.statusCode).toBe(201)
    expect((dataOf(added) as { text: string }).text).toBe('Asked about documents')
    const notes = (
      dataOf(await get(auditor, url)) as { notes: { text: string; operatorName: string }[] }
    ).notes
    expect(notes.map((n) => n.text)).toEqual(['Asked about documents', 'First call'])
    expect(notes[0]?.operatorName).toBe('Olli Operator')
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.playerId, player.id), eq(auditEvents.action, 'player.note_added')))
    expect(audited).toHaveLength(2)
  })

  it('refuses an empty, blank or too long note and an unknown player', async () => {
    const player = await createPlayer(t.database.db)
    const url = `/admin/api/players/${player.id}/notes`
    for (const payload of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }]) {
      expect((await post(support, url, payload)).statusCode).toBe(400)
    }
    const missing = await post(support, `/admin/api/players/${randomUUID()}/notes`, { text: 'x' })
    expect(missing.statusCode).toBe(404)
  })
})

describe('lock and unlock', () => {
  it('ends every session at once, refuses sign-in and bets, and unlock lets the player back', async () => {
    const { player, client } = await fundedClient(t)
    const second = await signIn(t.app, player)
    const locked = await post(support, `/admin/api/players/${player.id}/lock`, {
      reason: 'Card fraud reported by the bank',
    })
    expect(locked.statusCode).toBe(200)
    expect(dataOf(locked)).toMatchObject({ status: 'locked', endedSessions: 2 })

    // The ended sessions no longer place bets (their CSRF token went with them) or read the wallet.
    expect([401, 403]).toContain((await diceBet(client)).statusCode)
    expect((await get(second, '/player/info')).statusCode).not.toBe(200)

    const refused = await t.app.inject({
      method: 'POST',
      url: '/login?json=1',
      headers: { ...API_HEADERS, ...(await visitorHeaders()) },
      payload: { email: player.email, password: player.password },
    })
    expect(refused.statusCode).toBe(403)
    expect(codeOf(refused)).toBe('auth.account_locked')
    expect(refused.json<{ message: string }>().message).toBe(
      'This account is locked. Please contact support.',
    )

    const again = await post(support, `/admin/api/players/${player.id}/lock`, { reason: 'again' })
    expect(again.statusCode).toBe(409)
    expect(codeOf(again)).toBe('players.already_locked')

    const page = dataOf(await get(support, `/admin/api/players/${player.id}`)) as PlayerOverview
    expect(page.profile).toMatchObject({
      status: 'locked',
      lockReason: 'Card fraud reported by the bank',
    })
    const search = dataOf(
      await get(support, `/admin/api/players?q=${player.id}&status=locked`),
    ) as PlayerList
    expect(search.total).toBe(1)

    const unlocked = await post(support, `/admin/api/players/${player.id}/unlock`)
    expect(unlocked.statusCode).toBe(200)
    expect(dataOf(unlocked)).toMatchObject({ status: 'active', lockReason: null })
    const back = await signIn(t.app, player)
    expect((await diceBet(back)).statusCode).toBe(200)

    const notLocked = await post(support, `/admin/api/players/${player.id}/unlock`)
    expect(notLocked.statusCode).toBe(409)
    expect(codeOf(notLocked)).toBe('players.not_locked')

    const actions = (
      await t.database.db
        .select({ action: auditEvents.action, details: auditEvents.details })
        .from(auditEvents)
        .where(eq(auditEvents.playerId, player.id))
    ).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['player.locked', 'player.unlocked']))
  })

  it('sends a locked player no marketing, but still notices about the account', async () => {
    const player = await createPlayer(t.database.db)
    await post(support, `/admin/api/players/${player.id}/lock`, { reason: 'Fraud check' })
    const send = (isMarketing: boolean) =>
      post(support, '/admin/api/notifications', {
        playerId: player.id,
        type: 'other',
        text: 'Hello',
        isMarketing,
      })
    const marketing = await send(true)
    expect(marketing.statusCode).toBe(409)
    expect(codeOf(marketing)).toBe('notifications.player_barred')
    expect((await send(false)).statusCode).toBe(201)
  })

  it('refuses a missing or short reason, and answers 404 for an unknown player', async () => {
    const player = await createPlayer(t.database.db)
    for (const payload of [{}, { reason: '' }, { reason: 'ab' }, { reason: 'x'.repeat(501) }]) {
      expect(
        (await post(support, `/admin/api/players/${player.id}/lock`, payload)).statusCode,
      ).toBe(400)
    }
    const id = randomUUID()
    expect(
      (await post(support, `/admin/api/players/${id}/lock`, { reason: 'Fraud' })).statusCode,
    ).toBe(404)
    expect((await post(support, `/admin/api/players/${id}/unlock`)).statusCode).toBe(404)
  })
})

describe('POST /admin/api/players/:id/two-factor/reset', () => {
  it('turns 2FA off, ends the sessions, notifies the player in their language and audits the check', async () => {
    const player = await createPlayer(t.database.db)
    const secret = newTotpSecret()
    await t.database.db
      .update(players)
      .set({
        totpSecretSealed: testSecretBox.seal(secret),
        totpEnabledAt: new Date(),
        locale: 'de',
      })
      .where(eq(players.id, player.id))
    await t.database.db.insert(playerRecoveryCodes).values({ playerId: player.id, codeHash: 'x' })
    const login = await t.app.inject({
      method: 'POST',
      url: '/login?json=1',
      headers: { ...API_HEADERS, ...(await visitorHeaders()) },
      payload: {
        email: player.email,
        password: player.password,
        otp: totpCodeAt(secret, Date.now()),
      },
    })
    expect(login.statusCode).toBe(200)

    const response = await post(kyc, `/admin/api/players/${player.id}/two-factor/reset`, {
      identityCheck: 'Video call, passport matched',
    })
    expect(response.statusCode).toBe(200)
    expect(dataOf(response)).toMatchObject({ twoFactorOn: false, endedSessions: 1 })
    const [row] = await t.database.db.select().from(players).where(eq(players.id, player.id))
    expect(row).toMatchObject({ totpSecretSealed: null, totpEnabledAt: null })
    const codes = await t.database.db
      .select()
      .from(playerRecoveryCodes)
      .where(eq(playerRecoveryCodes.playerId, player.id))
    expect(codes).toHaveLength(0)
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.playerId, player.id))
    expect(notice?.text).toContain('Zwei-Faktor-Authentifizierung')
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.playerId, player.id), eq(auditEvents.action, 'two_factor.reset')))
    expect(audit?.details).toEqual({ identityCheck: 'Video call, passport matched' })

    // The player signs in with the password alone now.
    expect((await signIn(t.app, player)).cookie).toBeTruthy()

    const again = await post(kyc, `/admin/api/players/${player.id}/two-factor/reset`, {
      identityCheck: 'Video call, passport matched',
    })
    expect(again.statusCode).toBe(409)
    expect(codeOf(again)).toBe('two_factor.not_enabled')
  })

  it('refuses a missing, short or long identity check and an unknown player', async () => {
    const player = await createPlayer(t.database.db)
    const url = `/admin/api/players/${player.id}/two-factor/reset`
    for (const payload of [{}, { identityCheck: 'abcd' }, { identityCheck: 'x'.repeat(501) }]) {
      expect((await post(kyc, url, payload)).statusCode).toBe(400)
    }
    const missing = await post(kyc, `/admin/api/players/${randomUUID()}/two-factor/reset`, {
      identityCheck: 'Video call',
    })
    expect(missing.statusCode).toBe(404)
  })
})

/** A fresh visitor's cookie and CSRF token, for a sign-in the factory would not make. */
async function visitorHeaders(): Promise<Record<string, string>> {
  const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  return {
    cookie,
    'x-csrf-token': response.json<{ '_csrf-frontend': string }>()['_csrf-frontend'],
  }
}
