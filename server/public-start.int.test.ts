import { randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, signInOperator } from '#tests/factories/players.ts'

// A public start (PUBLIC_URL set) opens nothing for convenience: no development pages, and the
// operations pages (metrics, the API viewer) answer a token or an operator only. Elsewhere the
// development pages answer this machine only, by the socket's address.

const METRICS_TOKEN = randomBytes(32).toString('base64url')
const OPERATIONS_PAGES = ['/metrics', '/openapi.json', '/docs/api', '/docs/api/json']
const DEV_PAGES = ['/dev/outbox', '/dev/outbox.json', '/dev/payments']
const OUTSIDE = '203.0.113.7'

/**
 * Answered as a path that serves nothing: 404, or 405 where the page's other method exists (the
 * not-found handler's rule), and nothing of the page.
 */
async function expectNotServed(answer: Promise<{ statusCode: number; body: string }>, url: string) {
  const { statusCode, body } = await answer
  expect([404, 405], url).toContain(statusCode)
  expect(body, url).not.toMatch(/Outbox|Sandbox payments|"messages"/)
}

describe('a public start', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        // Development would serve the development pages anywhere but on a public start.
        NODE_ENV: 'development',
        PUBLIC_URL: 'https://aurum.example',
        OPERATOR_PASSWORD: 'a-public-operator-password',
        OPERATOR_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        METRICS_TOKEN,
        LIVE_ROUNDS: 'false',
      },
    })
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  it('serves metrics and the API viewer to no one without the token or an operator', async () => {
    for (const url of OPERATIONS_PAGES) {
      const anonymous = await get(url)
      expect(anonymous.statusCode, url).toBe(401)
      expect(anonymous.body, url).not.toContain('/provider-api/v1/win')
      const wrong = await get(url, { authorization: `Bearer ${'x'.repeat(43)}` })
      expect(wrong.statusCode, url).toBe(401)
      const scraper = await get(url, { authorization: `Bearer ${METRICS_TOKEN}` })
      expect(scraper.statusCode, url).toBe(200)
    }
    expect((await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body).toContain(
      'http_request_duration_seconds',
    )
  })

  it('serves them to a signed-in operator', async () => {
    const operator = await createOperator(t.database.db, ['support'])
    const { cookie } = await signInOperator(t.app, operator)
    for (const url of OPERATIONS_PAGES) {
      expect((await get(url, { cookie })).statusCode, url).toBe(200)
    }
  })

  it('has no development pages, even for this machine', async () => {
    for (const url of DEV_PAGES) await expectNotServed(get(url), url)
  })
})

describe('a local start', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })

  it('serves the development pages to this machine only, whatever the headers say', async () => {
    for (const url of DEV_PAGES) {
      const local = await t.app.inject({ method: 'GET', url })
      expect(local.statusCode, url).toBe(200)
      const outside = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: OUTSIDE,
        headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
      })
      await expectNotServed(Promise.resolve(outside), url)
    }
    const form = t.app.inject({
      method: 'POST',
      url: '/dev/payments',
      remoteAddress: OUTSIDE,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=x&payment_id=${randomUUID()}&action=bank`,
    })
    await expectNotServed(form, 'POST /dev/payments')
  })

  it('serves metrics and the API viewer openly', async () => {
    for (const url of OPERATIONS_PAGES) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
    }
  })
})
