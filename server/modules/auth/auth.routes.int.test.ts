import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { SESSION_COOKIE } from '#server/plugins/session.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))

describe('GET /csrf/get-new', () => {
  it('starts a session and returns its token in _csrf-frontend', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<{ success: boolean; '_csrf-frontend': string }>()
    expect(body.success).toBe(true)
    expect(body['_csrf-frontend']).toMatch(/^[\w-]{43}$/)
    const cookie = cookieOf(response.headers['set-cookie'])
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('returns the same token for the same session', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
    const cookie = cookieOf(first.headers['set-cookie'])?.split(';')[0] ?? ''
    const second = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: { ...API_HEADERS, cookie },
    })
    expect(second.headers['set-cookie']).toBeUndefined()
    expect(second.json<Record<string, string>>()['_csrf-frontend']).toBe(
      first.json<Record<string, string>>()['_csrf-frontend'],
    )
  })

  it("answers 403 'Country is blocked' to a visitor from a blocked country", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: { ...API_HEADERS, 'x-test-country': 'IR' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Country is blocked',
      errors: { code: 'geo.country_blocked' },
    })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('lets visitors from other countries in', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: { ...API_HEADERS, 'x-test-country': 'EE' },
    })
    expect(response.statusCode).toBe(200)
  })

  it('without the marker header is 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: { code: 'request.marker_missing' } })
  })

  it('a wrong method is 405', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(405)
  })
})
