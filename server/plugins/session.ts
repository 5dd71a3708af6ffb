import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  createSession,
  findSession,
  type Session,
  SESSION_IDLE_TIMEOUT_MS,
} from '#server/modules/auth/sessions.ts'

export const SESSION_COOKIE = 'aurum_sid'

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's live session, loaded on first use; undefined for a visitor without one. */
    session(): Promise<Session | undefined>
    /** The live session, created (and its cookie set) when the visitor has none. */
    ensureSession(reply: FastifyReply): Promise<Session>
  }
}

const loaded = new WeakMap<FastifyRequest, Promise<Session | undefined>>()

export default fp(
  async (app, options: { secureCookies: boolean }) => {
    app.decorateRequest('session', function (this: FastifyRequest) {
      let session = loaded.get(this)
      if (!session) {
        const cookie = this.cookies[SESSION_COOKIE]
        session = cookie ? findSession(app.database.db, cookie) : Promise.resolve(undefined)
        loaded.set(this, session)
      }
      return session
    })

    app.decorateRequest(
      'ensureSession',
      async function (this: FastifyRequest, reply: FastifyReply) {
        const existing = await this.session()
        if (existing) return existing
        const { cookie, session } = await createSession(app.database.db)
        reply.setCookie(SESSION_COOKIE, cookie, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookies,
          maxAge: SESSION_IDLE_TIMEOUT_MS / 1000,
        })
        loaded.set(this, Promise.resolve(session))
        return session
      },
    )
  },
  { name: 'session', dependencies: ['database'] },
)
