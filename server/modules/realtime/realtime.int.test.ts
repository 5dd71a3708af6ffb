import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { io as connect, type Socket } from 'socket.io-client'
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createPlayer,
  signIn,
  socketTokenOf,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { MAX_WATCHED_TOURNAMENTS } from './realtime.ts'
import { SOCKET_TOKEN_TTL_MS, signSocketToken } from './socket-token.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { hashSessionCookie } from '#server/modules/auth/index.ts'
import { SESSION_COOKIE } from '#server/plugins/session.ts'

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

/**
 * Resolves once the socket is connected, at once when it already is: a socket opened before an
 * `await` may have connected meanwhile, and a listener added after its 'connect' waits forever.
 */
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) {
      resolve()
      return
    }
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })

const closed = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)))

/** A signed-in player of the test's own, with the socket token their page gets. */
async function signedIn(t: TestApp) {
  const player = await createPlayer(t.database.db)
  const client = await signIn(t.app, player)
  return { player, client, token: await socketTokenOf(t.app, client) }
}

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

const board = (id: number, version: number): DomainEvents['tournament.leaderboard'] => ({
  tournament_id: id,
  version,
  participants: 1,
  top: [],
  moves: [],
})

describe('realtime socket', () => {
  let t: TestApp
  let url: string
  beforeAll(async () => {
    t = await buildTestApp()
    url = await listen(t)
  })

  it('accepts a valid token and delivers the player’s events under the spec’s names', async () => {
    const { player, token } = await signedIn(t)
    const socket = open(url, token)
    await connected(socket)
    const received = new Promise((resolve) => socket.once('notificationUpdate', resolve))
    await t.app.bus.publish('notification.created', notification(player.id, 'Quest done'))
    await expect(received).resolves.toMatchObject({ notification: { text: 'Quest done' } })
  })

  it('closes the sockets of a session at logout, and only those; the token then opens none', async () => {
    const { player, client, token } = await signedIn(t)
    const other = await signIn(t.app, player)
    const otherToken = await socketTokenOf(t.app, other)
    const ending = open(url, token)
    const staying = open(url, otherToken)
    const ended = closed(ending)
    await Promise.all([connected(ending), connected(staying)])
    const logout = await t.app.inject({
      method: 'GET',
      url: '/logout?json=1',
      headers: client.headers,
    })
    expect(logout.statusCode).toBe(200)
    await expect(ended).resolves.toBe('io server disconnect')
    expect(staying.connected).toBe(true)
    // The token is still in the page and unexpired, but its session is gone.
    await expect(connected(open(url, token))).rejects.toThrow('realtime.unauthorized')
  })

  it('closes the sockets of the other sessions when the password changes', async () => {
    const { player, client: here, token } = await signedIn(t)
    const elsewhere: SignedInClient = await signIn(t.app, player)
    const elsewhereToken = await socketTokenOf(t.app, elsewhere)
    const hereSocket = open(url, token)
    const elsewhereSocket = open(url, elsewhereToken)
    const ended = closed(elsewhereSocket)
    await Promise.all([connected(hereSocket), connected(elsewhereSocket)])
    const change = await t.app.inject({
      method: 'POST',
      url: '/player/change-password',
      headers: here.headers,
      payload: { current_password: player.password, new_password: 'a brand new passphrase' },
    })
    expect(change.statusCode).toBe(200)
    await expect(ended).resolves.toBe('io server disconnect')
    // The session that made the change stays signed in, and so does its socket.
    expect(hereSocket.connected).toBe(true)
  })

  it('does not deliver another player’s events', async () => {
    const { player, token } = await signedIn(t)
    const socket = open(url, token)
    await connected(socket)
    const events: unknown[] = []
    socket.on('notificationUpdate', (payload) => events.push(payload))
    const own = new Promise((resolve) => socket.once('triggerProgressUpdate', resolve))
    await t.app.bus.publish('notification.created', notification(randomUUID(), 'Not yours'))
    await t.app.bus.publish('trigger.progress', {
      playerId: player.id,
      trigger: { id: 1, progress: { progress: 1, expected: 3, is_finished: 0 } },
    })
    await own
    expect(events).toEqual([])
  })

  it('sends a watched tournament’s board and phase, and stops after leaving it', async () => {
    const { token } = await signedIn(t)
    const socket = open(url, token)
    await connected(socket)
    const id = 700_001
    const boards: unknown[] = []
    socket.on('tournamentLeaderboard', (payload) => boards.push(payload))
    await expect(socket.emitWithAck('tournament:watch', { id })).resolves.toEqual({ ok: true })
    const phase = new Promise((resolve) => socket.once('tournamentPhase', resolve))
    await t.app.bus.publish('tournament.leaderboard', board(id, 1))
    await t.app.bus.publish('tournament.phase', { tournament_id: id, phase: 'finishing' })
    await expect(phase).resolves.toEqual({ tournament_id: id, phase: 'finishing' })
    expect(boards).toEqual([board(id, 1)])

    await expect(socket.emitWithAck('tournament:leave', { id })).resolves.toEqual({ ok: true })
    await t.app.bus.publish('tournament.leaderboard', board(id, 2))
    // A message for a board still watched comes after anything sent before it.
    await expect(socket.emitWithAck('tournament:watch', { id: id + 1 })).resolves.toEqual({
      ok: true,
    })
    const next = new Promise((resolve) => socket.once('tournamentLeaderboard', resolve))
    await t.app.bus.publish('tournament.leaderboard', board(id + 1, 1))
    await next
    expect(boards).toEqual([board(id, 1), board(id + 1, 1)])
  })

  it('ignores a watch with a bad payload, and more boards than the cap', async () => {
    const { token } = await signedIn(t)
    const socket = open(url, token)
    await connected(socket)
    const heard: number[] = []
    socket.on('tournamentLeaderboard', (payload: { tournament_id: number }) =>
      heard.push(payload.tournament_id),
    )
    for (const payload of [{ id: '700101' }, { id: 0 }, { id: -3 }, { id: 1.5 }, 'junk', null]) {
      await expect(socket.emitWithAck('tournament:watch', payload)).resolves.toEqual({ ok: false })
    }
    // Without an acknowledgement asked for, a bad payload is dropped all the same.
    socket.emit('tournament:watch', { id: 'x' }, 'not a callback')
    for (let index = 0; index < MAX_WATCHED_TOURNAMENTS; index++) {
      await expect(
        socket.emitWithAck('tournament:watch', { id: 700_200 + index }),
      ).resolves.toEqual({ ok: true })
    }
    // Watching one already watched is fine; one more is refused.
    await expect(socket.emitWithAck('tournament:watch', { id: 700_200 })).resolves.toEqual({
      ok: true,
    })
    await expect(socket.emitWithAck('tournament:watch', { id: 700_300 })).resolves.toEqual({
      ok: false,
    })
    await t.app.bus.publish('tournament.leaderboard', board(700_101, 1))
    await t.app.bus.publish('tournament.leaderboard', board(700_300, 1))
    const last = new Promise((resolve) => socket.once('tournamentPhase', resolve))
    await t.app.bus.publish('tournament.phase', { tournament_id: 700_200, phase: 'finished' })
    await last
    expect(heard).toEqual([])
    await expect(socket.emitWithAck('tournament:leave', { id: 'x' })).resolves.toEqual({
      ok: false,
    })
  })

  it('sends the player their own tournament standing, without the player id', async () => {
    const { player, token } = await signedIn(t)
    const socket = open(url, token)
    await connected(socket)
    const received = new Promise((resolve) => socket.once('tournamentStanding', resolve))
    const own = {
      place: 4,
      entry_id: randomUUID(),
      player: 'Robin T.',
      score: '1200',
      reached_at: new Date(0).toISOString(),
      bets: 3,
      is_own: true,
    }
    await t.app.bus.publish('tournament.standing', {
      playerId: player.id,
      tournament_id: 9,
      version: 5,
      own,
    })
    await expect(received).resolves.toEqual({ tournament_id: 9, version: 5, own })
  })

  it.each([
    ['no token', () => undefined],
    [
      'a forged token',
      () =>
        signSocketToken('another-secret-of-enough-length-000', {
          playerId: 'player-1',
          sessionId: 'sid-1',
        }),
    ],
    [
      'a token of a session that does not exist',
      () => signSocketToken(TEST_SESSION_SECRET, { playerId: 'player-1', sessionId: 'sid-gone' }),
    ],
    [
      'an expired token',
      () =>
        signSocketToken(
          TEST_SESSION_SECRET,
          { playerId: 'player-1', sessionId: 'sid-1' },
          Date.now() - SOCKET_TOKEN_TTL_MS,
        ),
    ],
    ['junk', () => 'junk'],
  ])('refuses %s', async (_name, token) => {
    const socket = open(url, token())
    await expect(connected(socket)).rejects.toThrow('realtime.unauthorized')
  })

  it('refuses long-polling: websocket only', async () => {
    const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling`)
    expect(response.status).toBe(400)
  })
})

describe('a session that ends unannounced', () => {
  it('closes its sockets at the next check (once a minute)', async () => {
    // Only intervals are faked: the check's is made when the app is built.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const t = await buildTestApp()
      const url = await listen(t)
      const { player, client, token } = await signedIn(t)
      const socket = open(url, token)
      await connected(socket)
      // Gone idle: the store forgets it and nobody announces the end.
      const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(client.cookie)?.[1] ?? ''
      const idHash = hashSessionCookie(cookie)
      await t.app.sessionStore.end({
        idHash,
        csrfToken: '',
        playerId: player.id,
        operatorId: null,
        lastSeenAt: new Date(),
        expiresAt: new Date(),
      })
      expect(socket.connected).toBe(true)
      const ended = closed(socket)
      await vi.advanceTimersByTimeAsync(60_000)
      await expect(ended).resolves.toBe('io server disconnect')
    } finally {
      vi.useRealTimers()
    }
  })
})

// eslint-disable-next-line no-restricted-syntax -- the test runner's switch, not app configuration
describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing Redis', () => {
  it('a socket on one instance hears an event published on the other', async () => {
    const first = await buildTestApp()
    const second = await buildTestApp()
    const secondUrl = await listen(second)
    const { player, token } = await signedIn(second)
    const socket = open(secondUrl, token)
    await connected(socket)
    const received = new Promise((resolve) => socket.once('fortuneWheelProgressUpdate', resolve))
    await first.app.bus.publish('wheel.progress', {
      playerId: player.id,
      wheelId: 1,
      progress: { progress: 2, expected: 5 },
      player_can_spin: false,
      spins_available: 0,
    })
    await expect(received).resolves.toEqual({
      wheelId: 1,
      progress: { progress: 2, expected: 5 },
      player_can_spin: false,
      spins_available: 0,
    })
  })

  it('a logout on one instance closes the session’s socket on the other', async () => {
    const first = await buildTestApp()
    const second = await buildTestApp()
    const secondUrl = await listen(second)
    // Sessions live in Redis, shared: signed in through one instance, known to both.
    const { client, token } = await signedIn(second)
    const socket = open(secondUrl, token)
    await connected(socket)
    const ended = closed(socket)
    const logout = await first.app.inject({
      method: 'GET',
      url: '/logout?json=1',
      headers: client.headers,
    })
    expect(logout.statusCode).toBe(200)
    await expect(ended).resolves.toBe('io server disconnect')
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
        wheelId: 1,
        progress: { progress, expected: 5 },
        player_can_spin: false,
        spins_available: 0,
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
