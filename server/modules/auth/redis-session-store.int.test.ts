import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import {
  createRedisSessionStore,
  operatorIndexKey,
  playerIndexKey,
  sessionKey,
} from './redis-session-store.ts'
import { SESSION_IDLE_TIMEOUT_MS, TOUCH_INTERVAL_MS } from './sessions.ts'

// The Redis store itself; the rest of the suite runs through it too when TEST_REDIS_URL is set.
// eslint-disable-next-line no-restricted-syntax -- the test runner's switch, not app configuration
const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(redisUrl)('sessions in Redis', () => {
  let redis: Redis
  beforeAll(() => {
    redis = new Redis(redisUrl ?? '')
  })
  afterAll(async () => {
    await redis.quit()
  })
  const store = () => createRedisSessionStore(redis)
  const player = () => ({ playerId: randomUUID() })

  it('keep a session for the idle timeout, restarted when it is used', async () => {
    const { cookie, session } = await store().create()
    const key = sessionKey(session.idHash)
    expect(await redis.pttl(key)).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5_000)
    // Nearly idle: a read after the touch interval restarts the clock, key TTL included.
    await redis.pexpire(key, 5_000)
    const later = new Date(Date.now() + TOUCH_INTERVAL_MS)
    const found = await store().find(cookie, later)
    expect(found?.csrfToken).toBe(session.csrfToken)
    expect(found?.expiresAt.getTime()).toBe(later.getTime() + SESSION_IDLE_TIMEOUT_MS)
    expect(await redis.pttl(key)).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5_000)
    expect((await store().find(cookie, later))?.lastSeenAt).toEqual(later)
  })

  it('do not write on every read', async () => {
    const { cookie, session } = await store().create()
    await redis.pexpire(sessionKey(session.idHash), 60_000)
    await store().find(cookie)
    expect(await redis.pttl(sessionKey(session.idHash))).toBeLessThanOrEqual(60_000)
  })

  it('forget a session idle longer than the timeout, and one whose key expired', async () => {
    const { cookie, session } = await store().create()
    expect(
      await store().find(cookie, new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS)),
    ).toBeUndefined()
    expect(await redis.exists(sessionKey(session.idHash))).toBe(0)
    const other = await store().create()
    await redis.del(sessionKey(other.session.idHash))
    expect(await store().find(other.cookie)).toBeUndefined()
    expect(await store().find('not-a-session')).toBeUndefined()
  })

  it('list a player’s sessions, and drop each from the list when it ends', async () => {
    const owner = player()
    const visitor = await store().create()
    const first = await store().startSignedIn(visitor.session, owner)
    const second = await store().startSignedIn(undefined, owner)
    // The visitor session ended at sign-in (fixation).
    expect(await store().find(visitor.cookie)).toBeUndefined()
    expect(first.session.playerId).toBe(owner.playerId)
    const index = playerIndexKey(owner.playerId)
    expect((await redis.smembers(index)).sort()).toEqual(
      [first.session.idHash, second.session.idHash].sort(),
    )
    expect(await redis.pttl(index)).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5_000)
    await store().end(first.session)
    expect(await redis.smembers(index)).toEqual([second.session.idHash])
  })

  it('end all of a player’s sessions but the one kept, and clean the list', async () => {
    const owner = player()
    const kept = await store().startSignedIn(undefined, owner)
    const other = await store().startSignedIn(undefined, owner)
    const expired = await store().startSignedIn(undefined, owner)
    await redis.del(sessionKey(expired.session.idHash))
    const ended = await store().endPlayerSessions(owner.playerId, kept.session.idHash)
    // Only live sessions are announced; the expired one's entry goes all the same.
    expect(ended).toEqual([other.session.idHash])
    expect(await redis.smembers(playerIndexKey(owner.playerId))).toEqual([kept.session.idHash])
    expect(await store().find(other.cookie)).toBeUndefined()
    expect(await store().find(kept.cookie)).toBeDefined()
    expect(await store().endPlayerSessions(owner.playerId)).toEqual([kept.session.idHash])
    expect(await redis.exists(playerIndexKey(owner.playerId))).toBe(0)
  })

  it('end all of an operator’s sessions (a disabled account)', async () => {
    const owner = { operatorId: randomUUID() }
    const first = await store().startSignedIn(undefined, owner)
    const second = await store().startSignedIn(undefined, owner)
    expect((await redis.smembers(operatorIndexKey(owner.operatorId))).sort()).toEqual(
      [first.session.idHash, second.session.idHash].sort(),
    )
    const ended = await store().endOperatorSessions(owner.operatorId)
    expect(ended.sort()).toEqual([first.session.idHash, second.session.idHash].sort())
    expect(await store().find(first.cookie)).toBeUndefined()
    expect(await store().find(second.cookie)).toBeUndefined()
    expect(await redis.exists(operatorIndexKey(owner.operatorId))).toBe(0)
  })

  it('drop entries of expired sessions from the list at the next sign-in', async () => {
    const owner = player()
    const gone = await store().startSignedIn(undefined, owner)
    await redis.del(sessionKey(gone.session.idHash))
    const next = await store().startSignedIn(undefined, owner)
    expect(await redis.smembers(playerIndexKey(owner.playerId))).toEqual([next.session.idHash])
  })

  describe('behind the app', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await buildTestApp()
    })

    it('log in to a Redis session that a password change lists and ends', async () => {
      const created = await createPlayer(t.database.db)
      const first = await signIn(t.app, created)
      const second = await signIn(t.app, created)
      expect(await redis.scard(playerIndexKey(created.id))).toBe(2)
      const ended = await t.app.sessionStore.endPlayerSessions(created.id)
      expect(ended).toHaveLength(2)
      await t.app.announceEndedSessions(ended)
      for (const client of [first, second]) {
        const info = await t.app.inject({
          method: 'GET',
          url: '/player/info',
          headers: client.headers,
        })
        expect(info.statusCode).toBe(401)
      }
    })
  })
})
