import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '#db/client.ts'
import { buildSessionTestApp } from '#tests/helpers/session-test-app.ts'
import { sessions } from '#server/modules/auth/auth.tables.ts'
import { SESSION_IDLE_TIMEOUT_MS, TOUCH_INTERVAL_MS } from '#server/modules/auth/index.ts'
import { SESSION_COOKIE } from './session.ts'

// The session plugin's memory copy on a small app of the real plugins.
let app: FastifyInstance
let database: Database
beforeAll(async () => {
  const built = await buildSessionTestApp((server) => {
    server.get('/start', async (request, reply) => {
      await request.ensureSession(reply)
      return { started: true }
    })
    server.get('/who', async (request) => ({ session: (await request.session())?.idHash ?? null }))
  })
  app = built.app
  database = built.database
})
afterAll(() => app.close())
afterEach(() => {
  vi.useRealTimers()
})

async function startSession() {
  const response = await app.inject({ method: 'GET', url: '/start' })
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? ''
  const who = async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/who',
      cookies: { [SESSION_COOKIE]: cookie },
    })
    return answer.json<{ session: string | null }>().session
  }
  const idHash = await who()
  if (!idHash) throw new Error('no session started')
  /** A call with the cookie; answers the cookie the answer sets, if any. */
  const renewedCookie = async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/who',
      cookies: { [SESSION_COOKIE]: cookie },
    })
    expect(answer.json<{ session: string | null }>().session).toBe(idHash)
    return answer.cookies.find((c) => c.name === SESSION_COOKIE)
  }
  return { idHash, who, cookie, renewedCookie }
}

describe('the session cookie', () => {
  it('lives 1800 s from the last activity, not from sign-in: it is sent again as activity is written', async () => {
    const { cookie, renewedCookie } = await startSession()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    // Twenty minutes on: the activity is due a write, and the answer restarts the cookie's life.
    vi.setSystemTime(Date.now() + 20 * 60_000)
    expect(await renewedCookie()).toMatchObject({
      value: cookie,
      maxAge: SESSION_IDLE_TIMEOUT_MS / 1000,
      httpOnly: true,
      path: '/',
    })
    // Within the minute the activity is not written again, and the cookie is not sent.
    vi.setSystemTime(Date.now() + 10_000)
    expect(await renewedCookie()).toBeUndefined()
    // Forty-five minutes after it started, active all along: still signed in, cookie renewed.
    vi.setSystemTime(Date.now() + 25 * 60_000)
    expect(await renewedCookie()).toMatchObject({ value: cookie, maxAge: 1800 })
  })
  it('is not sent again by a call in the same millisecond as the session began', async () => {
    // A session remembered at its start carries that instant as its last activity: a call in
    // the same millisecond wrote nothing, so its answer (a refused sign-in, say) sets no cookie.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const { renewedCookie } = await startSession()
    expect(await renewedCookie()).toBeUndefined()
  })
})

describe('the session memory copy', () => {
  it('serves a busy session for a minute without the store, then reads it again', async () => {
    const { idHash, who } = await startSession()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    // Deleted behind the app's back: no end was announced, so the copy still answers...
    await database.db.delete(sessions).where(eq(sessions.idHash, idHash))
    vi.setSystemTime(Date.now() + TOUCH_INTERVAL_MS - 1_000)
    expect(await who()).toBe(idHash)
    // ...for a minute at most: then the store is asked again and knows no such session.
    vi.setSystemTime(Date.now() + 2_000)
    expect(await who()).toBeNull()
  })

  it('drops a session whose end is announced at once', async () => {
    const { idHash, who } = await startSession()
    await database.db.delete(sessions).where(eq(sessions.idHash, idHash))
    await app.announceEndedSessions([idHash])
    expect(await who()).toBeNull()
  })
})
