import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  createSession,
  endSession,
  findSession,
  type Session,
  SESSION_IDLE_TIMEOUT_MS,
  startSignedInSession,
  type SessionOwner,
} from '#server/modules/auth/sessions.ts'

export const SESSION_COOKIE = 'aurum_sid'

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
}

const loaded = new WeakMap<FastifyRequest, Promise<Session | undefined>>()

export default fp(
  async (app, options: { secureCookies: boolean }) => {
    const { db } = app.database
    const setCookie = (reply: FastifyReply, cookie: string) =>
      reply.setCookie(SESSION_COOKIE, cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: SESSION_IDLE_TIMEOUT_MS / 1000,
      })

    app.decorateRequest('session', function (this: FastifyRequest) {
      let session = loaded.get(this)
      if (!session) {
        const cookie = this.cookies[SESSION_COOKIE]
        session = cookie ? findSession(db, cookie) : Promise.resolve(undefined)
        loaded.set(this, session)
      }
      return session
    })

    app.decorateRequest(
      'ensureSession',
      async function (this: FastifyRequest, reply: FastifyReply) {
        const existing = await this.session()
        if (existing) return existing
        const { cookie, session } = await createSession(db)
        setCookie(reply, cookie)
        loaded.set(this, Promise.resolve(session))
        return session
      },
    )

    app.decorateRequest(
      'signIn',
      async function (this: FastifyRequest, reply: FastifyReply, owner: SessionOwner) {
        const { cookie, session } = await startSignedInSession(db, await this.session(), owner)
        setCookie(reply, cookie)
        loaded.set(this, Promise.resolve(session))
        return session
      },
    )

    app.decorateRequest('signOut', async function (this: FastifyRequest, reply: FastifyReply) {
      const session = await this.session()
      if (session) await endSession(db, session)
      void reply.clearCookie(SESSION_COOKIE, { path: '/' })
      loaded.set(this, Promise.resolve(undefined))
    })
  },
  { name: 'session', dependencies: ['database'] },
)
