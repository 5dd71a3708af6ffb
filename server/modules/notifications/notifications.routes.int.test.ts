import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connect, type Socket } from 'socket.io-client'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
  socketTokenOf,
  type SignedInClient,
} from '#tests/factories/players.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { insertNotificationRows } from './notifications.repo.ts'
import { insertNotification, publishNotification, sendNotification } from './send-notification.ts'

let t: TestApp
let operatorHeaders: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  operatorHeaders = (await signInOperator(t.app, await createOperator(t.database.db, ['support'])))
    .headers
})

interface WireNotification {
  id: string
  type: string
  text: string
  image: string | null
  url: string | null
  btn_text: string | null
  duration: number
  is_read: 0 | 1
}
interface ListAnswer {
  success: boolean
  count: number
  notifications: WireNotification[]
}

/** A new signed-in player of the test's own. */
async function player() {
  const account = await createPlayer(t.database.db)
  const client = await signIn(t.app, account)
  return { id: account.id, headers: client.headers, client }
}

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers })

const all = async (headers: Record<string, string>, query = '') =>
  (await get(`/player/all-notifications${query}`, headers)).json<ListAnswer>()
const unread = async (headers: Record<string, string>, query = '') =>
  (await get(`/player/unread-notifications${query}`, headers)).json<ListAnswer>()

const markRead = (headers: Record<string, string>, id: string, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/${locale}/player-notification/mark-notification-read?id=${id}`,
    headers,
  })

const operatorSend = (payload: Record<string, unknown>, headers = operatorHeaders) =>
  t.app.inject({ method: 'POST', url: '/admin/api/notifications', headers, payload })

async function sent(payload: Record<string, unknown>): Promise<WireNotification> {
  const response = await operatorSend(payload)
  expect(response.statusCode).toBe(201)
  return response.json<{ data: WireNotification }>().data
}

describe('GET /player/all-notifications and /player/unread-notifications', () => {
  it('answer empty lists with count 0, never cached', async () => {
    const { headers } = await player()
    for (const url of ['/player/all-notifications', '/player/unread-notifications']) {
      const response = await get(url, headers)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toEqual({
        success: true,
        data: null,
        message: null,
        errors: null,
        count: 0,
        notifications: [],
      })
    }
  })

  it('list what the operator sent, with exact fields, unread', async () => {
    const target = await player()
    const plain = await sent({ playerId: target.id, text: '  Welcome aboard  ' })
    const full = await sent({
      playerId: target.id,
      type: 'deposit_credited',
      text: 'Your deposit arrived',
      url: '/en/cashier',
      image: 'https://cdn.example.com/coin.png',
      btnText: 'Open cashier',
      duration: 12,
    })
    expect(plain).toEqual({
      id: expect.any(String) as unknown,
      type: 'other',
      text: 'Welcome aboard',
      image: null,
      url: null,
      btn_text: null,
      duration: 5,
      is_read: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    })
    expect(full).toEqual({
      id: expect.any(String) as unknown,
      type: 'deposit_credited',
      text: 'Your deposit arrived',
      image: 'https://cdn.example.com/coin.png',
      url: '/en/cashier',
      btn_text: 'Open cashier',
      duration: 12,
      is_read: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    })
    for (const answer of [await all(target.headers), await unread(target.headers)]) {
      expect(answer).toMatchObject({ success: true, count: 2 })
      // Newest first.
      expect(answer.notifications).toEqual([full, plain])
    }
  })

  it('filter by type, and refuse an unknown type', async () => {
    const target = await player()
    const quest = await sent({ playerId: target.id, type: 'quest_task_complete', text: 'Quest' })
    await sent({ playerId: target.id, type: 'welcome', text: 'Hi' })
    const filtered = await all(target.headers, '?type=quest_task_complete')
    expect(filtered).toMatchObject({ count: 1, notifications: [quest] })
    const filteredUnread = await unread(target.headers, '?type=quest_task_complete')
    expect(filteredUnread).toMatchObject({ count: 1, notifications: [quest] })
    expect((await all(target.headers, '?type=withdrawal_rejected')).count).toBe(0)
    const bad = await get('/player/all-notifications?type=bogus', target.headers)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ success: false, errors: { code: 'request.invalid' } })
  })

  it('answer at most 100, newest first, while count tells all of them', async () => {
    const target = await player()
    const start = Date.now() - 1_000_000
    await insertNotificationRows(
      t.database.db,
      Array.from({ length: 105 }, (_, index) => ({
        playerId: target.id,
        type: 'other' as const,
        text: `n${String(index)}`,
        createdAt: new Date(start + index * 1000),
      })),
    )
    for (const answer of [await all(target.headers), await unread(target.headers)]) {
      expect(answer.count).toBe(105)
      expect(answer.notifications).toHaveLength(100)
      expect(answer.notifications[0]?.text).toBe('n104')
      expect(answer.notifications[99]?.text).toBe('n5')
    }
  })
})

describe('POST /{lang}/player-notification/mark-notification-read', () => {
  it('marks the notification read, and again is fine', async () => {
    const target = await player()
    const first = await sent({ playerId: target.id, text: 'First' })
    const second = await sent({ playerId: target.id, text: 'Second' })
    const response = await markRead(target.headers, first.id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, data: null, message: null, errors: null })
    expect(await unread(target.headers)).toMatchObject({ count: 1, notifications: [second] })
    expect(await all(target.headers)).toMatchObject({
      count: 2,
      notifications: [second, { ...first, is_read: 1 }],
    })
    expect((await markRead(target.headers, first.id)).statusCode).toBe(200)
    expect((await markRead(target.headers, second.id, 'fr-ca')).statusCode).toBe(200)
    expect((await unread(target.headers)).count).toBe(0)
  })

  it("answers 404 for another player's notification and leaves it unread", async () => {
    const owner = await player()
    const other = await player()
    const notification = await sent({ playerId: owner.id, text: 'Mine' })
    const response = await markRead(other.headers, notification.id)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      success: false,
      message: 'This notification does not exist.',
      errors: { code: 'notifications.not_found' },
    })
    expect(await unread(owner.headers)).toMatchObject({ count: 1, notifications: [notification] })
  })

  it('answers 404 for an unknown id and 400 for a malformed or missing one', async () => {
    const { headers } = await player()
    const unknown = await markRead(headers, randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ errors: { code: 'notifications.not_found' } })
    for (const id of ['not-a-uuid', '1', `${randomUUID()}x`]) {
      const response = await markRead(headers, id)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ errors: { code: 'request.invalid' } })
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/en/player-notification/mark-notification-read',
      headers,
    })
    expect(missing.statusCode).toBe(400)
  })

  it('treats the locale as the settings calls do: unknown 404, malformed 400', async () => {
    const target = await player()
    const notification = await sent({ playerId: target.id, text: 'Locale' })
    const unknown = await markRead(target.headers, notification.id, 'xx')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ errors: { code: 'site.unknown_locale' } })
    const malformed = await markRead(target.headers, notification.id, 'EN!')
    expect(malformed.statusCode).toBe(400)
    expect((await unread(target.headers)).count).toBe(1)
  })
})

describe('POST /admin/api/notifications', () => {
  it('answers 201 with the notification', async () => {
    const target = await player()
    const response = await operatorSend({ playerId: target.id, text: 'Hello' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      success: true,
      message: null,
      errors: null,
      data: { type: 'other', text: 'Hello', is_read: 0 },
    })
  })

  it.each([
    ['empty text', { text: '   ' }],
    ['text too long', { text: 'x'.repeat(501) }],
    ['a protocol-relative url', { url: '//evil.example' }],
    ['a backslash url', { url: '/\\evil.example' }],
    ['a javascript: url', { url: 'javascript:alert(1)' }],
    ['a plain http url', { url: 'http://example.com/' }],
    ['a javascript: image', { image: 'javascript:alert(1)' }],
    ['a button text too long', { btnText: 'x'.repeat(41) }],
    ['duration 0', { duration: 0 }],
    ['duration 601', { duration: 601 }],
    ['a fractional duration', { duration: 1.5 }],
    ['an unknown type', { type: 'jackpot' }],
    ['a non-uuid playerId', { playerId: 'player-1' }],
  ])('refuses %s with 400 and stores nothing', async (_name, override) => {
    const target = await player()
    const response = await operatorSend({ playerId: target.id, text: 'Hello', ...override })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, errors: { code: 'request.invalid' } })
    expect((await all(target.headers)).count).toBe(0)
  })

  it('answers 404 for a player who does not exist', async () => {
    const response = await operatorSend({ playerId: randomUUID(), text: 'Hello' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      success: false,
      message: 'This player does not exist.',
      errors: { code: 'notifications.player_not_found' },
    })
  })

  it('refuses a player (no operator session) with 401 and stores nothing', async () => {
    const caller = await player()
    const response = await operatorSend({ playerId: caller.id, text: 'Self-made' }, caller.headers)
    expect(response.statusCode).toBe(401)
    expect((await all(caller.headers)).count).toBe(0)
  })

  it('refuses an operator without the support or admin role with 403', async () => {
    const target = await player()
    const finance = await signInOperator(t.app, await createOperator(t.database.db, ['finance']))
    const response = await operatorSend({ playerId: target.id, text: 'Hello' }, finance.headers)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ errors: { code: 'auth.forbidden' } })
    expect((await all(target.headers)).count).toBe(0)
  })
})

describe('request safety', () => {
  it('answers 401 to every call when signed out', async () => {
    const csrf = await get('/csrf/get-new', API_HEADERS)
    const visitor = {
      ...API_HEADERS,
      cookie: csrf.cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
      'x-csrf-token': csrf.json<Record<string, string>>()['_csrf-frontend'] ?? '',
    }
    const target = await player()
    const responses = [
      await get('/player/all-notifications', API_HEADERS),
      await get('/player/unread-notifications', API_HEADERS),
      await markRead(visitor, randomUUID()),
      await operatorSend({ playerId: target.id, text: 'Hello' }, visitor),
    ]
    for (const response of responses) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ errors: { code: 'auth.sign_in_required' } })
    }
    expect((await all(target.headers)).count).toBe(0)
  })

  it('refuses the POSTs without the CSRF token (403), every call without the marker (400)', async () => {
    const target = await player()
    const notification = await sent({ playerId: target.id, text: 'Guarded' })
    const { 'x-csrf-token': _token, ...noToken } = target.headers
    const { 'x-csrf-token': _operatorToken, ...operatorNoToken } = operatorHeaders
    expect((await markRead(noToken, notification.id)).statusCode).toBe(403)
    expect(
      (await operatorSend({ playerId: target.id, text: 'x' }, operatorNoToken)).statusCode,
    ).toBe(403)
    const { 'x-requested-with': _marker, ...noMarker } = target.headers
    const { 'x-requested-with': _operatorMarker, ...operatorNoMarker } = operatorHeaders
    const responses = [
      await get('/player/all-notifications', noMarker),
      await get('/player/unread-notifications', noMarker),
      await markRead(noMarker, notification.id),
      await operatorSend({ playerId: target.id, text: 'x' }, operatorNoMarker),
    ]
    for (const response of responses) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ errors: { code: 'request.marker_missing' } })
    }
    expect(await all(target.headers)).toMatchObject({ count: 1, notifications: [notification] })
  })
})

describe('notificationUpdate on the socket', () => {
  const sockets: Socket[] = []
  let url: string
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    url = `http://127.0.0.1:${String(address.port)}`
  })
  afterAll(() => {
    for (const socket of sockets) socket.disconnect()
  })

  async function socketOf(signedIn: { client: SignedInClient }): Promise<Socket> {
    const socket = connect(url, {
      transports: ['websocket'],
      query: { token: await socketTokenOf(t.app, signedIn.client) },
      reconnection: false,
    })
    sockets.push(socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    return socket
  }

  it("delivers the operator's notification with its flags to that player only", async () => {
    const target = await player()
    const bystander = await player()
    const targetSocket = await socketOf(target)
    const bystanderSocket = await socketOf(bystander)
    const overheard: unknown[] = []
    bystanderSocket.on('notificationUpdate', (payload) => overheard.push(payload))
    const received = new Promise((resolve) => targetSocket.once('notificationUpdate', resolve))

    const notification = await sent({
      playerId: target.id,
      type: 'welcome',
      text: 'Hello there',
      toast: false,
    })
    expect(await received).toEqual({
      notification: { ...notification, toast: false, header: true },
    })

    // The bystander's own notification arrives after the target's, so by then it heard everything.
    const own = new Promise((resolve) => bystanderSocket.once('notificationUpdate', resolve))
    await sent({ playerId: bystander.id, text: 'Yours', header: false })
    const ownPayload = await own
    expect(ownPayload).toMatchObject({
      notification: { text: 'Yours', toast: true, header: false },
    })
    expect(overheard).toEqual([ownPayload])
  })
})

describe('sendNotification', () => {
  type Published = DomainEvents['notification.created']

  const nextPublished = () =>
    new Promise<Published>((resolve) => {
      const stop = t.app.bus.subscribe('notification.created', (payload) => {
        stop()
        resolve(payload)
      })
    })

  it('stores the notification and publishes it on the bus', async () => {
    const target = await player()
    const published = nextPublished()
    const notification = await sendNotification(
      t.database.db,
      t.app.bus,
      {
        playerId: target.id,
        type: 'fortune_wheel_spin_available',
        text: 'Spin the wheel',
        url: '/en/wheel',
        btnText: 'Spin',
        durationS: 30,
        header: false,
      },
      t.app.log,
    )
    expect(notification).toEqual({
      id: expect.any(String) as unknown,
      type: 'fortune_wheel_spin_available',
      text: 'Spin the wheel',
      image: null,
      url: '/en/wheel',
      btn_text: 'Spin',
      duration: 30,
      is_read: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    })
    expect(await published).toEqual({
      playerId: target.id,
      notification: { ...notification, toast: true, header: false },
    })
    expect(await all(target.headers)).toMatchObject({ count: 1, notifications: [notification] })
  })

  it('inside a transaction stores without publishing; the caller publishes after commit', async () => {
    const target = await player()
    const events: Published[] = []
    const stop = t.app.bus.subscribe('notification.created', (payload) => {
      if (payload.playerId === target.id) events.push(payload)
    })
    const notification = await t.database.db.transaction((tx) =>
      insertNotification(tx, { playerId: target.id, type: 'document_reviewed', text: 'Approved' }),
    )
    expect(events).toEqual([])
    if (!notification) throw new Error('a transactional notice is always stored')
    const published = nextPublished()
    await publishNotification(t.app.bus, target.id, notification)
    expect(await published).toEqual({
      playerId: target.id,
      notification: { ...notification, toast: true, header: true },
    })
    stop()
    expect(events).toHaveLength(1)
  })

  it('stores nothing when the transaction rolls back', async () => {
    const target = await player()
    await expect(
      t.database.db.transaction(async (tx) => {
        await insertNotification(tx, { playerId: target.id, type: 'other', text: 'Gone' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await all(target.headers)).count).toBe(0)
  })
})
