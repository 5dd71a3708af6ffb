import type { Redis } from 'ioredis'
import {
  hashSessionCookie,
  isTouchDue,
  newToken,
  SESSION_IDLE_TIMEOUT_MS,
  type Session,
  type SessionOwner,
  type SessionStore,
} from './sessions.ts'

const SESSION_PREFIX = 'aurum:session:'
const PLAYER_INDEX_PREFIX = 'aurum:player-sessions:'
const OPERATOR_INDEX_PREFIX = 'aurum:operator-sessions:'

export const sessionKey = (idHash: string) => SESSION_PREFIX + idHash
/** The set of a player's session id hashes, so all of them can be ended at once. */
export const playerIndexKey = (playerId: string) => PLAYER_INDEX_PREFIX + playerId
/** The set of an operator's session id hashes, so disabling the account ends all of them. */
export const operatorIndexKey = (operatorId: string) => OPERATOR_INDEX_PREFIX + operatorId
/** The index set a signed-in session is listed in (none for a visitor's). */
const ownerIndexKey = (session: Pick<Session, 'playerId' | 'operatorId'>) =>
  session.playerId
    ? playerIndexKey(session.playerId)
    : session.operatorId
      ? operatorIndexKey(session.operatorId)
      : undefined

/** What a key holds; the id hash is the key itself, the expiry is the key's TTL. */
interface Stored {
  csrfToken: string
  playerId: string | null
  operatorId: string | null
  lastSeenAt: number
}

const toStored = (session: Session): string =>
  JSON.stringify({
    csrfToken: session.csrfToken,
    playerId: session.playerId,
    operatorId: session.operatorId,
    lastSeenAt: session.lastSeenAt.getTime(),
  } satisfies Stored)

const fromStored = (idHash: string, raw: string): Session => {
  const stored = JSON.parse(raw) as Stored
  return {
    idHash,
    csrfToken: stored.csrfToken,
    playerId: stored.playerId,
    operatorId: stored.operatorId,
    lastSeenAt: new Date(stored.lastSeenAt),
    expiresAt: new Date(stored.lastSeenAt + SESSION_IDLE_TIMEOUT_MS),
  }
}

const newSession = (now: Date, owner?: SessionOwner): { cookie: string; session: Session } => {
  const cookie = newToken()
  return {
    cookie,
    session: {
      idHash: hashSessionCookie(cookie),
      csrfToken: newToken(),
      playerId: owner && 'playerId' in owner ? owner.playerId : null,
      operatorId: owner && 'operatorId' in owner ? owner.operatorId : null,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS),
    },
  }
}

/**
 * Sessions in Redis: one key per session whose TTL is the idle timeout, restarted when the session
 * is used (at most once a minute, as in PostgreSQL), so Redis itself forgets idle sessions. Each
 * player's (and operator's) sessions are also listed in a set, so a password change or reset (or a
 * disabled operator account) can end them all;
 * the set lives as long as its most recently used session, and members whose key has expired
 * are removed at the player's next sign-in or when the sessions are ended.
 */
export function createRedisSessionStore(redis: Redis): SessionStore {
  /** Drops index members whose session key has expired; returns those still alive. */
  const pruneIndex = async (index: string): Promise<string[]> => {
    const members = await redis.smembers(index)
    if (members.length === 0) return []
    const pipeline = redis.pipeline()
    for (const member of members) pipeline.exists(sessionKey(member))
    const exists = ((await pipeline.exec()) ?? []).map(([, value]) => value === 1)
    const stale = members.filter((_, i) => !exists[i])
    if (stale.length > 0) await redis.srem(index, ...stale)
    return members.filter((_, i) => exists[i])
  }

  const store: SessionStore = {
    async create(now = new Date()) {
      const created = newSession(now)
      await redis.set(
        sessionKey(created.session.idHash),
        toStored(created.session),
        'PX',
        SESSION_IDLE_TIMEOUT_MS,
      )
      return created
    },

    async find(cookie, now = new Date()) {
      const idHash = hashSessionCookie(cookie)
      const raw = await redis.get(sessionKey(idHash))
      if (!raw) return undefined
      const session = fromStored(idHash, raw)
      // Redis drops the key on its own clock; a caller's clock (tests) is honoured too.
      if (session.expiresAt.getTime() <= now.getTime()) {
        await store.end(session)
        return undefined
      }
      if (isTouchDue(session, now)) {
        return { ...session, lastSeenAt: now, expiresAt: await store.touch(session, now) }
      }
      return session
    },

    async startSignedIn(previous, owner, now = new Date()) {
      const created = newSession(now, owner)
      const { session } = created
      // One transaction: the old session never outlives the new one's start (fixation).
      const multi = redis.multi()
      if (previous) {
        multi.del(sessionKey(previous.idHash))
        const previousIndex = ownerIndexKey(previous)
        if (previousIndex) multi.srem(previousIndex, previous.idHash)
      }
      multi.set(sessionKey(session.idHash), toStored(session), 'PX', SESSION_IDLE_TIMEOUT_MS)
      const index = ownerIndexKey(session)
      if (index) {
        multi.sadd(index, session.idHash)
        multi.pexpire(index, SESSION_IDLE_TIMEOUT_MS)
      }
      await multi.exec()
      // Sign-ins are rare next to reads: the moment to forget sessions that went idle.
      if (index) await pruneIndex(index)
      return created
    },

    async liveIds(idHashes) {
      if (idHashes.length === 0) return new Set()
      const pipeline = redis.pipeline()
      for (const idHash of idHashes) pipeline.exists(sessionKey(idHash))
      const exists = ((await pipeline.exec()) ?? []).map(([, value]) => value === 1)
      return new Set(idHashes.filter((_, i) => exists[i]))
    },

    async touch(session, now) {
      const touched = { ...session, lastSeenAt: now }
      const multi = redis.multi()
      // XX: a session ended meanwhile stays ended.
      multi.set(sessionKey(session.idHash), toStored(touched), 'PX', SESSION_IDLE_TIMEOUT_MS, 'XX')
      const index = ownerIndexKey(session)
      if (index) multi.pexpire(index, SESSION_IDLE_TIMEOUT_MS)
      await multi.exec()
      return new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS)
    },

    async end(session) {
      const multi = redis.multi().del(sessionKey(session.idHash))
      const index = ownerIndexKey(session)
      if (index) multi.srem(index, session.idHash)
      await multi.exec()
    },

    endPlayerSessions: (playerId, keep) => endIndexed(playerIndexKey(playerId), keep),

    endOperatorSessions: (operatorId) => endIndexed(operatorIndexKey(operatorId)),

    async sweep() {
      // Keys expire by themselves.
    },
  }

  /** Ends the sessions an owner's index lists (but `keep`); returns the ones that were live. */
  async function endIndexed(index: string, keep?: string): Promise<string[]> {
    const ending = (await redis.smembers(index)).filter((idHash) => idHash !== keep)
    if (ending.length === 0) return []
    const multi = redis.multi()
    for (const idHash of ending) multi.del(sessionKey(idHash))
    multi.srem(index, ...ending)
    const results = (await multi.exec()) ?? []
    // Members whose key had already expired were not live sessions: nothing to announce.
    return ending.filter((_, i) => results[i]?.[1] === 1)
  }

  return store
}
