import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { totpCodeAt } from '#server/modules/auth/totp.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

async function visitor() {
  const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const token = response.json<Record<string, string>>()['_csrf-frontend'] ?? ''
  return { ...API_HEADERS, cookie, 'x-csrf-token': token }
}

const login = async (payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/admin/api/login', headers: await visitor(), payload })

describe('POST /admin/api/login', () => {
  it('signs an operator in with password and code, and a code works only once', async () => {
    const operator = await createOperator(t.database.db, ['kyc'])
    const otp = totpCodeAt(operator.totpSecret, Date.now())
    const first = await login({ email: operator.email, password: operator.password, otp })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      success: true,
      data: { id: operator.id, email: operator.email, roles: ['kyc'] },
    })
    const replay = await login({ email: operator.email, password: operator.password, otp })
    expect(replay.statusCode).toBe(401)
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, operator.id))
    expect(actions.map((row) => row.action).sort()).toEqual([
      'operator.login',
      'operator.login_failed',
    ])
  })

  it.each([
    ['a wrong password', { password: 'wrong' }],
    ['a wrong code', { otp: '000000' }],
  ])('answers %s with 401 and one message', async (_name, override) => {
    const operator = await createOperator(t.database.db, ['support'])
    const response = await login({
      email: operator.email,
      password: operator.password,
      otp: totpCodeAt(operator.totpSecret, Date.now() + 60_000 * 5),
      ...override,
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ errors: { code: 'auth.invalid_credentials' } })
  })

  it('refuses a player account, a missing code and malformed bodies', async () => {
    const player = await createPlayer(t.database.db)
    const asPlayer = await login({ email: player.email, password: player.password, otp: '123456' })
    expect(asPlayer.statusCode).toBe(401)
    const noCode = await login({ email: player.email, password: player.password })
    expect(noCode.statusCode).toBe(400)
    const badCode = await login({ email: player.email, password: 'x', otp: '12ab56' })
    expect(badCode.statusCode).toBe(400)
  })
})

describe('operator sessions', () => {
  it('GET /admin/api/me answers the operator, 401 for a player or a visitor', async () => {
    const operator = await createOperator(t.database.db, ['finance'])
    const client = await signInOperator(t.app, operator)
    const me = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: client.headers })
    expect(me.json()).toMatchObject({ data: { email: operator.email, roles: ['finance'] } })
    const player = await signIn(t.app, await createPlayer(t.database.db))
    for (const headers of [player.headers, API_HEADERS]) {
      const refused = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers })
      expect(refused.statusCode).toBe(401)
    }
  })

  it('an operator session is not a player session', async () => {
    const client = await signInOperator(t.app, await createOperator(t.database.db, ['admin']))
    const asPlayer = await t.app.inject({
      method: 'GET',
      url: '/player/all-notifications',
      headers: client.headers,
    })
    expect(asPlayer.statusCode).toBe(401)
  })

  it('POST /admin/api/logout ends it', async () => {
    const client = await signInOperator(t.app, await createOperator(t.database.db, ['admin']))
    const out = await t.app.inject({
      method: 'POST',
      url: '/admin/api/logout',
      headers: client.headers,
    })
    expect(out.statusCode).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: client.headers })
    expect(me.statusCode).toBe(401)
  })
})
