import { randomUUID } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, FACTORY_PASSWORD, signIn, testSecretBox } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { insertPlayer, needsRehash, parseArgon2Parameters } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { playerRecoveryCodes } from './auth.tables.ts'
import { SESSION_COOKIE } from '#server/plugins/session.ts'
import { newTotpSecret, totpCodeAt } from './totp.ts'
import { replaceRecoveryCodes } from './recovery-codes.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const STEP_MS = 30_000
const SECRET_URL = '/player/get-two-factor-auth-secret'
const ENABLE_URL = '/player/enable-two-factor-auth'
const DISABLE_URL = '/player/disable-two-factor-auth'
const PROMPT = 'Enter the code from your authenticator app'

type Headers = Record<string, string>
interface Answer<T = unknown> {
  success: boolean
  data: T
  message: string | null
  errors: { code: string; fields?: Record<string, string[]> } | null
}

let addressCounter = 0
/** A client address of the test's own, so the per-address login limit never joins two tests. */
const newAddress = () =>
  `10.4.${String(Math.floor(addressCounter / 250))}.${String((addressCounter++ % 250) + 1)}`

/** A signed-out visitor with a session and its CSRF token. */
async function visitor(remoteAddress = newAddress()) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/csrf/get-new',
    headers: API_HEADERS,
    remoteAddress,
  })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const token = response.json<Record<string, string>>()['_csrf-frontend'] ?? ''
  return { headers: { ...API_HEADERS, cookie, 'x-csrf-token': token } as Headers, remoteAddress }
}

const getSecret = (headers: Headers) => t.app.inject({ method: 'GET', url: SECRET_URL, headers })
const post = (url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload !== undefined && { payload: payload as object }),
  })

async function login(payload: Record<string, unknown>, remoteAddress = newAddress()) {
  const { headers } = await visitor(remoteAddress)
  const response = await t.app.inject({
    method: 'POST',
    url: '/login?json=1',
    headers,
    payload,
    remoteAddress,
  })
  return { response, headers }
}

async function twoFactorColumns(playerId: string) {
  const [row] = await t.database.db
    .select({
      passwordHash: players.passwordHash,
      totpSecretSealed: players.totpSecretSealed,
      totpEnabledAt: players.totpEnabledAt,
      totpLastStep: players.totpLastStep,
    })
    .from(players)
    .where(eq(players.id, playerId))
  if (!row) throw new Error('no such player')
  return row
}

const recoveryRows = (playerId: string) =>
  t.database.db
    .select()
    .from(playerRecoveryCodes)
    .where(eq(playerRecoveryCodes.playerId, playerId))
    .orderBy(asc(playerRecoveryCodes.createdAt))

const auditOf = (playerId: string) =>
  t.database.db
    .select({ action: auditEvents.action, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.playerId, playerId))
    .orderBy(asc(auditEvents.createdAt))

/** A new signed-in player. */
async function signedIn() {
  const player = await createPlayer(t.database.db)
  const client = await signIn(t.app, player)
  return { player, headers: client.headers }
}

/** A signed-in player with a pending secret. */
async function pending() {
  const account = await signedIn()
  const response = await getSecret(account.headers)
  expect(response.statusCode).toBe(200)
  const { secret } = response.json<Answer<{ secret: string }>>().data
  return { ...account, secret }
}

/** A signed-in player who switched 2FA on through the calls, with the step's code spent. */
async function enabled() {
  const account = await pending()
  const enablingCode = totpCodeAt(account.secret, Date.now())
  const response = await post(ENABLE_URL, account.headers, {
    code: enablingCode,
    password: FACTORY_PASSWORD,
  })
  expect(response.statusCode).toBe(200)
  const recoveryCodes = response.json<Answer<{ recovery_codes: string[] }>>().data.recovery_codes
  return { ...account, recoveryCodes, enablingCode }
}

/** A player whose 2FA was switched on earlier (no step spent yet), not signed in. */
async function withTwoFactor() {
  const player = await createPlayer(t.database.db)
  const secret = newTotpSecret()
  await t.database.db
    .update(players)
    .set({ totpSecretSealed: testSecretBox.seal(secret), totpEnabledAt: new Date() })
    .where(eq(players.id, player.id))
  const recoveryCodes = await replaceRecoveryCodes(t.database.db, player.id)
  return { player, secret, recoveryCodes }
}

/** A six-digit code that no step near now accepts (a fixed guess would be right now and then). */
function wrongCode(secret: string): string {
  const valid = new Set(
    [-2, -1, 0, 1, 2].map((step) => totpCodeAt(secret, Date.now() + step * STEP_MS)),
  )
  return (
    ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !valid.has(code)) ??
    '999999'
  )
}

/** A code of the next step: still inside the window, newer than the one just used. */
const nextCode = (secret: string) => totpCodeAt(secret, Date.now() + STEP_MS)

/** A refusal in the envelope, with the code and a message for the toast. */
function expectError(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode).toBe(status)
  const body = JSON.parse(response.body) as Answer
  expect(body).toMatchObject({ success: false, data: null, errors: { code } })
  expect(body.message).toEqual(expect.any(String))
}

describe('GET /player/get-two-factor-auth-secret', () => {
  it('answers a new base32 secret, its otpauth address and a QR code, kept sealed and pending', async () => {
    const { player, headers } = await signedIn()
    const response = await getSecret(headers)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json<Answer<{ secret: string; otpauth_url: string; qr: string }>>()
    expect(body).toMatchObject({ success: true, message: null, errors: null })
    const { secret, otpauth_url: url, qr } = body.data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(url.startsWith('otpauth://totp/')).toBe(true)
    expect(new URL(url).searchParams.get('secret')).toBe(secret)
    expect(new URL(url).searchParams.get('issuer')).toBe('Aurum')
    expect(decodeURIComponent(url)).toContain(player.email)
    expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    const stored = await twoFactorColumns(player.id)
    expect(stored.totpEnabledAt).toBeNull()
    expect(stored.totpSecretSealed).not.toContain(secret)
    expect(testSecretBox.open(stored.totpSecretSealed ?? '')).toBe(secret)
  })

  it('replaces a pending secret when called again: only the newest one enables', async () => {
    const { headers, secret: first } = await pending()
    const second = (await getSecret(headers)).json<Answer<{ secret: string }>>().data.secret
    expect(second).not.toBe(first)
    const old = await post(ENABLE_URL, headers, {
      code: totpCodeAt(first, Date.now()),
      password: FACTORY_PASSWORD,
    })
    expectError(old, 400, 'two_factor.code_invalid')
    const fresh = await post(ENABLE_URL, headers, {
      code: totpCodeAt(second, Date.now()),
      password: FACTORY_PASSWORD,
    })
    expect(fresh.statusCode).toBe(200)
  })

  it('refuses with 409 while 2FA is on, and keeps the secret', async () => {
    const { player, headers } = await enabled()
    const before = await twoFactorColumns(player.id)
    expectError(await getSecret(headers), 409, 'two_factor.already_enabled')
    expect(await twoFactorColumns(player.id)).toEqual(before)
  })

  it('needs a signed-in player, the CSRF token and the marker header', async () => {
    const signedOut = await visitor()
    expectError(await getSecret(signedOut.headers), 401, 'auth.sign_in_required')
    const { player, headers } = await signedIn()
    const { 'x-csrf-token': _token, ...withoutToken } = headers
    expectError(await getSecret(withoutToken), 403, 'csrf.invalid')
    const { 'x-requested-with': _marker, ...withoutMarker } = headers
    expectError(await getSecret(withoutMarker), 400, 'request.marker_missing')
    expect((await twoFactorColumns(player.id)).totpSecretSealed).toBeNull()
    const put = await t.app.inject({ method: 'POST', url: SECRET_URL, headers })
    expect(put.statusCode).toBe(405)
  })

  it('limits new secrets per player and says when to retry', async () => {
    const { headers } = await signedIn()
    for (let call = 0; call < 10; call += 1) expect((await getSecret(headers)).statusCode).toBe(200)
    const limited = await getSecret(headers)
    expectError(limited, 429, 'request.rate_limited')
    expect(limited.json<Answer>().message).toMatch(/Please wait \d+ (second|minute|hour)/)
    // Another player is not affected.
    expect((await getSecret((await signedIn()).headers)).statusCode).toBe(200)
  })
})

describe('POST /player/enable-two-factor-auth', () => {
  it('switches 2FA on with a right code and answers ten recovery codes once', async () => {
    const { player, headers, secret } = await pending()
    const response = await post(ENABLE_URL, headers, {
      code: totpCodeAt(secret, Date.now()),
      password: FACTORY_PASSWORD,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json<Answer<{ recovery_codes: string[] }>>()
    expect(body).toMatchObject({ success: true, errors: null })
    const codes = body.data.recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/)
    const stored = await twoFactorColumns(player.id)
    expect(stored.totpEnabledAt).toBeInstanceOf(Date)
    expect(stored.totpLastStep).toEqual(expect.any(Number))
    const rows = await recoveryRows(player.id)
    expect(rows).toHaveLength(10)
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.usedAt).toBeNull()
      expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false)
    }
    expect((await auditOf(player.id)).map((event) => event.action)).toContain('two_factor.enabled')
  })

  it('needs the password: a right code alone does not switch 2FA on', async () => {
    const { player, headers, secret } = await pending()
    const response = await post(ENABLE_URL, headers, { code: totpCodeAt(secret, Date.now()) })
    expectError(response, 400, 'request.invalid')
    expect(response.json<Answer>().errors?.fields).toHaveProperty(['body.password'])
    expect((await twoFactorColumns(player.id)).totpEnabledAt).toBeNull()
  })

  it.each([
    [
      'a wrong code',
      (secret: string) => ({ code: wrongCode(secret), password: FACTORY_PASSWORD }),
      'two_factor.code_invalid',
    ],
    [
      'a wrong password',
      (secret: string) => ({ code: totpCodeAt(secret, Date.now()), password: 'wrong' }),
      'two_factor.password_invalid',
    ],
    [
      'a code three steps old',
      (secret: string) => ({
        code: totpCodeAt(secret, Date.now() - 3 * STEP_MS),
        password: FACTORY_PASSWORD,
      }),
      'two_factor.code_invalid',
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, payload, code) => {
    const { player, headers, secret } = await pending()
    const before = await twoFactorColumns(player.id)
    expectError(await post(ENABLE_URL, headers, payload(secret)), 400, code)
    expect(await twoFactorColumns(player.id)).toEqual(before)
    expect(await recoveryRows(player.id)).toHaveLength(0)
    const actions = (await auditOf(player.id)).map((event) => event.action)
    expect(actions).not.toContain('two_factor.enabled')
  })

  it.each([
    ['no body', undefined],
    ['no code', {}],
    ['five digits', { code: '12345' }],
    ['seven digits', { code: '1234567' }],
    ['letters', { code: 'abcdef' }],
    ['a number', { code: 123456 }],
    ['an empty code', { code: '' }],
    ['an overlong code', { code: '1'.repeat(5000) }],
    ['an empty password', { code: '123456', password: '' }],
    ['a password too long', { code: '123456', password: 'x'.repeat(257) }],
    ['a password of the wrong type', { code: '123456', password: 12345678 }],
  ])('refuses %s with 400 request.invalid and stores nothing', async (_name, payload) => {
    const { player, headers } = await pending()
    const before = await twoFactorColumns(player.id)
    expectError(await post(ENABLE_URL, headers, payload), 400, 'request.invalid')
    expect(await twoFactorColumns(player.id)).toEqual(before)
    expect(await recoveryRows(player.id)).toHaveLength(0)
  })

  it('refuses with 409 without a pending secret, and when 2FA is already on', async () => {
    const { player, headers } = await signedIn()
    expectError(
      await post(ENABLE_URL, headers, { code: '123456', password: FACTORY_PASSWORD }),
      409,
      'two_factor.not_started',
    )
    expect(await twoFactorColumns(player.id)).toMatchObject({ totpEnabledAt: null })
    const on = await enabled()
    const rowsBefore = await recoveryRows(on.player.id)
    expectError(
      await post(ENABLE_URL, on.headers, { code: nextCode(on.secret), password: FACTORY_PASSWORD }),
      409,
      'two_factor.already_enabled',
    )
    expect(await recoveryRows(on.player.id)).toEqual(rowsBefore)
  })

  it('needs a signed-in player, the CSRF token and the marker header', async () => {
    const { player, headers, secret } = await pending()
    const payload = { code: totpCodeAt(secret, Date.now()), password: FACTORY_PASSWORD }
    expectError(
      await post(ENABLE_URL, (await visitor()).headers, payload),
      401,
      'auth.sign_in_required',
    )
    const { 'x-csrf-token': _token, ...withoutToken } = headers
    expectError(await post(ENABLE_URL, withoutToken, payload), 403, 'csrf.invalid')
    const { 'x-requested-with': _marker, ...withoutMarker } = headers
    expectError(await post(ENABLE_URL, withoutMarker, payload), 400, 'request.marker_missing')
    expect((await twoFactorColumns(player.id)).totpEnabledAt).toBeNull()
  })

  it('limits wrong codes per player: after ten, even the right code waits', async () => {
    const { player, headers, secret } = await pending()
    const wrong = wrongCode(secret)
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectError(
        await post(ENABLE_URL, headers, { code: wrong, password: FACTORY_PASSWORD }),
        400,
        'two_factor.code_invalid',
      )
    }
    const limited = await post(ENABLE_URL, headers, {
      code: totpCodeAt(secret, Date.now()),
      password: FACTORY_PASSWORD,
    })
    expectError(limited, 429, 'request.rate_limited')
    expect(limited.headers['retry-after']).toMatch(/^\d+$/)
    expect((await twoFactorColumns(player.id)).totpEnabledAt).toBeNull()
  })
})

describe('POST /player/disable-two-factor-auth', () => {
  it('switches 2FA off with a new code and the password, removing secret and recovery codes', async () => {
    const { player, headers, secret } = await enabled()
    const response = await post(DISABLE_URL, headers, {
      code: nextCode(secret),
      password: FACTORY_PASSWORD,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, data: null, message: null, errors: null })
    expect(await twoFactorColumns(player.id)).toMatchObject({
      totpSecretSealed: null,
      totpEnabledAt: null,
      totpLastStep: null,
    })
    expect(await recoveryRows(player.id)).toHaveLength(0)
    const actions = (await auditOf(player.id)).map((event) => event.action)
    expect(actions).toContain('two_factor.disabled')
    // Login asks for no code any more.
    const { response: again } = await login({ email: player.email, password: FACTORY_PASSWORD })
    expect(again.json()).toMatchObject({ success: true, two_factor_otp: false })
  })

  it('takes an unused recovery code instead of the app code, in any case and spacing', async () => {
    const { player, headers, recoveryCodes } = await enabled()
    const response = await post(DISABLE_URL, headers, {
      code: ` ${(recoveryCodes[3] ?? '').toUpperCase()} `,
      password: FACTORY_PASSWORD,
    })
    expect(response.statusCode).toBe(200)
    expect((await twoFactorColumns(player.id)).totpEnabledAt).toBeNull()
  })

  it('refuses a wrong password with 400, changes nothing and spends no code', async () => {
    const { player, headers, secret, recoveryCodes } = await enabled()
    const before = await twoFactorColumns(player.id)
    const code = nextCode(secret)
    expectError(
      await post(DISABLE_URL, headers, { code, password: 'not the password' }),
      400,
      'two_factor.password_invalid',
    )
    expectError(
      await post(DISABLE_URL, headers, { code: recoveryCodes[0], password: 'not the password' }),
      400,
      'two_factor.password_invalid',
    )
    expect(await twoFactorColumns(player.id)).toEqual(before)
    expect((await recoveryRows(player.id)).every((row) => row.usedAt === null)).toBe(true)
    // Both are still good.
    const ok = await post(DISABLE_URL, headers, {
      code: recoveryCodes[0],
      password: FACTORY_PASSWORD,
    })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses a wrong, replayed or spent code with 400 and changes nothing', async () => {
    const { player, headers, secret, recoveryCodes, enablingCode } = await enabled()
    const before = await twoFactorColumns(player.id)
    const wrong = wrongCode(secret)
    for (const code of [wrong, enablingCode, 'zzzz-zzzz']) {
      expectError(
        await post(DISABLE_URL, headers, { code, password: FACTORY_PASSWORD }),
        400,
        'two_factor.code_invalid',
      )
    }
    expect(await twoFactorColumns(player.id)).toEqual(before)
    // A recovery code spent at login cannot switch 2FA off afterwards.
    const { response } = await login({
      email: player.email,
      password: FACTORY_PASSWORD,
      otp: recoveryCodes[1],
    })
    expect(response.statusCode).toBe(200)
    expectError(
      await post(DISABLE_URL, headers, { code: recoveryCodes[1], password: FACTORY_PASSWORD }),
      400,
      'two_factor.code_invalid',
    )
    expect((await twoFactorColumns(player.id)).totpEnabledAt).toBeInstanceOf(Date)
    expect(await recoveryRows(player.id)).toHaveLength(10)
  })

  it.each([
    ['no body', undefined],
    ['no password', { code: '123456' }],
    ['no code', { password: FACTORY_PASSWORD }],
    ['an empty password', { code: '123456', password: '' }],
    ['a password too long', { code: '123456', password: 'x'.repeat(257) }],
    ['a malformed code', { code: '12-34', password: FACTORY_PASSWORD }],
    ['an overlong code', { code: '1'.repeat(40), password: FACTORY_PASSWORD }],
    ['a code of the wrong type', { code: 123456, password: FACTORY_PASSWORD }],
  ])('refuses %s with 400 request.invalid and changes nothing', async (_name, payload) => {
    const { player, headers } = await enabled()
    const before = await twoFactorColumns(player.id)
    expectError(await post(DISABLE_URL, headers, payload), 400, 'request.invalid')
    expect(await twoFactorColumns(player.id)).toEqual(before)
  })

  it('refuses with 409 when 2FA is off', async () => {
    const { headers } = await pending()
    expectError(
      await post(DISABLE_URL, headers, { code: '123456', password: FACTORY_PASSWORD }),
      409,
      'two_factor.not_enabled',
    )
  })

  it('needs a signed-in player, the CSRF token and the marker header', async () => {
    const { player, headers, secret } = await enabled()
    const payload = { code: nextCode(secret), password: FACTORY_PASSWORD }
    expectError(
      await post(DISABLE_URL, (await visitor()).headers, payload),
      401,
      'auth.sign_in_required',
    )
    const { 'x-csrf-token': _token, ...withoutToken } = headers
    expectError(await post(DISABLE_URL, withoutToken, payload), 403, 'csrf.invalid')
    const { 'x-requested-with': _marker, ...withoutMarker } = headers
    expectError(await post(DISABLE_URL, withoutMarker, payload), 400, 'request.marker_missing')
    expect((await twoFactorColumns(player.id)).totpEnabledAt).toBeInstanceOf(Date)
  })

  it('limits wrong codes and passwords per player', async () => {
    const { player, headers, secret } = await enabled()
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await post(DISABLE_URL, headers, {
        code: nextCode(secret),
        password: `wrong-${String(attempt)}`,
      })
      expect(response.statusCode).toBe(400)
    }
    const limited = await post(DISABLE_URL, headers, {
      code: nextCode(secret),
      password: FACTORY_PASSWORD,
    })
    expectError(limited, 429, 'request.rate_limited')
    expect((await twoFactorColumns(player.id)).totpEnabledAt).toBeInstanceOf(Date)
  })
})

describe('POST /login?json=1 with 2FA', () => {
  it('asks for the code once the password is right, signing nothing in', async () => {
    const { player } = await withTwoFactor()
    for (const payload of [
      { email: player.email, password: FACTORY_PASSWORD },
      { email: player.email, password: FACTORY_PASSWORD, otp: '' },
    ]) {
      const { response, headers } = await login(payload)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toEqual({
        success: false,
        data: null,
        message: PROMPT,
        errors: null,
        two_factor_otp: true,
      })
      expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined()
      // The visitor's session is still signed out.
      expectError(await getSecret(headers), 401, 'auth.sign_in_required')
    }
  })

  it('answers a wrong password as usual, with or without a code, and never asks for one', async () => {
    const { player, secret } = await withTwoFactor()
    for (const otp of [undefined, totpCodeAt(secret, Date.now())]) {
      const { response } = await login({
        email: player.email,
        password: 'wrong password',
        ...(otp && { otp }),
      })
      expectError(response, 401, 'auth.invalid_credentials')
      expect(response.json()).not.toHaveProperty('two_factor_otp')
    }
    // The code sent with the wrong password was not spent.
    expect((await twoFactorColumns(player.id)).totpLastStep).toBeNull()
  })

  it('signs in with the right code, which cannot be used again', async () => {
    const { player, secret } = await withTwoFactor()
    const code = totpCodeAt(secret, Date.now())
    const { response } = await login({ email: player.email, password: FACTORY_PASSWORD, otp: code })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      two_factor_otp: false,
      player: { id: player.id, email: player.email },
    })
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)
    expect(session?.value).toEqual(expect.any(String))
    expect((await twoFactorColumns(player.id)).totpLastStep).toEqual(expect.any(Number))

    const replay = await login({ email: player.email, password: FACTORY_PASSWORD, otp: code })
    expectError(replay.response, 401, 'auth.otp_invalid')
    expect(replay.response.json<Answer>().message).toBe(
      'The code is not valid. Please check your authenticator app and try again.',
    )
    expect(replay.response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined()
    const actions = await auditOf(player.id)
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'login.succeeded', details: { second_factor: 'totp' } },
        { action: 'login.failed', details: { reason: 'otp' } },
      ]),
    )
  })

  it('takes a code once when two logins send it at the same moment', async () => {
    const { player, secret } = await withTwoFactor()
    const payload = {
      email: player.email,
      password: FACTORY_PASSWORD,
      otp: totpCodeAt(secret, Date.now()),
    }
    const answers = await Promise.all([login(payload), login(payload), login(payload)])
    expect(answers.map(({ response }) => response.statusCode).sort()).toEqual([200, 401, 401])
  })

  it('refuses a wrong code with 401 and a translated message', async () => {
    const { player, secret } = await withTwoFactor()
    const wrong = wrongCode(secret)
    const english = await login({ email: player.email, password: FACTORY_PASSWORD, otp: wrong })
    expectError(english.response, 401, 'auth.otp_invalid')
    const { headers, remoteAddress } = await visitor()
    const german = await t.app.inject({
      method: 'POST',
      url: '/login?json=1',
      headers: { ...headers, cookie: `${headers.cookie ?? ''}; aurum_locale=de` },
      payload: { email: player.email, password: FACTORY_PASSWORD, otp: wrong },
      remoteAddress,
    })
    expectError(german, 401, 'auth.otp_invalid')
  })

  it('signs in with a recovery code exactly once', async () => {
    const { player, recoveryCodes } = await withTwoFactor()
    const code = recoveryCodes[0] ?? ''
    const first = await login({ email: player.email, password: FACTORY_PASSWORD, otp: code })
    expect(first.response.json()).toMatchObject({ success: true, two_factor_otp: false })
    const spent = (await recoveryRows(player.id)).filter((row) => row.usedAt !== null)
    expect(spent).toHaveLength(1)
    const second = await login({ email: player.email, password: FACTORY_PASSWORD, otp: code })
    expectError(second.response, 401, 'auth.otp_invalid')
    // Without the hyphen and in capitals it is the same, spent code.
    const third = await login({
      email: player.email,
      password: FACTORY_PASSWORD,
      otp: code.replace('-', '').toUpperCase(),
    })
    expectError(third.response, 401, 'auth.otp_invalid')
    const other = await login({
      email: player.email,
      password: FACTORY_PASSWORD,
      otp: recoveryCodes[1] ?? '',
    })
    expect(other.response.statusCode).toBe(200)
    expect(await auditOf(player.id)).toEqual(
      expect.arrayContaining([
        { action: 'login.succeeded', details: { second_factor: 'recovery_code' } },
      ]),
    )
  })

  it.each([
    ['letters', 'abcdef'],
    ['seven digits', '1234567'],
    ['a recovery code too short', 'abcd-abc'],
    ['an overlong code', '1'.repeat(40)],
    ['a number', 123456],
  ])('refuses an otp of %s with 400 and spends nothing', async (_name, otp) => {
    const { player } = await withTwoFactor()
    const { response } = await login({ email: player.email, password: FACTORY_PASSWORD, otp })
    expectError(response, 400, 'request.invalid')
    expect((await twoFactorColumns(player.id)).totpLastStep).toBeNull()
  })

  it('limits wrong codes per account across addresses; then even the right code waits', async () => {
    const { player, secret } = await withTwoFactor()
    const wrong = wrongCode(secret)
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { response } = await login({
        email: player.email,
        password: FACTORY_PASSWORD,
        otp: wrong,
      })
      expectError(response, 401, 'auth.otp_invalid')
    }
    const { response } = await login({
      email: player.email,
      password: FACTORY_PASSWORD,
      otp: totpCodeAt(secret, Date.now()),
    })
    expectError(response, 429, 'request.rate_limited')
    expect((await twoFactorColumns(player.id)).totpLastStep).toBeNull()
  })

  it('a player who only started setting up 2FA signs in without a code', async () => {
    const { player } = await pending()
    const { response } = await login({ email: player.email, password: FACTORY_PASSWORD })
    expect(response.json()).toMatchObject({ success: true, two_factor_otp: false })
  })
})

describe('POST /login?json=1 limits and records', () => {
  // 52 logins, each a full argon2id verification (64 MiB, three passes): about 55 ms on a quiet
  // core, but the whole test took 10 s on a slow machine, against the default limit of 5 s.
  it(
    'limits attempts per account across addresses (five times the per-address limit)',
    {
      timeout: 30_000,
    },
    async () => {
      const player = await createPlayer(t.database.db)
      // The default per-address limit is 10, so the account allows 50 from all addresses.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { response } = await login({ email: player.email, password: 'wrong' })
        expect(response.statusCode).toBe(401)
      }
      const { response } = await login({ email: player.email, password: FACTORY_PASSWORD })
      expectError(response, 429, 'request.rate_limited')
      expect(response.headers['retry-after']).toMatch(/^\d+$/)
      // Another account is not affected.
      const other = await createPlayer(t.database.db)
      const { response: allowed } = await login({ email: other.email, password: FACTORY_PASSWORD })
      expect(allowed.statusCode).toBe(200)
    },
  )

  it('records failed and successful logins, never the password', async () => {
    const player = await createPlayer(t.database.db)
    await login({ email: player.email, password: 'a wrong password' })
    await login({ email: player.email, password: FACTORY_PASSWORD })
    const events = await auditOf(player.id)
    expect(events).toEqual([
      { action: 'login.failed', details: { reason: 'password' } },
      { action: 'login.succeeded', details: {} },
    ])
    expect(JSON.stringify(events)).not.toContain('a wrong password')
    const rows = await t.database.db
      .select({ ip: auditEvents.ip })
      .from(auditEvents)
      .where(and(eq(auditEvents.playerId, player.id), eq(auditEvents.action, 'login.failed')))
    expect(rows[0]?.ip).toMatch(/^10\.4\./)
  })
})

describe('rehash on login', () => {
  it('upgrades a hash made with weaker parameters after a right password, keeping the login', async () => {
    const password = 'an old and weak hash'
    const weak = await hash(password, { memoryCost: 4096, timeCost: 1 })
    const player = await insertPlayer(t.database.db, {
      email: `weak-${randomUUID()}@aurum.test`,
      passwordHash: weak,
      currency: 'EUR',
    })
    // A wrong password changes nothing.
    await login({ email: player.email, password: 'wrong' })
    expect((await twoFactorColumns(player.id)).passwordHash).toBe(weak)

    const { response } = await login({ email: player.email, password })
    expect(response.statusCode).toBe(200)
    const upgraded = (await twoFactorColumns(player.id)).passwordHash
    expect(upgraded).not.toBe(weak)
    expect(needsRehash(upgraded)).toBe(false)
    const parameters = parseArgon2Parameters(upgraded)
    expect(parameters?.algorithm).toBe('argon2id')
    expect(parameters?.memoryCostKib).toBeGreaterThanOrEqual(19_456)
    expect(parameters?.timeCost).toBeGreaterThanOrEqual(2)
    expect(parameters?.parallelism).toBe(1)

    const again = await login({ email: player.email, password })
    expect(again.response.statusCode).toBe(200)
    expect((await twoFactorColumns(player.id)).passwordHash).toBe(upgraded)
  })

  it('does not rehash before the second factor is given', async () => {
    const { player, secret } = await withTwoFactor()
    const weak = await hash(FACTORY_PASSWORD, { memoryCost: 4096, timeCost: 1 })
    await t.database.db.update(players).set({ passwordHash: weak }).where(eq(players.id, player.id))
    await login({ email: player.email, password: FACTORY_PASSWORD })
    expect((await twoFactorColumns(player.id)).passwordHash).toBe(weak)
    await login({
      email: player.email,
      password: FACTORY_PASSWORD,
      otp: totpCodeAt(secret, Date.now()),
    })
    expect(needsRehash((await twoFactorColumns(player.id)).passwordHash)).toBe(false)
  })
})

describe('OpenAPI', () => {
  it('documents the two-factor calls and the login code', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>
    }>()
    expect(document.paths[SECRET_URL]).toHaveProperty('get')
    expect(document.paths[ENABLE_URL]).toHaveProperty('post')
    expect(document.paths[DISABLE_URL]).toHaveProperty('post')
    expect(JSON.stringify(document.paths['/login']?.post?.requestBody)).toContain('otp')
    expect(JSON.stringify(document.paths['/login']?.post?.responses)).toContain('two_factor_otp')
  })
})
