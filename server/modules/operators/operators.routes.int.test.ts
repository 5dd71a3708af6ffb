import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { totpCodeAt } from '#server/modules/auth/index.ts'
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

  it('takes a code once when two logins send it at the same moment', async () => {
    const operator = await createOperator(t.database.db, ['admin'])
    const otp = totpCodeAt(operator.totpSecret, Date.now())
    const payload = { email: operator.email, password: operator.password, otp }
    const answers = await Promise.all([login(payload), login(payload), login(payload)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401])
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

describe('operator login limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    // Per address and e-mail 2; per e-mail from all addresses 5 times that.
    limited = await buildTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '2' } })
  })

  it('stops guesses at one operator spread over many addresses', async () => {
    const operator = await createOperator(limited.database.db, ['admin'])
    let address = 0
    const guess = async () => {
      address += 1
      const remoteAddress = `198.51.100.${String(address)}`
      const csrf = await limited.app.inject({
        method: 'GET',
        url: '/csrf/get-new',
        headers: API_HEADERS,
        remoteAddress,
      })
      return limited.app.inject({
        method: 'POST',
        url: '/admin/api/login',
        remoteAddress,
        headers: {
          ...API_HEADERS,
          cookie: csrf.cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
          'x-csrf-token': csrf.json<Record<string, string>>()['_csrf-frontend'] ?? '',
        },
        payload: { email: operator.email, password: 'a-wrong-password', otp: '000000' },
      })
    }
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await guess()).statusCode).toBe(401)
    const stopped = await guess()
    expect(stopped.statusCode).toBe(429)
    expect(stopped.json()).toMatchObject({ errors: { code: 'request.rate_limited' } })
  })
})
