import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { SESSION_COOKIE } from './session.ts'

const PROXY = '10.9.0.1'

let t: TestApp
beforeAll(async () => {
  // No PUBLIC_URL: whether a request came over TLS is all that decides.
  t = await buildTestApp({ env: { TRUST_PROXY: PROXY } })
})

/** A visitor's first call, which starts a session and sets its cookie. */
const firstCall = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/csrf/get-new',
    headers: { ...API_HEADERS, ...headers },
    remoteAddress,
  })

const sessionCookieOf = (response: Awaited<ReturnType<typeof firstCall>>) =>
  response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)

describe('a request that came over TLS', () => {
  it('gets a Secure session cookie and HSTS when the trusted proxy says https', async () => {
    const response = await firstCall(PROXY, { 'x-forwarded-proto': 'https' })
    expect(response.statusCode).toBe(200)
    expect(sessionCookieOf(response)).toMatchObject({ secure: true, httpOnly: true })
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('is not taken from a client that is not the trusted proxy', async () => {
    const response = await firstCall('203.0.113.7', { 'x-forwarded-proto': 'https' })
    expect(sessionCookieOf(response)?.secure).toBeUndefined()
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('plain http through the proxy gets neither', async () => {
    const response = await firstCall(PROXY, { 'x-forwarded-proto': 'http' })
    expect(sessionCookieOf(response)?.secure).toBeUndefined()
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})
