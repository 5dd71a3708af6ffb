import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import { SESSION_COOKIE } from '#server/plugins/session.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '3' } })
})

async function visitor() {
  const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const token = response.json<Record<string, string>>()['_csrf-frontend'] ?? ''
  return { ...API_HEADERS, cookie, 'x-csrf-token': token }
}

const login = (headers: Record<string, string>, payload: unknown, url = '/login?json=1') =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, string> })

describe('POST /login?json=1', () => {
  it('signs the player in on a new session and returns success, player and two_factor_otp', async () => {
    const player = await createPlayer(t.database.db, { firstName: 'Jo' })
    const headers = await visitor()
    const response = await login(headers, {
      email: player.email.toUpperCase(),
      password: player.password,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      two_factor_otp: false,
      player: { id: player.id, email: player.email, firstName: 'Jo', currency: 'EUR' },
    })
    const sessionCookie = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)
    expect(sessionCookie?.httpOnly).toBe(true)
    // The visitor's session ended: its cookie and CSRF token no longer work.
    const old = await t.app.inject({ method: 'GET', url: '/logout?json=1', headers })
    expect(old.statusCode).toBe(403)
    expect(`${SESSION_COOKIE}=${sessionCookie?.value ?? ''}`).not.toBe(headers.cookie)
  })

  it('answers a wrong password and an unknown address alike, in the player language', async () => {
    const player = await createPlayer(t.database.db)
    const wrong = await login(await visitor(), { email: player.email, password: 'nope' })
    const unknown = await login(await visitor(), { email: 'nobody@aurum.test', password: 'nope' })
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({
        success: false,
        message: 'Login failed. Please try again.',
        errors: { code: 'auth.invalid_credentials' },
      })
      expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined()
    }
    const headers = await visitor()
    const german = await login(
      { ...headers, cookie: `${headers.cookie}; aurum_locale=de` },
      { email: player.email, password: 'nope' },
    )
    expect(german.statusCode).toBe(401)
    expect(german.json<{ message: string }>().message).not.toBe('Login failed. Please try again.')
  })

  it.each([
    ['no body', undefined],
    ['a malformed e-mail', { email: 'not-an-email', password: 'x' }],
    ['an empty password', { email: 'a@b.example', password: '' }],
    ['a password too long', { email: 'a@b.example', password: 'x'.repeat(257) }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const response = await login(await visitor(), payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, errors: { code: 'request.invalid' } })
  })

  it('refuses a login without the CSRF token or the marker header', async () => {
    const player = await createPlayer(t.database.db)
    const { 'x-csrf-token': _token, ...withoutToken } = await visitor()
    const noToken = await login(withoutToken, { email: player.email, password: player.password })
    expect(noToken.statusCode).toBe(403)
    const { 'x-requested-with': _marker, ...withoutMarker } = await visitor()
    const noMarker = await login(withoutMarker, { email: player.email, password: player.password })
    expect(noMarker.statusCode).toBe(400)
  })

  it('limits attempts per address and e-mail, and the right password then waits too', async () => {
    const player = await createPlayer(t.database.db)
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await login(await visitor(), { email: player.email, password: 'wrong' })
      expect(response.statusCode).toBe(401)
    }
    const limited = await login(await visitor(), { email: player.email, password: player.password })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ errors: { code: 'request.rate_limited' } })
    // Another player behind the same address is not locked out.
    const other = await createPlayer(t.database.db)
    const allowed = await login(await visitor(), { email: other.email, password: other.password })
    expect(allowed.statusCode).toBe(200)
  })
})

describe('GET /logout?json=1', () => {
  it('ends the session: the old cookie no longer signs calls', async () => {
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    const response = await t.app.inject({
      method: 'GET',
      url: '/logout?json=1',
      headers: client.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ success: true })
    expect(response.headers['set-cookie']).toMatch(new RegExp(`${SESSION_COOKIE}=;`))
    const again = await t.app.inject({
      method: 'GET',
      url: '/logout?json=1',
      headers: client.headers,
    })
    expect(again.statusCode).toBe(403)
  })

  it('needs the CSRF token, so another site cannot sign a player out with a link', async () => {
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    const response = await t.app.inject({
      method: 'GET',
      url: '/logout?json=1',
      headers: { ...API_HEADERS, cookie: client.cookie },
    })
    expect(response.statusCode).toBe(403)
  })

  it('refuses other methods and bad queries', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/logout?json=1', headers: API_HEADERS })
    expect(post.statusCode).toBe(405)
    const player = await createPlayer(t.database.db)
    const client = await signIn(t.app, player)
    const bad = await t.app.inject({
      method: 'GET',
      url: '/logout?json=yes',
      headers: client.headers,
    })
    expect(bad.statusCode).toBe(400)
  })
})
