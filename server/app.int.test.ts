import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { SETTINGS_API_PATHS } from '#tests/helpers/spec-paths.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

describe('operations', () => {
  it('GET /healthz answers while the process lives', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('GET /readyz checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ready' })
  })

  it('GET /metrics exposes Prometheus metrics with request durations', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' })
    const response = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(response.headers['content-type']).toContain('text/plain')
    expect(response.body).toContain('http_request_duration_seconds_bucket')
    expect(response.body).toContain('route="/healthz"')
    expect(response.body).toContain('process_cpu_user_seconds_total')
  })

  it('tags every answer with a request id, keeping a caller’s', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    })
    expect(kept.headers['x-request-id']).toBe('abc-123')
  })
})

describe('OpenAPI', () => {
  it('documents every API path from the route schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      openapi: string
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(document.openapi).toMatch(/^3\./)
    for (const path of ['/csrf/get-new', ...SETTINGS_API_PATHS]) {
      expect(document.paths[path], path).toHaveProperty('get')
    }
    expect(Object.keys(document.paths)).not.toContain('/metrics')
  })

  it('serves a viewer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/api/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('swagger')
  })
})

describe('rate limit', () => {
  it('answers 429 in the envelope once the window is spent', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } })
    // A fresh address each run: with Redis the counters outlive the process.
    const remoteAddress = `10.${String(Math.floor(Math.random() * 250))}.${String(Date.now() % 250)}.9`
    const calls = []
    for (let i = 0; i < 4; i++) {
      calls.push(await limited.app.inject({ method: 'GET', url: '/healthz', remoteAddress }))
    }
    // Health checks are exempt: orchestrators must always reach them.
    expect(calls.every((call) => call.statusCode === 200)).toBe(true)
    const api = []
    for (let i = 0; i < 4; i++) {
      api.push(
        await limited.app.inject({
          method: 'GET',
          url: '/csrf/get-new',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
          remoteAddress,
        }),
      )
    }
    expect(api.map((call) => call.statusCode)).toEqual([200, 200, 200, 429])
    expect(api[3]?.json()).toMatchObject({
      success: false,
      errors: { code: 'request.rate_limited' },
    })
  })
})
