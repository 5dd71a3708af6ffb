import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connect, type Socket } from 'socket.io-client'
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '#tests/helpers/build-test-app.ts'
import { signSocketToken } from './socket-token.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'

const sockets: Socket[] = []
afterAll(() => {
  for (const socket of sockets) socket.disconnect()
})

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

function open(url: string, token: string | undefined): Socket {
  const socket = connect(url, {
    transports: ['websocket'],
    query: token ? { token } : {},
    reconnection: false,
  })
  sockets.push(socket)
  return socket
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })

const notification = (playerId: string, text: string): DomainEvents['notification.created'] => ({
  playerId,
  notification: {
    id: 'n1',
    type: 'quest_task_complete',
    text,
    image: null,
    url: null,
    btn_text: null,
    duration: 5,
    is_read: 0,
    created_at: new Date(0).toISOString(),
    toast: true,
    header: true,
  },
})

describe('realtime socket', () => {
  let t: TestApp
  let url: string
  beforeAll(async () => {
    t = await buildTestApp()
    url = await listen(t)
  })

  it('accepts a valid token and delivers the player’s events under the spec’s names', async () => {
    const socket = open(url, signSocketToken(TEST_SESSION_SECRET, 'player-1'))
    await connected(socket)
    const received = new Promise((resolve) => socket.once('notificationUpdate', resolve))
    await t.app.bus.publish('notification.created', notification('player-1', 'Quest done'))
    await expect(received).resolves.toMatchObject({ notification: { text: 'Quest done' } })
  })

  it('closes the sockets of a session when it ends, and only those', async () => {
    const ending = open(url, signSocketToken(TEST_SESSION_SECRET, 'player-5', Date.now(), 'sid-a'))
    const staying = open(url, signSocketToken(TEST_SESSION_SECRET, 'player-5', Date.now(), 'sid-b'))
    await Promise.all([connected(ending), connected(staying)])
    const closed = new Promise((resolve) => ending.once('disconnect', resolve))
    await t.app.bus.publish('sessions.ended', { idHashes: ['sid-a'] })
    await expect(closed).resolves.toBe('io server disconnect')
    expect(staying.connected).toBe(true)
  })

  it('does not deliver another player’s events', async () => {
    const socket = open(url, signSocketToken(TEST_SESSION_SECRET, 'player-2'))
    await connected(socket)
    const events: unknown[] = []
    socket.on('notificationUpdate', (payload) => events.push(payload))
    const own = new Promise((resolve) => socket.once('triggerProgressUpdate', resolve))
    await t.app.bus.publish('notification.created', notification('player-3', 'Not yours'))
    await t.app.bus.publish('trigger.progress', {
      playerId: 'player-2',
      trigger: { id: 't1', progress: { progress: 1, expected: 3, is_finished: 0 } },
    })
    await own
    expect(events).toEqual([])
  })

  it.each([
    ['no token', undefined],
    ['a forged token', signSocketToken('another-secret-of-enough-length-000', 'player-1')],
    ['junk', 'junk'],
  ])('refuses %s', async (_name, token) => {
    const socket = open(url, token)
    await expect(connected(socket)).rejects.toThrow('realtime.unauthorized')
  })

  it('refuses long-polling: websocket only', async () => {
    const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling`)
    expect(response.status).toBe(400)
  })
})

// eslint-disable-next-line no-restricted-syntax -- the test runner's switch, not app configuration
describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing Redis', () => {
  it('a socket on one instance hears an event published on the other', async () => {
    const first = await buildTestApp()
    const second = await buildTestApp()
    const secondUrl = await listen(second)
    const socket = open(secondUrl, signSocketToken(TEST_SESSION_SECRET, 'player-9'))
    await connected(socket)
    const received = new Promise((resolve) => socket.once('fortuneWheelProgressUpdate', resolve))
    await first.app.bus.publish('wheel.progress', {
      playerId: 'player-9',
      bonusId: 'b1',
      progress: { progress: 2, expected: 5 },
    })
    await expect(received).resolves.toEqual({
      bonusId: 'b1',
      progress: { progress: 2, expected: 5 },
    })
  })

  it('the publishing instance hears its own event once, before the publish resolves', async () => {
    const { app } = await buildTestApp()
    // Other test files share the Redis channel: only this test's player counts.
    const playerId = `player-${randomUUID()}`
    const heard: number[] = []
    const stop = app.bus.subscribe('wheel.progress', (event) => {
      if (event.playerId === playerId) heard.push(event.progress.progress)
    })
    const publish = (progress: number) =>
      app.bus.publish('wheel.progress', {
        playerId,
        bonusId: 'b1',
        progress: { progress, expected: 5 },
      })
    await publish(1)
    expect(heard).toEqual([1])
    await publish(2)
    // Its echo through Redis, had it not been skipped, would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 200))
    stop()
    expect(heard).toEqual([1, 2])
  })
})
