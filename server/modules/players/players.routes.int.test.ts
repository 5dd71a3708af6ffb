import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  API_HEADERS,
  buildTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { hashSessionCookie } from '#server/modules/auth/index.ts'
import { verifySocketClaims } from '#server/modules/realtime/index.ts'
import { SESSION_COOKIE } from '#server/plugins/session.ts'
import { loadShippedMessages } from '#server/modules/site/index.ts'
import { translate } from '#common/translate.ts'
import { insertDocument } from '#server/modules/documents/index.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import { players } from './players.tables.ts'

let t: TestApp
beforeAll(async () => {
  // Sign-ups are limited per address; this file signs up many players from one.
  t = await buildTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '1000' } })
})

type Headers = Record<string, string>
type Answer = {
  success: boolean
  data: unknown
  message: string | null
  errors: { code: string; fields?: Record<string, string[]> } | null
  player?: { id: string; email: string }
}

const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')

/** A visitor's headers: marker, session cookie and its CSRF token. */
async function visitor(extraCookie?: string): Promise<Headers> {
  const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = [cookiesOf(response), extraCookie].filter(Boolean).join('; ')
  const token = response.json<Record<string, string>>()['_csrf-frontend'] ?? ''
  return { ...API_HEADERS, cookie, 'x-csrf-token': token }
}

/** The headers a browser sends after a call that set a new session cookie. */
async function afterSignIn(response: { cookies: { name: string; value: string }[] }) {
  const cookie = cookiesOf(response)
  const csrf = await t.app.inject({
    method: 'GET',
    url: '/csrf/get-new',
    headers: { ...API_HEADERS, cookie },
  })
  return {
    ...API_HEADERS,
    cookie,
    'x-csrf-token': csrf.json<Record<string, string>>()['_csrf-frontend'] ?? '',
  }
}

const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  email: `Sign.Up-${randomUUID()}@Aurum.test`,
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
})

const post = (url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  })
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers })

/**
 * Sign-ups come from an address of this run's own: with Redis the limiter's counters are shared
 * by every test file and outlive the run, and other files sign up from the default address.
 */
const SIGN_UP_ADDRESS = `10.${String(Math.floor(Math.random() * 250))}.${String(Math.floor(Math.random() * 250))}.9`

async function register(payload: unknown, headers?: Headers) {
  return t.app.inject({
    method: 'POST',
    url: '/register',
    headers: headers ?? (await visitor()),
    remoteAddress: SIGN_UP_ADDRESS,
    payload: payload as Record<string, unknown>,
  })
}

const findPlayer = async (email: string) => {
  const [row] = await t.database.db
    .select()
    .from(players)
    .where(eq(players.email, email.toLowerCase()))
  return row
}

/** Rows of the tables a sign-up writes, to prove a refusal wrote none. */
async function rowCounts() {
  const db = t.database.db
  const [[p], [a], [n]] = await Promise.all([
    db.select({ n: count() }).from(players),
    db.select({ n: count() }).from(auditEvents),
    db.select({ n: count() }).from(notifications),
  ])
  return { players: p?.n, audit: a?.n, notifications: n?.n }
}

const auditOf = (playerId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.playerId, playerId), eq(auditEvents.action, action)))

/** A birth date of someone who turned 17 this year: still under 18. */
function seventeen() {
  const now = new Date()
  return `${String(now.getUTCFullYear() - 17)}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`
}

/** A new signed-in player of the test's own. */
async function signedInPlayer() {
  const account = await createPlayer(t.database.db)
  return { ...account, headers: (await signIn(t.app, account)).headers }
}

describe('POST /register', () => {
  it('creates the account, signs the player in and welcomes them', async () => {
    const events: DomainEvents['player.registered'][] = []
    const unsubscribe = t.app.bus.subscribe('player.registered', (event) => {
      events.push(event)
    })
    const payload = validSignUp({ locale: 'fi' })
    const headers = await visitor()
    const response = await register(payload, headers)

    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const email = payload.email.toLowerCase()
    const answer = response.json<Answer>()
    expect(answer).toEqual({
      success: true,
      data: null,
      message: null,
      errors: null,
      player: {
        id: expect.any(String) as unknown,
        email,
        firstName: 'Robin',
        lastName: 'Tester',
        currency: 'EUR',
      },
    })
    const id = answer.player?.id ?? ''

    const row = await findPlayer(email)
    expect(row).toMatchObject({
      id,
      email,
      firstName: 'Robin',
      lastName: 'Tester',
      birthDate: '1990-05-17',
      country: 'FI',
      city: 'Helsinki',
      address: 'Mannerheimintie 1',
      postCode: '00100',
      phone: '+358401234567',
      currency: 'EUR',
      locale: 'fi',
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      totpEnabledAt: null,
    })
    // argon2id with at least 19 MiB, 2 passes, 1 lane (the floor).
    const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row?.passwordHash ?? '')
    expect(Number(params?.[1])).toBeGreaterThanOrEqual(19456)
    expect(Number(params?.[2])).toBeGreaterThanOrEqual(2)
    expect(params?.[3]).toBe('1')

    expect(await auditOf(id, 'player.registered')).toHaveLength(1)
    // The sign-up is also the day's sign-in, which the seeded daily quest pays for: only the
    // welcome is this call's own notification.
    const welcome = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.playerId, id), eq(notifications.type, 'welcome')))
    expect(welcome).toMatchObject([
      { type: 'welcome', text: expect.stringContaining('Robin') as unknown },
    ])
    // Through Redis the event takes a round trip, and other test files' sign-ups arrive too.
    await vi.waitFor(() => {
      expect(events).toContainEqual({ playerId: id })
    })
    unsubscribe()

    // Signed in: a new session cookie, the visitor's CSRF token gone, player info answers.
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)
    expect(session?.httpOnly).toBe(true)
    expect((await get('/logout?json=1', headers)).statusCode).toBe(403)
    const info = await get('/player/info', await afterSignIn(response))
    expect(info.statusCode).toBe(200)
    expect(info.json<{ data: { apiId: string } }>().data.apiId).toBe(id)
  })

  it('writes the welcome in the English catalogue when the locale is English', async () => {
    const payload = validSignUp({ first_name: '  Alex ' })
    const response = await register(payload)
    expect(response.statusCode).toBe(200)
    const row = await findPlayer(payload.email)
    expect(row?.firstName).toBe('Alex')
    const [welcome] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.playerId, row?.id ?? ''))
    expect(welcome?.text).toBe('Welcome to Aurum, Alex!')
  })

  it('takes the language from the locale cookie when the body names none', async () => {
    const payload = validSignUp()
    const response = await register(payload, await visitor('aurum_locale=de_at'))
    expect(response.statusCode).toBe(200)
    expect((await findPlayer(payload.email))?.locale).toBe('de_at')
    const other = validSignUp()
    await register(other, await visitor('aurum_locale=nonsense'))
    expect((await findPlayer(other.email))?.locale).toBe('en')
  })

  it('reads a national phone number as one of the chosen country', async () => {
    const payload = validSignUp({ country: 'se', phone: '070-123 45 67' })
    expect((await register(payload)).statusCode).toBe(200)
    expect(await findPlayer(payload.email)).toMatchObject({ country: 'SE', phone: '+46701234567' })
  })

  it('names every missing field at once and stores nothing', async () => {
    const before = await rowCounts()
    const response = await register({})
    expect(response.statusCode).toBe(400)
    const answer = response.json<Answer>()
    expect(answer).toMatchObject({
      success: false,
      data: null,
      message: 'Some of the information sent is not valid. Please check it and try again.',
      errors: { code: 'request.invalid' },
    })
    expect(answer.errors?.fields).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
      currency: ['This field is required.'],
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
      birth_date: ['This field is required.'],
      country: ['This field is required.'],
      city: ['This field is required.'],
      address: ['This field is required.'],
      post_code: ['This field is required.'],
      phone: ['This field is required.'],
      terms_accepted: ['Please accept the terms and confirm that you are 18 or older.'],
    })
    expect(await rowCounts()).toEqual(before)
  })

  it.each([
    ['an invalid e-mail', { email: 'not-an-address' }, 'email', 'Enter a valid e-mail address.'],
    [
      'an e-mail too long',
      { email: `${'a'.repeat(250)}@x.io` },
      'email',
      'Use at most 254 characters.',
    ],
    ['a number for the e-mail', { email: 42 }, 'email', 'This value is not valid.'],
    ['a short password', { password: 'abc1234' }, 'password', 'Use at least 8 characters.'],
    [
      'a password too long',
      { password: 'p'.repeat(257) },
      'password',
      'Use at most 256 characters.',
    ],
    [
      'a common password',
      { password: 'Password1' },
      'password',
      'This password is one of the most common ones. Please choose another.',
    ],
    [
      'the e-mail as the password',
      { email: 'robin.hood@aurum.test', password: 'ROBIN.HOOD@aurum.test' },
      'password',
      'Your password must not be your e-mail address.',
    ],
    [
      "the e-mail's local part as the password",
      { email: 'robin.hood.1977@aurum.test', password: 'Robin.Hood.1977' },
      'password',
      'Your password must not be your e-mail address.',
    ],
    [
      'an unknown currency',
      { currency: 'GBP' },
      'currency',
      'Choose one of the offered currencies.',
    ],
    [
      'a lower-case currency',
      { currency: 'eur' },
      'currency',
      'Choose one of the offered currencies.',
    ],
    ['a blank first name', { first_name: '   ' }, 'first_name', 'This field is required.'],
    [
      'a last name too long',
      { last_name: 'x'.repeat(101) },
      'last_name',
      'Use at most 100 characters.',
    ],
    ['a city too long', { city: 'x'.repeat(101) }, 'city', 'Use at most 100 characters.'],
    ['an address too long', { address: 'x'.repeat(201) }, 'address', 'Use at most 200 characters.'],
    [
      'a post code too long',
      { post_code: '1'.repeat(21) },
      'post_code',
      'Use at most 20 characters.',
    ],
    ['an object for the city', { city: { a: 1 } }, 'city', 'This value is not valid.'],
    [
      'a birth date of another format',
      { birth_date: '17.05.1990' },
      'birth_date',
      'Enter a valid date of birth.',
    ],
    [
      'a birth date that does not exist',
      { birth_date: '1990-02-30' },
      'birth_date',
      'Enter a valid date of birth.',
    ],
    [
      'a birth date in the future',
      { birth_date: '2999-01-01' },
      'birth_date',
      'Enter a valid date of birth.',
    ],
    [
      'a player under 18',
      { birth_date: seventeen() },
      'birth_date',
      'You must be at least 18 years old to play.',
    ],
    ['an unknown country', { country: 'XX' }, 'country', 'Choose a country from the list.'],
    ['a country name', { country: 'Finland' }, 'country', 'Choose a country from the list.'],
    [
      'a blocked country',
      { country: 'US', phone: '+1 202 555 0143' },
      'country',
      'Aurum is not available in this country.',
    ],
    [
      'an invalid phone',
      { phone: '12345' },
      'phone',
      'Enter a valid phone number for the chosen country.',
    ],
    ['a phone too long', { phone: '1'.repeat(33) }, 'phone', 'Use at most 32 characters.'],
    [
      'terms not accepted',
      { terms_accepted: false },
      'terms_accepted',
      'Please accept the terms and confirm that you are 18 or older.',
    ],
    [
      'terms as a string',
      { terms_accepted: 'true' },
      'terms_accepted',
      'Please accept the terms and confirm that you are 18 or older.',
    ],
    ['an unknown locale', { locale: 'xx' }, 'locale', 'This language is not offered.'],
  ])('refuses %s on its field and stores nothing', async (_name, overrides, field, message) => {
    const before = await rowCounts()
    const payload = validSignUp(overrides)
    const response = await register(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json<Answer>()).toMatchObject({
      success: false,
      errors: { code: 'request.invalid', fields: { [field]: [message] } },
    })
    expect(Object.keys(response.json<Answer>().errors?.fields ?? {})).toEqual([field])
    expect(await rowCounts()).toEqual(before)
  })

  it('refuses a body that is not an object, and malformed JSON', async () => {
    const headers = await visitor()
    const text = await t.app.inject({
      method: 'POST',
      url: '/register',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(text.statusCode).toBe(400)
    expect(text.json()).toMatchObject({ errors: { code: 'request.invalid' } })
    const list = await register([1, 2], headers)
    expect(list.statusCode).toBe(400)
    expect(list.json<Answer>().errors?.fields).toHaveProperty('email')
  })

  it('says "already registered" for an address in any case, and only then (409)', async () => {
    const first = validSignUp()
    expect((await register(first)).statusCode).toBe(200)
    const before = await rowCounts()
    const again = await register(validSignUp({ email: ` ${first.email.toUpperCase()} ` }))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      success: false,
      data: null,
      message: 'This e-mail address is already registered.',
      errors: {
        code: 'players.email_taken',
        fields: { email: ['This e-mail address is already registered.'] },
      },
    })
    // Other refused fields are named in the same answer.
    const both = await register(validSignUp({ email: first.email, city: '' }))
    expect(both.statusCode).toBe(409)
    expect(Object.keys(both.json<Answer>().errors?.fields ?? {}).sort()).toEqual(['city', 'email'])
    expect(await rowCounts()).toEqual(before)
  })

  it('lets only one of two simultaneous sign-ups with one address through', async () => {
    const payload = validSignUp()
    const [a, b] = await Promise.all([register(payload), register(payload)])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json()).toMatchObject({ errors: { code: 'players.email_taken' } })
    const rows = await t.database.db
      .select({ n: count() })
      .from(players)
      .where(eq(players.email, payload.email.toLowerCase()))
    expect(rows[0]?.n).toBe(1)
  })

  it('refuses a sign-up without the CSRF token (403) or the marker header (400)', async () => {
    const before = await rowCounts()
    const { 'x-csrf-token': _token, ...noToken } = await visitor()
    const refused = await register(validSignUp(), noToken)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ errors: { code: 'csrf.invalid' } })
    const { 'x-requested-with': _marker, ...noMarker } = await visitor()
    const unmarked = await register(validSignUp(), noMarker)
    expect(unmarked.statusCode).toBe(400)
    expect(unmarked.json()).toMatchObject({ errors: { code: 'request.marker_missing' } })
    expect(await rowCounts()).toEqual(before)
  })

  it("shows the field messages in the player's language, English where it lacks one", async () => {
    const response = await register(validSignUp({ city: '' }), await visitor('aurum_locale=de'))
    expect(response.statusCode).toBe(400)
    const answer = response.json<Answer>()
    const shipped = loadShippedMessages()
    const german = (key: string) =>
      translate(shipped.get('de') ?? {}, key) ?? translate(shipped.get('en') ?? {}, key)
    expect(answer.errors?.fields).toEqual({ city: [german('errors.fields.required')] })
    expect(answer.message).toBe(german('errors.request.invalid'))
  })
})

describe('POST /register rate limit', () => {
  it('allows a few sign-ups per address per hour, then says when to retry', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '2' } })
    const remoteAddress = `10.${String(Math.floor(Math.random() * 250))}.7.${String(Math.floor(Math.random() * 250))}`
    const attempt = async () => {
      const csrf = await limited.app.inject({
        method: 'GET',
        url: '/csrf/get-new',
        headers: API_HEADERS,
        remoteAddress,
      })
      return limited.app.inject({
        method: 'POST',
        url: '/register',
        remoteAddress,
        headers: {
          ...API_HEADERS,
          cookie: cookiesOf(csrf),
          'x-csrf-token': csrf.json<Record<string, string>>()['_csrf-frontend'] ?? '',
        },
        payload: { email: 'x' },
      })
    }
    expect((await attempt()).statusCode).toBe(400)
    expect((await attempt()).statusCode).toBe(400)
    const third = await attempt()
    expect(third.statusCode).toBe(429)
    expect(third.json()).toMatchObject({ errors: { code: 'request.rate_limited' } })
    expect(third.json<Answer>().message).toMatch(/wait \d+ (second|minute|hour)/)
  })
})

describe('GET /player/info', () => {
  it("answers exactly the spec's player info fields, plus the verification states", async () => {
    const payload = validSignUp({
      currency: 'PLN',
      first_name: 'Ola',
      country: 'PL',
      phone: '+48 601 234 567',
    })
    const registered = await register(payload)
    const headers = await afterSignIn(registered)
    const id = registered.json<Answer>().player?.id
    const response = await get('/player/info', headers)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const answer = response.json<{ data: { token: string } }>()
    expect(answer).toEqual({
      success: true,
      message: null,
      errors: null,
      data: {
        currency: 'PLN',
        currencySymbol: 'zł',
        availableToWithdraw: '0',
        email: payload.email.toLowerCase(),
        firstName: 'Ola',
        identityLocked: false,
        lastName: 'Tester',
        birthDate: '1990-05-17',
        country: 'PL',
        city: 'Helsinki',
        address: 'Mannerheimintie 1',
        postCode: '00100',
        phone: '+48601234567',
        level: 1,
        levelPercent: 0,
        points: 0,
        levelImageUrl: '/levels/level-1.svg',
        nextLevelPoints: 100,
        currentLevelPoints: 0,
        token: expect.any(String) as unknown,
        totalDepositAmounts: '0',
        apiId: id,
        emailVerified: false,
        phoneVerified: false,
        twoFactorEnabled: false,
        wagerRemaining: '0',
      },
    })
    // The token names this session too, so the session's end closes its socket.
    const sessionCookie = /aurum_sid=([^;]+)/.exec(headers.cookie)?.[1] ?? ''
    expect(verifySocketClaims(TEST_SESSION_SECRET, answer.data.token)).toEqual({
      playerId: id,
      sessionId: hashSessionCookie(sessionCookie),
    })
  })

  it('shows a crypto currency by its code and the verification states as stored', async () => {
    const player = await createPlayer(t.database.db, { currency: 'BTC' })
    await t.database.db
      .update(players)
      .set({ emailVerifiedAt: new Date(), totpEnabledAt: new Date() })
      .where(eq(players.id, player.id))
    const { headers } = await signIn(t.app, player)
    const { data } = (await get('/player/info', headers)).json<{ data: Record<string, unknown> }>()
    expect(data).toMatchObject({
      currency: 'BTC',
      currencySymbol: 'BTC',
      birthDate: null,
      phone: '',
      emailVerified: true,
      phoneVerified: false,
      twoFactorEnabled: true,
    })
  })

  it('shows a change at once after the player writes, though player info is cached', async () => {
    const player = await createPlayer(t.database.db)
    const { headers } = await signIn(t.app, player)
    const before = (await get('/player/info', headers)).json<{ data: { city: string } }>()
    expect(before.data.city).toBe('')
    // A write by someone else (or by hand) shows only when the cached copy expires…
    await t.database.db.update(players).set({ city: 'Tampere' }).where(eq(players.id, player.id))
    expect((await get('/player/info', headers)).json<{ data: { city: string } }>().data.city).toBe(
      '',
    )
    // …while any state-changing call of the player drops it on every instance.
    const update = await post('/player/update', headers, { city: 'Turku' })
    expect(update.statusCode).toBe(200)
    expect((await get('/player/info', headers)).json<{ data: { city: string } }>().data.city).toBe(
      'Turku',
    )
  })

  it('needs a signed-in player (401) and the marker header (400), not the CSRF token', async () => {
    const signedOut = await get('/player/info', await visitor())
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toMatchObject({ errors: { code: 'auth.sign_in_required' } })
    const player = await signedInPlayer()
    const { 'x-requested-with': _marker, ...noMarker } = player.headers
    expect((await get('/player/info', noMarker)).statusCode).toBe(400)
    const { 'x-csrf-token': _token, ...noToken } = player.headers
    expect((await get('/player/info', noToken)).statusCode).toBe(200)
  })
})

describe('GET /{lang}/settings userData', () => {
  it('is null for a visitor and the player for a signed-in one', async () => {
    const anonymous = await get('/en/settings', API_HEADERS)
    expect(anonymous.json()).toMatchObject({ userData: null })
    const player = await signedInPlayer()
    const response = await get('/fi/settings', player.headers)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toMatchObject({
      success: true,
      userData: {
        api_id: player.id,
        email: player.email,
        first_name: 'Robin',
        currency_id: 'EUR',
      },
      enabledCountry: { isEnabled: true },
    })
    expect(Object.keys(response.json<{ userData: object }>().userData).sort()).toEqual([
      'api_id',
      'currency_id',
      'email',
      'first_name',
    ])
  })
})

describe('POST /player/update', () => {
  it('changes only the fields sent, answers the new info and audits the field names', async () => {
    const player = await signedInPlayer()
    const response = await post('/player/update', player.headers, {
      first_name: ' Robyn ',
      city: 'Tampere',
      post_code: '33100',
      // Not changeable here: ignored.
      email: 'taken@over.test',
      currency: 'BTC',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      data: {
        firstName: 'Robyn',
        lastName: 'Tester',
        city: 'Tampere',
        postCode: '33100',
        email: player.email,
        currency: 'EUR',
        apiId: player.id,
      },
    })
    const [row] = await t.database.db.select().from(players).where(eq(players.id, player.id))
    expect(row).toMatchObject({ firstName: 'Robyn', city: 'Tampere', email: player.email })
    const audit = await auditOf(player.id, 'player.updated')
    expect(audit).toHaveLength(1)
    expect(audit[0]?.details).toEqual({ fields: ['first_name', 'city', 'post_code'] })
    expect(JSON.stringify(audit[0]?.details)).not.toContain('Tampere')
  })

  it('locks name, birth date and country once an identity document is approved', async () => {
    const player = await signedInPlayer()
    const document = await insertDocument(t.database.db, {
      playerId: player.id,
      type: 'passport',
      fileName: 'passport.png',
      mimeType: 'image/png',
      sizeBytes: 8,
      storageKey: `${player.id}/passport`,
    })
    // Waiting for review: still changeable.
    expect((await post('/player/update', player.headers, { first_name: 'Robyn' })).statusCode).toBe(
      200,
    )
    await t.database.db
      .update(playerDocuments)
      .set({ status: 'approved' })
      .where(eq(playerDocuments.id, document.id))
    const refused = await post('/player/update', player.headers, {
      first_name: 'Someone',
      last_name: 'Else',
      birth_date: '1970-01-01',
      country: 'SE',
      city: 'Turku',
    })
    expect(refused.statusCode).toBe(409)
    const body = refused.json<{ errors: { code: string; fields: Record<string, string[]> } }>()
    expect(body.errors.code).toBe('players.identity_locked')
    expect(Object.keys(body.errors.fields).sort()).toEqual([
      'birth_date',
      'country',
      'first_name',
      'last_name',
    ])
    expect(body.errors.fields.first_name?.[0]).toMatch(/support/i)
    const [row] = await t.database.db.select().from(players).where(eq(players.id, player.id))
    expect(row).toMatchObject({ firstName: 'Robyn', lastName: 'Tester', country: 'FI' })
    // The same values, and the other fields, still go through.
    const allowed = await post('/player/update', player.headers, {
      first_name: 'Robyn',
      country: 'FI',
      city: 'Turku',
    })
    expect(allowed.statusCode).toBe(200)
    // Player info says so beforehand.
    expect(allowed.json()).toMatchObject({ data: { city: 'Turku', identityLocked: true } })
  })

  it('changes nothing and audits nothing for an empty body or unchanged values', async () => {
    const player = await signedInPlayer()
    const empty = await post('/player/update', player.headers, {})
    expect(empty.statusCode).toBe(200)
    const same = await post('/player/update', player.headers, {
      first_name: 'Robin',
      country: 'fi',
    })
    expect(same.statusCode).toBe(200)
    expect(await auditOf(player.id, 'player.updated')).toHaveLength(0)
  })

  it('stores a new phone as E.164, unverified; the same number in another format keeps it verified', async () => {
    const player = await signedInPlayer()
    const first = await post('/player/update', player.headers, { phone: '040 123 4567' })
    expect(first.json()).toMatchObject({ data: { phone: '+358401234567', phoneVerified: false } })
    await t.database.db
      .update(players)
      .set({ phoneVerifiedAt: new Date() })
      .where(eq(players.id, player.id))
    const same = await post('/player/update', player.headers, { phone: '+358 40 1234567' })
    expect(same.json()).toMatchObject({ data: { phone: '+358401234567', phoneVerified: true } })
    // A national number goes with the country sent alongside it.
    const moved = await post('/player/update', player.headers, {
      country: 'SE',
      phone: '070 123 45 67',
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({
      data: { country: 'SE', phone: '+46701234567', phoneVerified: false },
    })
    const audit = await auditOf(player.id, 'player.updated')
    expect(audit.map((event) => event.details)).toEqual(
      expect.arrayContaining([{ fields: ['phone'] }, { fields: ['country', 'phone'] }]),
    )
  })

  it.each([
    ['a blank name', { first_name: ' ' }, 'first_name', 'This field is required.'],
    ['a name too long', { last_name: 'x'.repeat(101) }, 'last_name', 'Use at most 100 characters.'],
    ['an address too long', { address: 'x'.repeat(201) }, 'address', 'Use at most 200 characters.'],
    ['a number for the city', { city: 5 }, 'city', 'This value is not valid.'],
    ['null for the post code', { post_code: null }, 'post_code', 'This field is required.'],
    [
      'a player under 18',
      { birth_date: seventeen() },
      'birth_date',
      'You must be at least 18 years old to play.',
    ],
    [
      'a date that does not exist',
      { birth_date: '2001-02-29' },
      'birth_date',
      'Enter a valid date of birth.',
    ],
    ['an unknown country', { country: 'QQ' }, 'country', 'Choose a country from the list.'],
    ['a blocked country', { country: 'KP' }, 'country', 'Aurum is not available in this country.'],
    [
      'an invalid phone',
      { phone: '000' },
      'phone',
      'Enter a valid phone number for the chosen country.',
    ],
  ])('refuses %s and changes nothing', async (_name, body, field, message) => {
    const player = await signedInPlayer()
    const [before] = await t.database.db.select().from(players).where(eq(players.id, player.id))
    const response = await post('/player/update', player.headers, { city: 'Oulu', ...body })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      success: false,
      errors: { code: 'request.invalid', fields: { [field]: [message] } },
    })
    const [after] = await t.database.db.select().from(players).where(eq(players.id, player.id))
    expect(after).toEqual(before)
    expect(await auditOf(player.id, 'player.updated')).toHaveLength(0)
  })

  it('names every refused field in one answer', async () => {
    const player = await signedInPlayer()
    const response = await post('/player/update', player.headers, {
      country: 'US',
      phone: 'nope',
      first_name: '',
    })
    expect(Object.keys(response.json<Answer>().errors?.fields ?? {}).sort()).toEqual([
      'country',
      'first_name',
      'phone',
    ])
  })

  it('needs a signed-in player (401), the CSRF token (403) and the marker (400)', async () => {
    expect((await post('/player/update', await visitor(), { city: 'X' })).statusCode).toBe(401)
    const player = await signedInPlayer()
    const { 'x-csrf-token': _token, ...noToken } = player.headers
    expect((await post('/player/update', noToken, { city: 'Lahti' })).statusCode).toBe(403)
    const { 'x-requested-with': _marker, ...noMarker } = player.headers
    expect((await post('/player/update', noMarker, { city: 'Lahti' })).statusCode).toBe(400)
    const [row] = await t.database.db.select().from(players).where(eq(players.id, player.id))
    expect(row?.city).toBe('')
  })
})

describe('POST /player/change-password', () => {
  const NEW_PASSWORD = 'a brand new passphrase'

  it('changes the password, keeps this session and ends the others', async () => {
    const account = await createPlayer(t.database.db)
    const here = await signIn(t.app, account)
    const elsewhere = await signIn(t.app, account)
    const [before] = await t.database.db.select().from(players).where(eq(players.id, account.id))
    const response = await post('/player/change-password', here.headers, {
      current_password: account.password,
      new_password: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, data: null, message: null, errors: null })
    expect((await get('/player/info', here.headers)).statusCode).toBe(200)
    expect((await get('/player/info', elsewhere.headers)).statusCode).toBe(401)

    const [after] = await t.database.db.select().from(players).where(eq(players.id, account.id))
    expect(after?.passwordChangedAt.getTime()).toBeGreaterThan(
      before?.passwordChangedAt.getTime() ?? 0,
    )
    await expect(signIn(t.app, account)).rejects.toThrow(/sign-in failed/)
    await signIn(t.app, { email: account.email, password: NEW_PASSWORD })
    const audit = await auditOf(account.id, 'password.changed')
    expect(audit).toHaveLength(1)
    expect(audit[0]?.details).toEqual({ endedSessions: 1 })
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD)
  })

  it('refuses a wrong current password on its field, audits it and changes nothing', async () => {
    const player = await signedInPlayer()
    const response = await post('/player/change-password', player.headers, {
      current_password: 'not my password',
      new_password: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      success: false,
      data: null,
      message: 'Your current password is not correct.',
      errors: {
        code: 'players.password_incorrect',
        fields: { current_password: ['This is not your current password.'] },
      },
    })
    expect(await auditOf(player.id, 'password.change_failed')).toHaveLength(1)
    expect(await auditOf(player.id, 'password.changed')).toHaveLength(0)
    await signIn(t.app, player)
  })

  it.each([
    ['too short', 'short1', 'Use at least 8 characters.'],
    ['too long', 'x'.repeat(257), 'Use at most 256 characters.'],
    ['common', 'iloveyou', 'This password is one of the most common ones. Please choose another.'],
    ['the e-mail address', 'EMAIL', 'Your password must not be your e-mail address.'],
  ])('refuses a new password that is %s', async (_name, password, message) => {
    const player = await signedInPlayer()
    const other = await signIn(t.app, player)
    const response = await post('/player/change-password', player.headers, {
      current_password: player.password,
      new_password: password === 'EMAIL' ? player.email.toUpperCase() : password,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      errors: { code: 'request.invalid', fields: { new_password: [message] } },
    })
    // Nothing changed: the old password still works and no session ended.
    expect((await get('/player/info', other.headers)).statusCode).toBe(200)
    await signIn(t.app, player)
  })

  it('refuses missing fields and wrong types', async () => {
    const player = await signedInPlayer()
    const empty = await post('/player/change-password', player.headers, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json<Answer>().errors?.fields).toEqual({
      current_password: ['This field is required.'],
      new_password: ['This field is required.'],
    })
    const typed = await post('/player/change-password', player.headers, {
      current_password: 1234,
      new_password: ['x'],
    })
    expect(typed.statusCode).toBe(400)
    expect(Object.keys(typed.json<Answer>().errors?.fields ?? {}).sort()).toEqual([
      'current_password',
      'new_password',
    ])
    await signIn(t.app, player)
  })

  it('needs a signed-in player (401), the CSRF token (403) and the marker (400)', async () => {
    const body = { current_password: 'whatever1', new_password: NEW_PASSWORD }
    expect((await post('/player/change-password', await visitor(), body)).statusCode).toBe(401)
    const player = await signedInPlayer()
    const payload = { current_password: player.password, new_password: NEW_PASSWORD }
    const { 'x-csrf-token': _token, ...noToken } = player.headers
    expect((await post('/player/change-password', noToken, payload)).statusCode).toBe(403)
    const { 'x-requested-with': _marker, ...noMarker } = player.headers
    expect((await post('/player/change-password', noMarker, payload)).statusCode).toBe(400)
    await signIn(t.app, player)
  })

  it('is limited per player', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_LIMIT_MAX: '2' } })
    const account = await createPlayer(limited.database.db)
    const { headers } = await signIn(limited.app, account)
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/player/change-password',
        headers,
        payload: { current_password: 'wrong password', new_password: NEW_PASSWORD },
      })
    expect((await attempt()).statusCode).toBe(400)
    expect((await attempt()).statusCode).toBe(400)
    const third = await attempt()
    expect(third.statusCode).toBe(429)
    expect(third.json()).toMatchObject({ errors: { code: 'request.rate_limited' } })
    // Another player is not held back by this one's attempts.
    const other = await createPlayer(limited.database.db)
    const otherHeaders = (await signIn(limited.app, other)).headers
    const fine = await limited.app.inject({
      method: 'POST',
      url: '/player/change-password',
      headers: otherHeaders,
      payload: { current_password: other.password, new_password: NEW_PASSWORD },
    })
    expect(fine.statusCode).toBe(200)
  })
})

describe('OpenAPI', () => {
  it('documents the calls with their bodies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>
    }>()
    for (const [path, method] of [
      ['/register', 'post'],
      ['/player/info', 'get'],
      ['/player/update', 'post'],
      ['/player/change-password', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]).toBeDefined()
    }
    const body = JSON.stringify(document.paths['/register']?.post?.requestBody)
    for (const field of [
      'email',
      'password',
      'currency',
      'birth_date',
      'phone',
      'terms_accepted',
    ]) {
      expect(body).toContain(`"${field}"`)
    }
  })
})
