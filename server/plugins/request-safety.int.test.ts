import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS } from '#tests/helpers/build-test-app.ts'
import { buildSessionTestApp } from '#tests/helpers/session-test-app.ts'
import { SESSION_COOKIE } from './session.ts'
import { requireCsrfToken, requireMarkerHeader } from './request-safety.ts'

// The API's request-safety hooks on a small app of the real plugins, with routes of each kind.
let app: FastifyInstance
beforeAll(async () => {
  const built = await buildSessionTestApp(async (server) => {
    server.get('/token', async (request, reply) => ({
      token: (await request.ensureSession(reply)).csrfToken,
    }))
    await server.register(async (api) => {
      api.addHook('onRequest', requireMarkerHeader)
      api.addHook('preValidation', requireCsrfToken)
      api.post('/change', async () => ({ changed: true }))
      api.get('/read', async () => ({ read: true }))
      api.get('/spin', { config: { csrf: true } }, async () => ({ spun: true }))
    })
  })
  app = built.app
})
afterAll(() => app.close())

async function session() {
  const response = await app.inject({ method: 'GET', url: '/token' })
  const cookie =
    [response.headers['set-cookie']].flat().find((c) => c?.startsWith(SESSION_COOKIE)) ?? ''
  return { cookie: cookie.split(';')[0] ?? '', token: response.json<{ token: string }>().token }
}

describe('CSRF', () => {
  it('lets a state-changing call with the session token through', async () => {
    const { cookie, token } = await session()
    const response = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { ...API_HEADERS, cookie, 'x-csrf-token': token },
    })
    expect(response.statusCode).toBe(200)
  })

  it('refuses a missing token with 403', async () => {
    const { cookie } = await session()
    const response = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { ...API_HEADERS, cookie },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ success: false, errors: { code: 'csrf.invalid' } })
  })

  it("refuses another session's token", async () => {
    const mine = await session()
    const theirs = await session()
    const response = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { ...API_HEADERS, cookie: mine.cookie, 'x-csrf-token': theirs.token },
    })
    expect(response.statusCode).toBe(403)
  })

  it('refuses a token without a session', async () => {
    const { token } = await session()
    const response = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { ...API_HEADERS, 'x-csrf-token': token },
    })
    expect(response.statusCode).toBe(403)
  })

  it('does not ask plain reads for a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/read', headers: API_HEADERS })
    expect(response.statusCode).toBe(200)
  })

  it('asks state-changing GETs for a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/spin', headers: API_HEADERS })
    expect(response.statusCode).toBe(403)
  })
})

describe('marker header', () => {
  it('refuses an API call without it', async () => {
    const { cookie, token } = await session()
    const response = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { cookie, 'x-csrf-token': token },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: { code: 'request.marker_missing' } })
  })

  it('refuses a wrong value', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/read',
      headers: { 'x-requested-with': 'fetch' },
    })
    expect(response.statusCode).toBe(400)
  })
})
