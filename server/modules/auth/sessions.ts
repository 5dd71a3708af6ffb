import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { sessions } from './auth.tables.ts'

/** A session ends after 1800 s without activity. */
export const SESSION_IDLE_TIMEOUT_MS = 1_800_000
/** Activity is written about this often per instance (as long as its memory copy lasts). */
export const TOUCH_INTERVAL_MS = 60_000

export interface Session {
  idHash: string
  csrfToken: string
  playerId: string | null
  operatorId: string | null
  lastSeenAt: Date
  expiresAt: Date
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url')
/** The key a session is stored under: the SHA-256 of its cookie value. */
export const hashSessionCookie = hash
export const newToken = () => randomBytes(32).toString('base64url')

/** Creates a session and returns the raw cookie value (never stored) with the row. */
export async function createSession(
  db: Db | Tx,
  now = new Date(),
): Promise<{ cookie: string; session: Session }> {
  const cookie = newToken()
  const session: Session = {
    idHash: hash(cookie),
    csrfToken: newToken(),
    playerId: null,
    operatorId: null,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS),
  }
  await db.insert(sessions).values(session)
  return { cookie, session }
}

/**
 * The live session for a cookie value, its idle clock restarted; undefined when unknown or idle
 * too long (the sweep deletes it). One round trip: the session plugin reads a session again only
 * when its memory copy is a minute old, and by then its activity is due a write anyway.
 */
export async function findSession(
  db: Db,
  cookie: string,
  now = new Date(),
): Promise<Session | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS) })
    .where(and(eq(sessions.idHash, hash(cookie)), gt(sessions.expiresAt, now)))
    .returning()
  return row
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
}

/** Which of these sessions are still live (a read: no activity is written). */
export async function findLiveSessionIds(
  db: Db,
  idHashes: string[],
  now = new Date(),
): Promise<Set<string>> {
  if (idHashes.length === 0) return new Set()
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(inArray(sessions.idHash, idHashes), gt(sessions.expiresAt, now)))
  return new Set(rows.map((row) => row.idHash))
}

/** Who a signed-in session belongs to: a player or an operator, never both. */
export type SessionOwner = { playerId: string } | { operatorId: string }

/**
 * Signs an owner in on a fresh session: the visitor's old session (and its CSRF token) ends, so a
 * session id planted before sign-in is worth nothing after it (session fixation).
 */
export async function startSignedInSession(
  db: Db,
  previous: Session | undefined,
  owner: SessionOwner,
  now = new Date(),
): Promise<{ cookie: string; session: Session }> {
  return db.transaction(async (tx) => {
    if (previous) await tx.delete(sessions).where(eq(sessions.idHash, previous.idHash))
    const created = await createSession(tx, now)
    const ids = {
      playerId: 'playerId' in owner ? owner.playerId : null,
      operatorId: 'operatorId' in owner ? owner.operatorId : null,
    }
    await tx.update(sessions).set(ids).where(eq(sessions.idHash, created.session.idHash))
    return { cookie: created.cookie, session: { ...created.session, ...ids } }
  })
}

export async function endSession(db: Db, session: Session): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, session.idHash))
}

/**
 * Ends every session of a player except `keep` (the one making the change), e.g. after a password
 * reset or change. Returns the ended sessions' id hashes.
 */
export async function endPlayerSessions(
  db: Db | Tx,
  playerId: string,
  keep?: string,
): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(
      keep
        ? and(eq(sessions.playerId, playerId), ne(sessions.idHash, keep))
        : eq(sessions.playerId, playerId),
    )
    .returning({ idHash: sessions.idHash })
  return ended.map((row) => row.idHash)
}

/** Ends every session of an operator (their account was disabled); returns the ended id hashes. */
export async function endOperatorSessions(db: Db | Tx, operatorId: string): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.operatorId, operatorId))
    .returning({ idHash: sessions.idHash })
  return ended.map((row) => row.idHash)
}

/** Restarts a session's idle clock (written at most once a minute per session). */
export async function touchSession(db: Db, idHash: string, now: Date): Promise<Date> {
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS)
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.idHash, idHash))
  return expiresAt
}

/** Whether a session's idle clock is due a write. */
export const isTouchDue = (session: Session, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS

/**
 * Where sessions live: PostgreSQL (`createPgSessionStore`) or, when `REDIS_URL` is set, Redis
 * (`createRedisSessionStore`), chosen in server/app.ts. The session plugin keeps a memory copy in
 * front of either and announces ends on the bus; a store only stores.
 */
export interface SessionStore {
  /** A new visitor session; the raw cookie value is returned, never stored. */
  create(now?: Date): Promise<{ cookie: string; session: Session }>
  /** The live session for a cookie value, its idle clock restarted (at least when due). */
  find(cookie: string, now?: Date): Promise<Session | undefined>
  /** Ends `previous` (fixation) and starts a session signed in as `owner`. */
  startSignedIn(
    previous: Session | undefined,
    owner: SessionOwner,
    now?: Date,
  ): Promise<{ cookie: string; session: Session }>
  /** Which of these sessions (id hashes) are live, without restarting their idle clocks. */
  liveIds(idHashes: string[], now?: Date): Promise<Set<string>>
  /** Restarts the idle clock; returns the new expiry. */
  touch(session: Session, now: Date): Promise<Date>
  end(session: Session): Promise<void>
  /**
   * Ends every session of a player except `keep`; returns the ended id hashes (to announce once
   * the caller commits). `tx` lets the PostgreSQL store end them in the caller's transaction; the
   * Redis store cannot join it and ends them at once, which errs on the safe side: a rolled-back
   * password change still signs the other sessions out.
   */
  endPlayerSessions(playerId: string, keep?: string, tx?: Tx): Promise<string[]>
  /** Ends every session of an operator (a disabled account), as `endPlayerSessions` does. */
  endOperatorSessions(operatorId: string, tx?: Tx): Promise<string[]>
  /** Removes sessions that went idle (PostgreSQL); Redis expires its keys by itself. */
  sweep(now?: Date): Promise<void>
}

export function createPgSessionStore(db: Db): SessionStore {
  return {
    create: (now) => createSession(db, now),
    find: (cookie, now) => findSession(db, cookie, now),
    startSignedIn: (previous, owner, now) => startSignedInSession(db, previous, owner, now),
    liveIds: (idHashes, now) => findLiveSessionIds(db, idHashes, now),
    touch: (session, now) => touchSession(db, session.idHash, now),
    end: (session) => endSession(db, session),
    endPlayerSessions: (playerId, keep, tx) => endPlayerSessions(tx ?? db, playerId, keep),
    endOperatorSessions: (operatorId, tx) => endOperatorSessions(tx ?? db, operatorId),
    sweep: (now) => deleteExpiredSessions(db, now),
  }
}
