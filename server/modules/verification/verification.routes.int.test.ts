import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest, InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig } from '#server/config/env.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import {
  API_HEADERS,
  buildTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import type { Mailer } from '#server/modules/messaging/index.ts'
import { outboxMessages } from '#server/modules/messaging/messaging.tables.ts'
import { verifyPassword } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { oneTimeTokens } from './verification.tables.ts'
import { queueEmailVerification, sendWelcomeEmail } from './email-verification.ts'
import { PHONE_CODE_MAX_ATTEMPTS } from './one-time-tokens.ts'
import { formatDuration } from '#common/duration.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

type Headers = Record<string, string>
type Payload = InjectOptions['payload']

interface Answer {
  success: boolean
  data: null
  message: string | null
  errors: { code: string; fields?: Record<string, string[]> } | null
}

interface OutboxEntry {
  channel: string
  recipient: string
  template: string
  locale: string
  subject: string
  body: string
  links: string[]
  delivered_at: string | null
}

const NEW_PASSWORD = 'a new and long enough passphrase'

/** A distinct client address per test: address limits must not leak between tests or runs. */
const clientAddress = () =>
  `10.${String(Math.floor(Math.random() * 250))}.${String(Math.floor(Math.random() * 250))}.${String(1 + Math.floor(Math.random() * 250))}`

/** A visitor who is not signed in: marker header, session cookie and its CSRF token. */
async function visitor(app = t.app): Promise<Headers> {
  const response = await app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  return {
    ...API_HEADERS,
    cookie,
    'x-csrf-token': response.json<Record<string, string>>()['_csrf-frontend'] ?? '',
  }
}

const post = (
  url: string,
  headers: Headers,
  payload?: Payload,
  app = t.app,
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload !== undefined && { payload }),
    ...(remoteAddress && { remoteAddress }),
  })

/** A signed-in player of the test's own, with contact details set as asked. */
async function player(
  values: Partial<typeof players.$inferInsert> = {},
  app = t.app,
  db = t.database.db,
) {
  const account = await createPlayer(db)
  if (Object.keys(values).length > 0)
    await db.update(players).set(values).where(eq(players.id, account.id))
  const client = await signIn(app, account)
  return { ...account, headers: client.headers }
}

async function outbox(recipient: string, app = t.app): Promise<OutboxEntry[]> {
  await app.messaging.idle()
  const response = await app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  })
  return response.json<{ messages: OutboxEntry[] }>().messages
}

const tokenOf = (link: string | undefined) =>
  new URL(link ?? 'http://x.invalid/').searchParams.get('token') ?? ''

const tokensOf = (playerId: string) =>
  t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.playerId, playerId))

const audits = (playerId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.playerId, playerId), eq(auditEvents.action, action)))

const contact = async (playerId: string) => {
  const [row] = await t.database.db.select().from(players).where(eq(players.id, playerId))
  if (!row) throw new Error('no player')
  return row
}

function expectError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

const DONE = { success: true, data: null, message: null, errors: null }

/** Asks for a reset link and returns the token in the e-mail. */
async function resetToken(email: string): Promise<string> {
  const response = await post(
    '/users/request-password-reset',
    await visitor(),
    { email },
    t.app,
    clientAddress(),
  )
  expect(response.statusCode).toBe(200)
  return tokenOf((await outbox(email))[0]?.links[0])
}

/** Sends the verification e-mail to a signed-in player and returns the token in it. */
async function verificationToken(account: { email: string; headers: Headers }): Promise<string> {
  const response = await post('/player/resend-verification-email', account.headers)
  expect(response.statusCode).toBe(200)
  return tokenOf((await outbox(account.email))[0]?.links[0])
}

describe('POST /users/request-password-reset', () => {
  const request = async (payload: Payload, remoteAddress = clientAddress(), headers?: Headers) =>
    post(
      '/users/request-password-reset',
      headers ?? (await visitor()),
      payload,
      t.app,
      remoteAddress,
    )

  it('e-mails a single-use link to /{loc}/a/password-reset that is good for one hour', async () => {
    const account = await player({ locale: 'fi' })
    const before = Date.now()
    // Without PUBLIC_URL the link names the address the server listens on, never the Host header.
    const forged = { ...(await visitor()), host: 'attacker.example' }
    const response = await request({ email: account.email }, clientAddress(), forged)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DONE)
    expect(response.headers['cache-control']).toBe('no-store')
    const [message, ...others] = await outbox(account.email)
    expect(others).toEqual([])
    expect(message).toMatchObject({ channel: 'email', template: 'password_reset', locale: 'fi' })
    expect(message?.subject).toBeTruthy()
    expect(message?.links).toHaveLength(1)
    expect(message?.links[0]).toMatch(
      /^http:\/\/localhost:3000\/fi\/a\/password-reset\?token=[\w-]{43}$/,
    )
    const [stored] = await tokensOf(account.id)
    expect(stored).toMatchObject({ purpose: 'password_reset', target: account.email, usedAt: null })
    // Only a hash is kept.
    expect(stored?.secretHash).not.toBe(tokenOf(message?.links[0]))
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - before
    expect(lifetime).toBeGreaterThan(59 * 60_000)
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000)
    expect(await audits(account.id, 'password.reset_requested')).toHaveLength(1)
  })

  it('answers exactly the same for an address without an account, and stores and sends nothing', async () => {
    const email = `nobody-${randomUUID()}@aurum.test`
    const known = await player()
    const [unknownAnswer, knownAnswer] = [
      await request({ email }),
      await request({ email: known.email }),
    ]
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode)
    expect(unknownAnswer.body).toBe(knownAnswer.body)
    expect(await outbox(email)).toEqual([])
    expect(await outbox(known.email)).toHaveLength(1)
  })

  it('finds the account whatever the letter case of the address', async () => {
    const account = await player()
    expect((await request({ email: account.email.toUpperCase() })).statusCode).toBe(200)
    expect(await outbox(account.email)).toHaveLength(1)
  })

  it('writes the e-mail in English for an account whose locale the site lacks', async () => {
    const account = await player({ locale: 'xx' })
    await request({ email: account.email })
    const [message] = await outbox(account.email)
    expect(message?.locale).toBe('en')
    expect(message?.links[0]).toMatch(/\/en\/a\/password-reset\?token=/)
  })

  it.each([
    ['no body', undefined],
    ['no e-mail', {}],
    ['an e-mail of the wrong type', { email: 42 }],
    ['a malformed e-mail', { email: 'not-an-email' }],
    ['an overlong e-mail', { email: `${'a'.repeat(250)}@aurum.test` }],
  ])('refuses %s with 400 and sends nothing', async (_name, payload) => {
    const response = await request(payload)
    expectError(response, 400, 'request.invalid')
    await t.app.messaging.idle()
  })

  it('refuses a request without the CSRF token (403) or the marker header (400)', async () => {
    const account = await player()
    const { 'x-csrf-token': _token, ...noToken } = await visitor()
    expectError(
      await request({ email: account.email }, clientAddress(), noToken),
      403,
      'csrf.invalid',
    )
    const { 'x-requested-with': _marker, ...noMarker } = await visitor()
    expectError(
      await request({ email: account.email }, clientAddress(), noMarker),
      400,
      'request.marker_missing',
    )
    expect(await outbox(account.email)).toEqual([])
  })

  it('allows 5 requests per e-mail address an hour, then says when to retry', async () => {
    const account = await player()
    for (let n = 0; n < 5; n++)
      expect((await request({ email: account.email })).statusCode).toBe(200)
    const refused = await request({ email: account.email.toUpperCase() })
    expectError(refused, 429, 'request.rate_limited')
    const seconds = Number(refused.headers['retry-after'])
    expect(seconds).toBeGreaterThan(3500)
    // The wait in words, not a count of seconds.
    expect(refused.json<Answer>().message).toContain(
      `Please wait ${formatDuration(seconds, 'en')} `,
    )
    expect(await outbox(account.email)).toHaveLength(5)
    // An unknown address is limited alike, so the limit tells nothing either.
    const email = `nobody-${randomUUID()}@aurum.test`
    for (let n = 0; n < 5; n++) expect((await request({ email })).statusCode).toBe(200)
    expect((await request({ email })).statusCode).toBe(429)
  })

  it('allows 20 requests per client address an hour', async () => {
    const address = clientAddress()
    for (let n = 0; n < 20; n++) {
      expect(
        (await request({ email: `n${String(n)}-${randomUUID()}@aurum.test` }, address)).statusCode,
      ).toBe(200)
    }
    const account = await player()
    expectError(await request({ email: account.email }, address), 429, 'request.rate_limited')
    expect(await outbox(account.email)).toEqual([])
    // Another address is not affected.
    expect((await request({ email: account.email })).statusCode).toBe(200)
  })
})

describe('POST /users/password-reset-change-password', () => {
  const change = async (payload: Payload, headers?: Headers) =>
    post('/users/password-reset-change-password', headers ?? (await visitor()), payload)

  it('sets the new password, spends the link and ends every session of the account', async () => {
    const account = await player()
    const otherDevice = await signIn(t.app, account)
    const token = await resetToken(account.email)
    const changedBefore = (await contact(account.id)).passwordChangedAt

    const response = await change({ token, password: NEW_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DONE)

    const row = await contact(account.id)
    expect(await verifyPassword(row.passwordHash, NEW_PASSWORD)).toBe(true)
    expect(await verifyPassword(row.passwordHash, account.password)).toBe(false)
    expect(row.passwordChangedAt.getTime()).toBeGreaterThan(changedBefore.getTime())
    for (const headers of [account.headers, otherDevice.headers]) {
      const signedOut = await t.app.inject({
        method: 'GET',
        url: '/player/all-notifications',
        headers,
      })
      expectError(signedOut, 401, 'auth.sign_in_required')
    }
    const [audit] = await audits(account.id, 'password.reset')
    expect(audit).toMatchObject({
      actorType: 'player',
      actorId: account.id,
      details: { sessionsEnded: 2 },
    })
    // The new password signs in; the old one does not.
    await expect(
      signIn(t.app, { email: account.email, password: NEW_PASSWORD }),
    ).resolves.toBeTruthy()
    await expect(signIn(t.app, account)).rejects.toThrow()
  })

  it('refuses the same link a second time', async () => {
    const account = await player()
    const token = await resetToken(account.email)
    expect((await change({ token, password: NEW_PASSWORD })).statusCode).toBe(200)
    const again = await change({ token, password: `${NEW_PASSWORD} again` })
    expectError(again, 400, 'auth.token_invalid')
    expect(again.json<Answer>().message).toMatch(/no longer valid/)
    expect(await verifyPassword((await contact(account.id)).passwordHash, NEW_PASSWORD)).toBe(true)
  })

  it('lets only one of two requests racing with one link through', async () => {
    const account = await player()
    const token = await resetToken(account.email)
    const [first, second] = await Promise.all([
      change({ token, password: `${NEW_PASSWORD} one` }),
      change({ token, password: `${NEW_PASSWORD} two` }),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400])
  })

  it('retires the other reset links of the account once one is used', async () => {
    const account = await player()
    const first = await resetToken(account.email)
    const second = await resetToken(account.email)
    expect(first).not.toBe(second)
    expect((await change({ token: second, password: NEW_PASSWORD })).statusCode).toBe(200)
    expectError(await change({ token: first, password: NEW_PASSWORD }), 400, 'auth.token_invalid')
  })

  it('refuses an expired link', async () => {
    const account = await player()
    const token = await resetToken(account.email)
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.playerId, account.id))
    expectError(await change({ token, password: NEW_PASSWORD }), 400, 'auth.token_invalid')
    expect(await verifyPassword((await contact(account.id)).passwordHash, account.password)).toBe(
      true,
    )
  })

  it('refuses an unknown token and the token of an e-mail verification link', async () => {
    const account = await player()
    const verification = await verificationToken(account)
    for (const token of [verification, 'x'.repeat(43), 'nonsense']) {
      expectError(await change({ token, password: NEW_PASSWORD }), 400, 'auth.token_invalid')
    }
    expect((await tokensOf(account.id))[0]?.usedAt).toBeNull()
  })

  it('refuses a link sent to an address the account no longer has', async () => {
    const account = await player()
    const token = await resetToken(account.email)
    await t.database.db
      .update(players)
      .set({ email: `changed-${randomUUID()}@aurum.test` })
      .where(eq(players.id, account.id))
    expectError(await change({ token, password: NEW_PASSWORD }), 400, 'auth.token_invalid')
  })

  it.each([
    ['too short', () => 'short', 'Use at least 8 characters.'],
    ['too long', () => 'x'.repeat(257), 'Use at most 256 characters.'],
    [
      'too common',
      () => 'Password123',
      'This password is one of the most common ones. Please choose another.',
    ],
    [
      'that is the e-mail address',
      (email: string) => email.toUpperCase(),
      'Your password must not be your e-mail address.',
    ],
  ])(
    'refuses a password %s beside the field and leaves the link usable',
    async (_name, password, text) => {
      const account = await player()
      const token = await resetToken(account.email)
      const refused = await change({ token, password: password(account.email) })
      expectError(refused, 400, 'request.invalid')
      expect(refused.json<Answer>().errors?.fields).toEqual({ password: [text] })
      expect(await tokensOf(account.id)).toMatchObject([{ usedAt: null }])
      expect(await verifyPassword((await contact(account.id)).passwordHash, account.password)).toBe(
        true,
      )
      expect((await change({ token, password: NEW_PASSWORD })).statusCode).toBe(200)
    },
  )

  it.each([
    ['no body', undefined],
    ['no token', { password: NEW_PASSWORD }],
    ['no password', { token: 'abc' }],
    ['an empty token', { token: '', password: NEW_PASSWORD }],
    ['an overlong token', { token: 'x'.repeat(129), password: NEW_PASSWORD }],
    ['a token of the wrong type', { token: 42, password: NEW_PASSWORD }],
    ['an absurdly long password', { token: 'abc', password: 'x'.repeat(1025) }],
  ])('refuses %s with 400 request.invalid', async (_name, payload) => {
    expectError(await change(payload), 400, 'request.invalid')
  })

  it('refuses a request without the CSRF token (403) or the marker header (400), spending nothing', async () => {
    const account = await player()
    const token = await resetToken(account.email)
    const { 'x-csrf-token': _token, ...noToken } = await visitor()
    expectError(await change({ token, password: NEW_PASSWORD }, noToken), 403, 'csrf.invalid')
    const { 'x-requested-with': _marker, ...noMarker } = await visitor()
    expectError(
      await change({ token, password: NEW_PASSWORD }, noMarker),
      400,
      'request.marker_missing',
    )
    expect((await change({ token, password: NEW_PASSWORD })).statusCode).toBe(200)
  })
})

describe('POST /player/resend-verification-email and POST /users/verify-email', () => {
  const verify = async (payload: Payload, headers?: Headers) =>
    post('/users/verify-email', headers ?? (await visitor()), payload)

  it('e-mails a link to /{loc}/a/verify-email good for 24 hours', async () => {
    const account = await player({ locale: 'de', firstName: 'Mia' })
    const before = Date.now()
    const response = await post('/player/resend-verification-email', account.headers)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DONE)
    const [message] = await outbox(account.email)
    expect(message).toMatchObject({
      channel: 'email',
      template: 'email_verification',
      locale: 'de',
    })
    expect(message?.body).toContain('Mia')
    expect(message?.links[0]).toMatch(
      /^http:\/\/localhost:3000\/de\/a\/verify-email\?token=[\w-]{43}$/,
    )
    const [stored] = await tokensOf(account.id)
    expect(stored).toMatchObject({ purpose: 'email_verification', target: account.email })
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - before
    expect(lifetime).toBeGreaterThan(24 * 60 * 60_000 - 60_000)
    expect(lifetime).toBeLessThanOrEqual(24 * 60 * 60_000 + 5_000)
  })

  it('verifies the address with the link, once, and says so again for the same link', async () => {
    const account = await player()
    const token = await verificationToken(account)
    // The page may be opened in another browser: no sign-in needed.
    const response = await verify({ token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DONE)
    expect((await contact(account.id)).emailVerifiedAt).toBeInstanceOf(Date)
    expect(await audits(account.id, 'email.verified')).toHaveLength(1)
    expect((await verify({ token })).statusCode).toBe(200)
    expect(await audits(account.id, 'email.verified')).toHaveLength(1)
    expectError(
      await post('/player/resend-verification-email', account.headers),
      409,
      'verification.email_already_verified',
    )
  })

  it('keeps earlier links good when a new one is sent', async () => {
    const account = await player()
    const first = await verificationToken(account)
    await verificationToken(account)
    expect((await verify({ token: first })).statusCode).toBe(200)
  })

  it('refuses an expired link, a reset link, an unknown token and a link to a former address', async () => {
    const expired = await player()
    const expiredToken = await verificationToken(expired)
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.playerId, expired.id))
    expectError(await verify({ token: expiredToken }), 400, 'auth.token_invalid')

    const reset = await player()
    expectError(await verify({ token: await resetToken(reset.email) }), 400, 'auth.token_invalid')
    expectError(await verify({ token: 'y'.repeat(43) }), 400, 'auth.token_invalid')

    const moved = await player()
    const movedToken = await verificationToken(moved)
    await t.database.db
      .update(players)
      .set({ email: `moved-${randomUUID()}@aurum.test` })
      .where(eq(players.id, moved.id))
    expectError(await verify({ token: movedToken }), 400, 'auth.token_invalid')

    for (const account of [expired, reset, moved]) {
      expect((await contact(account.id)).emailVerifiedAt).toBeNull()
    }
  })

  it.each([
    ['no body', undefined],
    ['no token', {}],
    ['an empty token', { token: ' ' }],
    ['an overlong token', { token: 'x'.repeat(129) }],
    ['a token of the wrong type', { token: ['a'] }],
  ])('refuses %s with 400 request.invalid', async (_name, payload) => {
    expectError(await verify(payload), 400, 'request.invalid')
  })

  it('refuses a verification without the CSRF token (403) or the marker header (400)', async () => {
    const account = await player()
    const token = await verificationToken(account)
    const { 'x-csrf-token': _token, ...noToken } = await visitor()
    expectError(await verify({ token }, noToken), 403, 'csrf.invalid')
    const { 'x-requested-with': _marker, ...noMarker } = await visitor()
    expectError(await verify({ token }, noMarker), 400, 'request.marker_missing')
    expect((await contact(account.id)).emailVerifiedAt).toBeNull()
  })

  it('sends at most 3 e-mails per 10 minutes, then says when to retry', async () => {
    const account = await player()
    for (let n = 0; n < 3; n++) {
      expect((await post('/player/resend-verification-email', account.headers)).statusCode).toBe(
        200,
      )
    }
    const refused = await post('/player/resend-verification-email', account.headers)
    expectError(refused, 429, 'request.rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500)
    expect(await outbox(account.email)).toHaveLength(3)
  })

  it('needs a signed-in player (401), the CSRF token (403) and the marker header (400)', async () => {
    expectError(
      await post('/player/resend-verification-email', await visitor()),
      401,
      'auth.sign_in_required',
    )
    const account = await player()
    const { 'x-csrf-token': _token, ...noToken } = account.headers
    expectError(await post('/player/resend-verification-email', noToken), 403, 'csrf.invalid')
    const { 'x-requested-with': _marker, ...noMarker } = account.headers
    expectError(
      await post('/player/resend-verification-email', noMarker),
      400,
      'request.marker_missing',
    )
    expect(await outbox(account.email)).toEqual([])
  })
})

describe('phone verification', () => {
  const phone = () => `+35840${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`
  const sendCode = (headers: Headers) => post('/player/resend-phone-verification-code', headers)
  const confirm = (headers: Headers, payload: Payload) =>
    post('/player/confirm-phone', headers, payload)
  const codeIn = async (number: string) =>
    /\b(\d{6})\b/.exec((await outbox(number))[0]?.body ?? '')?.[1] ?? ''
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('texts a 6-digit code to the number on the profile, good for 10 minutes', async () => {
    const number = phone()
    const account = await player({ phone: number, locale: 'fr' })
    const before = Date.now()
    const response = await sendCode(account.headers)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DONE)
    const [message] = await outbox(number)
    expect(message).toMatchObject({
      channel: 'sms',
      template: 'phone_verification',
      locale: 'fr',
      subject: '',
    })
    expect(message?.body).toMatch(/\b\d{6}\b/)
    const [stored] = await tokensOf(account.id)
    expect(stored).toMatchObject({ purpose: 'phone_verification', target: number, attempts: 0 })
    expect(stored?.secretHash).not.toContain(await codeIn(number))
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - before
    expect(lifetime).toBeGreaterThan(9 * 60_000)
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 5_000)
  })

  it('confirms the number with the right code', async () => {
    const number = phone()
    const account = await player({ phone: number })
    await sendCode(account.headers)
    const response = await confirm(account.headers, { code: ` ${await codeIn(number)} ` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DONE)
    expect((await contact(account.id)).phoneVerifiedAt).toBeInstanceOf(Date)
    expect(await audits(account.id, 'phone.verified')).toHaveLength(1)
    // Verified: no more codes, and the used code does nothing more.
    expectError(await sendCode(account.headers), 409, 'verification.phone_already_verified')
    expectError(
      await confirm(account.headers, { code: await codeIn(number) }),
      409,
      'verification.phone_already_verified',
    )
  })

  it(`counts wrong codes and kills the code after ${String(PHONE_CODE_MAX_ATTEMPTS)} of them`, async () => {
    const number = phone()
    const account = await player({ phone: number })
    await sendCode(account.headers)
    const code = await codeIn(number)
    for (let n = 1; n < PHONE_CODE_MAX_ATTEMPTS; n++) {
      const wrong = await confirm(account.headers, { code: otherCode(code) })
      expectError(wrong, 400, 'verification.code_invalid')
      expect(wrong.json<Answer>().message).toMatch(/not correct/)
      expect((await tokensOf(account.id))[0]?.attempts).toBe(n)
    }
    expectError(
      await confirm(account.headers, { code: otherCode(code) }),
      400,
      'verification.code_expired',
    )
    // Dead: the right code no longer works either.
    const late = await confirm(account.headers, { code })
    expectError(late, 400, 'verification.code_expired')
    expect(late.json<Answer>().message).toMatch(/new one/)
    expect((await tokensOf(account.id))[0]?.attempts).toBe(PHONE_CODE_MAX_ATTEMPTS)
    expect((await contact(account.id)).phoneVerifiedAt).toBeNull()
    // A new code starts afresh.
    await sendCode(account.headers)
    expect((await confirm(account.headers, { code: await codeIn(number) })).statusCode).toBe(200)
  })

  it('refuses an expired code', async () => {
    const number = phone()
    const account = await player({ phone: number })
    await sendCode(account.headers)
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.playerId, account.id))
    expectError(
      await confirm(account.headers, { code: await codeIn(number) }),
      400,
      'verification.code_expired',
    )
  })

  it('refuses a code when none was sent', async () => {
    const account = await player({ phone: phone() })
    expectError(
      await confirm(account.headers, { code: '123456' }),
      400,
      'verification.code_expired',
    )
  })

  it('takes only the newest code sent', async () => {
    const number = phone()
    const account = await player({ phone: number })
    await sendCode(account.headers)
    const first = await codeIn(number)
    await sendCode(account.headers)
    const second = await codeIn(number)
    if (first !== second) {
      expectError(await confirm(account.headers, { code: first }), 400, 'verification.code_invalid')
    }
    expect((await confirm(account.headers, { code: second })).statusCode).toBe(200)
    expect(await tokensOf(account.id)).toHaveLength(1)
  })

  it("does not take another player's code", async () => {
    const mine = phone()
    const theirs = phone()
    const me = await player({ phone: mine })
    const them = await player({ phone: theirs })
    await sendCode(me.headers)
    await sendCode(them.headers)
    const myCode = await codeIn(mine)
    const theirCode = await codeIn(theirs)
    if (theirCode !== myCode) {
      expectError(await confirm(me.headers, { code: theirCode }), 400, 'verification.code_invalid')
    }
    expect((await contact(them.id)).phoneVerifiedAt).toBeNull()
    expect((await tokensOf(them.id))[0]?.attempts).toBe(0)
  })

  it('refuses a code sent to a number the profile no longer has', async () => {
    const number = phone()
    const account = await player({ phone: number })
    await sendCode(account.headers)
    await t.database.db.update(players).set({ phone: phone() }).where(eq(players.id, account.id))
    expectError(
      await confirm(account.headers, { code: await codeIn(number) }),
      400,
      'verification.code_expired',
    )
    expect((await contact(account.id)).phoneVerifiedAt).toBeNull()
  })

  it('refuses to send or check a code without a phone number on the profile', async () => {
    const account = await player()
    expectError(await sendCode(account.headers), 409, 'verification.phone_missing')
    expectError(
      await confirm(account.headers, { code: '123456' }),
      409,
      'verification.phone_missing',
    )
    expect(await tokensOf(account.id)).toEqual([])
  })

  it.each([
    ['no body', undefined],
    ['no code', {}],
    ['five digits', { code: '12345' }],
    ['seven digits', { code: '1234567' }],
    ['letters', { code: 'abcdef' }],
    ['a number instead of a string', { code: 123456 }],
    ['an overlong code', { code: '1'.repeat(1000) }],
  ])('refuses %s with 400 request.invalid, counting no try', async (_name, payload) => {
    const number = phone()
    const account = await player({ phone: number })
    await sendCode(account.headers)
    expectError(await confirm(account.headers, payload), 400, 'request.invalid')
    expect((await tokensOf(account.id))[0]?.attempts).toBe(0)
  })

  it('sends at most 3 codes per 10 minutes, then says when to retry', async () => {
    const number = phone()
    const account = await player({ phone: number })
    for (let n = 0; n < 3; n++) expect((await sendCode(account.headers)).statusCode).toBe(200)
    const refused = await sendCode(account.headers)
    expectError(refused, 429, 'request.rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500)
    expect(await outbox(number)).toHaveLength(3)
  })

  it('deletes the number with its verification and its pending code', async () => {
    const number = phone()
    const account = await player({ phone: number })
    await sendCode(account.headers)
    const code = await codeIn(number)
    const response = await post('/player/delete-phone', account.headers)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DONE)
    const row = await contact(account.id)
    expect(row.phone).toBe('')
    expect(row.phoneVerifiedAt).toBeNull()
    expect(await tokensOf(account.id)).toEqual([])
    expect(await audits(account.id, 'phone.deleted')).toHaveLength(1)
    expectError(await confirm(account.headers, { code }), 409, 'verification.phone_missing')
    // Again, with no number: still success, nothing more recorded.
    expect((await post('/player/delete-phone', account.headers)).statusCode).toBe(200)
    expect(await audits(account.id, 'phone.deleted')).toHaveLength(1)
  })

  it('deletes a verified number too', async () => {
    const account = await player({ phone: phone(), phoneVerifiedAt: new Date() })
    expect((await post('/player/delete-phone', account.headers)).statusCode).toBe(200)
    expect(await contact(account.id)).toMatchObject({ phone: '', phoneVerifiedAt: null })
  })

  it("touches only the signed-in player's number", async () => {
    const other = await player({ phone: phone(), phoneVerifiedAt: new Date() })
    const me = await player({ phone: phone() })
    await post('/player/delete-phone', me.headers)
    expect((await contact(other.id)).phone).not.toBe('')
    expect((await contact(other.id)).phoneVerifiedAt).toBeInstanceOf(Date)
  })

  it.each([
    ['/player/resend-phone-verification-code', undefined],
    ['/player/confirm-phone', { code: '123456' }],
    ['/player/delete-phone', undefined],
  ])(
    '%s needs a signed-in player (401), the CSRF token (403) and the marker (400)',
    async (url, payload) => {
      const number = phone()
      expectError(await post(url, await visitor(), payload), 401, 'auth.sign_in_required')
      const account = await player({ phone: number })
      const { 'x-csrf-token': _token, ...noToken } = account.headers
      expectError(await post(url, noToken, payload), 403, 'csrf.invalid')
      const { 'x-requested-with': _marker, ...noMarker } = account.headers
      expectError(await post(url, noMarker, payload), 400, 'request.marker_missing')
      expect(await contact(account.id)).toMatchObject({ phone: number, phoneVerifiedAt: null })
      expect(await outbox(number)).toEqual([])
    },
  )
})

describe('e-mails at sign-up', () => {
  const signUpRequest = () =>
    ({
      server: t.app,
      log: t.app.log,
      // A forged Host header: links never take their origin from it.
      host: 'attacker.example',
    }) as unknown as FastifyRequest

  it('queueEmailVerification e-mails the verification link after returning', async () => {
    const account = await createPlayer(t.database.db)
    queueEmailVerification(signUpRequest(), account.id)
    const [message] = await outbox(account.email)
    expect(message?.template).toBe('email_verification')
    expect(message?.links[0]).toMatch(
      /^http:\/\/localhost:3000\/en\/a\/verify-email\?token=[\w-]{43}$/,
    )
    expect(
      (await post('/users/verify-email', await visitor(), { token: tokenOf(message?.links[0]) }))
        .statusCode,
    ).toBe(200)
  })

  it('queueEmailVerification sends nothing to a verified address or an unknown player', async () => {
    const account = await createPlayer(t.database.db)
    await t.database.db
      .update(players)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(players.id, account.id))
    queueEmailVerification(signUpRequest(), account.id)
    queueEmailVerification(signUpRequest(), randomUUID())
    expect(await outbox(account.email)).toEqual([])
    expect(await tokensOf(account.id)).toEqual([])
  })

  it('sendWelcomeEmail greets the player by name with a link to the site in their language', async () => {
    const account = await createPlayer(t.database.db, { firstName: 'Aino' })
    await t.database.db.update(players).set({ locale: 'fi' }).where(eq(players.id, account.id))
    const deps = { db: t.database.db, transports: {}, log: t.app.log }
    expect(await sendWelcomeEmail(deps, account.id, 'https://aurum.example')).toBe(true)
    const [message] = await outbox(account.email)
    expect(message).toMatchObject({
      template: 'welcome',
      locale: 'fi',
      links: ['https://aurum.example/fi'],
    })
    // In Finnish, from the Finnish catalogue.
    expect(message?.body.startsWith('Hei Aino,')).toBe(true)
    expect(await sendWelcomeEmail(deps, randomUUID(), 'https://aurum.example')).toBe(false)
  })
})

describe('with SMTP and a public address configured', () => {
  let smtp: TestApp
  const send = vi.fn<Mailer['send']>()

  beforeAll(async () => {
    const database = await createTestDatabase()
    const config = toConfig(
      parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SESSION_SECRET: TEST_SESSION_SECRET,
        PUBLIC_URL: 'https://casino.example/',
        RATE_LIMIT_MAX: '1000000',
        // The test below sends from loopback: even a trusted proxy's forwarded host is not used.
        TRUST_PROXY: 'loopback',
      }),
      () => TEST_SESSION_SECRET,
    )
    const app = await buildApp({
      config,
      database,
      ssr: { mode: 'off' },
      transports: { mailer: { send } },
    })
    await app.ready()
    smtp = { app, database }
    return () => app.close()
  })

  it('hands the e-mail to the mailer, records the delivery and links to PUBLIC_URL', async () => {
    const account = await player({}, smtp.app, smtp.database.db)
    const response = await post(
      '/player/resend-verification-email',
      account.headers,
      undefined,
      smtp.app,
    )
    expect(response.statusCode).toBe(200)
    const [message] = await outbox(account.email, smtp.app)
    expect(message?.links[0]).toMatch(
      /^https:\/\/casino\.example\/en\/a\/verify-email\?token=[\w-]{43}$/,
    )
    expect(message?.delivered_at).not.toBeNull()
    expect(send).toHaveBeenCalledWith({
      to: account.email,
      subject: message?.subject,
      text: message?.body,
    })
  })

  it('links a reset e-mail to PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
    const account = await player({}, smtp.app, smtp.database.db)
    const response = await post(
      '/users/request-password-reset',
      {
        ...(await visitor(smtp.app)),
        host: 'attacker.example',
        'x-forwarded-host': 'attacker.example',
        'x-forwarded-proto': 'http',
      },
      { email: account.email },
      smtp.app,
      '127.0.0.1',
    )
    expect(response.statusCode).toBe(200)
    const [message] = await outbox(account.email, smtp.app)
    expect(message?.links[0]).toMatch(
      /^https:\/\/casino\.example\/en\/a\/password-reset\?token=[\w-]{43}$/,
    )
  })

  it('keeps the e-mail in the outbox and answers success when the mailer fails', async () => {
    send.mockRejectedValueOnce(new Error('SMTP down'))
    const account = await player({}, smtp.app, smtp.database.db)
    const response = await post(
      '/player/resend-verification-email',
      account.headers,
      undefined,
      smtp.app,
    )
    expect(response.statusCode).toBe(200)
    const [message] = await outbox(account.email, smtp.app)
    expect(message?.delivered_at).toBeNull()
    const [stored] = await smtp.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, account.email))
    expect(stored?.deliveredAt).toBeNull()
  })

  it('sends the reset e-mail after answering, through the mailer', async () => {
    const account = await player({}, smtp.app, smtp.database.db)
    const response = await post(
      '/users/request-password-reset',
      await visitor(smtp.app),
      { email: account.email },
      smtp.app,
      clientAddress(),
    )
    expect(response.statusCode).toBe(200)
    await smtp.app.messaging.idle()
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ to: account.email }))
    const [message] = await outbox(account.email, smtp.app)
    expect(message?.links[0]).toMatch(/^https:\/\/casino\.example\/en\/a\/password-reset\?token=/)
  })
})
