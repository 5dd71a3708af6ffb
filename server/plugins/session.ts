import fp from 'fastify-plugin'
import { remembered } from '#server/lib/remembered.ts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  createPgSessionStore,
  hashSessionCookie,
  isTouchDue,
  type Session,
  SESSION_IDLE_TIMEOUT_MS,
  type SessionOwner,
  type SessionStore,
  TOUCH_INTERVAL_MS,
} from '#server/modules/auth/index.ts'

export const SESSION_COOKIE = 'aurum_sid'

/**
 * A session read from the store (PostgreSQL or Redis) is kept in memory as long as its activity is
 * written apart (a minute), so a busy player's calls cost the store one round trip a minute (the
 * PostgreSQL store's read is the activity write); at 10 s, one bet in five of a player betting
 * every two seconds also read its session. Ends are published on the bus (`sessions.ended`) and
 * drop the copy on every instance at once; the bound only limits how long a session ended behind
 * the app's back (a row deleted by hand, or an end whose message a Redis reconnect lost) stays
 * usable. With the PostgreSQL store a copy is never due a touch before it expires; with Redis,
 * whose read touches only when due, it can be.
 */
const CACHE_TTL_MS = TOUCH_INTERVAL_MS
const CACHE_MAX_ENTRIES = 100_000

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's live session, loaded on first use; undefined for a visitor without one. */
    session(): Promise<Session | undefined>
    /** The live session, created (and its cookie set) when the visitor has none. */
    ensureSession(reply: FastifyReply): Promise<Session>
    /** Replaces the visitor's session with a new one signed in as the player or operator. */
    signIn(reply: FastifyReply, owner: SessionOwner): Promise<Session>
    /** Ends the visitor's session and clears its cookie. */
    signOut(reply: FastifyReply): Promise<void>
  }
  interface FastifyInstance {
    /** Where sessions live; `endPlayerSessions` ends a player's sessions (announce them after). */
    sessionStore: SessionStore
    /**
     * Announces sessions already deleted from the store (a password change ends the others):
     * every instance drops its copy and closes their sockets.
     */
    announceEndedSessions(idHashes: string[]): Promise<void>
  }
}

const loaded = new WeakMap<FastifyRequest, Promise<Session | undefined>>()
/** Requests whose read restarted the session's idle clock: their answer sends the cookie again. */
const renewals = new WeakMap<FastifyRequest, string>()

export default fp(
  async (app, options: { secureCookies: boolean; store?: SessionStore }) => {
    // PostgreSQL unless server/app.ts chose Redis.
    const store = options.store ?? createPgSessionStore(app.database.db)
    app.decorate('sessionStore', store)
    const cache = new Map<string, { session: Session; loadedAt: number }>()
    // The cookie's SHA-256 per cookie seen: hashing it on every call was a tenth of a cached call.
    const idHashOf = remembered(hashSessionCookie, CACHE_MAX_ENTRIES)

    const remember = (session: Session) => {
      if (cache.size >= CACHE_MAX_ENTRIES) {
        const oldest = cache.keys().next().value
        if (oldest !== undefined) cache.delete(oldest)
      }
      cache.set(session.idHash, { session, loadedAt: Date.now() })
    }

    app.bus.subscribe('sessions.ended', ({ idHashes }) => {
      for (const idHash of idHashes) cache.delete(idHash)
    })
    app.decorate('announceEndedSessions', async (idHashes: string[]) => {
      for (const idHash of idHashes) cache.delete(idHash)
      if (idHashes.length > 0) await app.bus.publish('sessions.ended', { idHashes })
    })

    /**
     * The session of a cookie, and whether this read wrote its activity (about once a minute;
     * the store writes `now` when it does). A session held in memory says so itself: comparing
     * its time with `now` would also match one created in the same millisecond.
     */
    const read = async (
      cookie: string,
      now: Date,
    ): Promise<{ session: Session | undefined; touched: boolean }> => {
      const fromStore = async () => {
        const session = await store.find(cookie, now)
        return { session, touched: session?.lastSeenAt.getTime() === now.getTime() }
      }
      const hit = cache.get(idHashOf(cookie))
      if (!hit || now.getTime() - hit.loadedAt >= CACHE_TTL_MS) {
        const found = await fromStore()
        if (found.session) remember(found.session)
        else cache.delete(idHashOf(cookie))
        return found
      }
      const { session } = hit
      if (session.expiresAt.getTime() <= now.getTime()) {
        // Gone idle: the store answers no session (and its sweep or TTL deletes it).
        cache.delete(session.idHash)
        return fromStore()
      }
      if (isTouchDue(session, now)) {
        const touched = {
          ...session,
          lastSeenAt: now,
          expiresAt: await store.touch(session, now),
        }
        cache.set(session.idHash, { session: touched, loadedAt: hit.loadedAt })
        return { session: touched, touched: true }
      }
      return { session, touched: false }
    }

    const setCookie = (reply: FastifyReply, cookie: string) =>
      reply.setCookie(SESSION_COOKIE, cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        // Over TLS (as Fastify derives it, through a trusted proxy) always, else as configured.
        secure: options.secureCookies || reply.request.protocol === 'https',
        maxAge: SESSION_IDLE_TIMEOUT_MS / 1000,
      })

    app.decorateRequest('session', function (this: FastifyRequest) {
      let session = loaded.get(this)
      if (!session) {
        const cookie = this.cookies[SESSION_COOKIE]
        const now = new Date()
        session = cookie
          ? read(cookie, now).then(({ session: found, touched }) => {
              // This read wrote the session's activity: the cookie's lifetime restarts with the
              // idle clock, so an active player stays signed in.
              if (touched) renewals.set(this, cookie)
              return found
            })
          : Promise.resolve(undefined)
        loaded.set(this, session)
      }
      return session
    })

    // Note: after @fastify/cookie's own onSend hook, so the cookie is written at once.
    app.addHook('onSend', (request, reply, payload, done) => {
      const cookie = renewals.get(request)
      if (cookie !== undefined) setCookie(reply, cookie)
      done(null, payload)
    })

    app.decorateRequest(
      'ensureSession',
      async function (this: FastifyRequest, reply: FastifyReply) {
        const existing = await this.session()
        if (existing) return existing
        const { cookie, session } = await store.create()
        renewals.delete(this)
        setCookie(reply, cookie)
        remember(session)
        loaded.set(this, Promise.resolve(session))
        return session
      },
    )

    app.decorateRequest(
      'signIn',
      async function (this: FastifyRequest, reply: FastifyReply, owner: SessionOwner) {
        const previous = await this.session()
        const { cookie, session } = await store.startSignedIn(previous, owner)
        if (previous) await app.announceEndedSessions([previous.idHash])
        renewals.delete(this)
        setCookie(reply, cookie)
        remember(session)
        loaded.set(this, Promise.resolve(session))
        return session
      },
    )

    app.decorateRequest('signOut', async function (this: FastifyRequest, reply: FastifyReply) {
      const session = await this.session()
      if (session) {
        await store.end(session)
        await app.announceEndedSessions([session.idHash])
      }
      renewals.delete(this)
      void reply.clearCookie(SESSION_COOKIE, { path: '/' })
      loaded.set(this, Promise.resolve(undefined))
    })
  },
  { name: 'session', dependencies: ['database', 'site'] },
)
