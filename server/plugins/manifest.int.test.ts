import { beforeAll, describe, expect, inject, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { addPlayableTitles } from '#tests/factories/games.ts'

// React Router asks `/__manifest?paths=…` for the routes of the links a page shows: a long lobby
// page (`/en/lobby/c/All/?show=72`) names a hundred and more, in up to 7,680 characters. That call
// answered 500 once: refused as too long before the cookie parser ran, whose absence then broke
// the error answer itself.
let t: TestApp
let slugs: string[]
beforeAll(async () => {
  t = await buildTestApp({ ssr: { mode: 'production', buildDir: inject('pagesBuildDir') } })
  slugs = await addPlayableTitles(t.database.db, 200)
}, 60_000)

const COOKIES = [{}, { cookie: 'aurum_locale=de' }, { cookie: 'junk' }]

describe('route discovery of a long lobby page', () => {
  it('answers the paths of a long page, without cookies and with', async () => {
    const paths = ['/en/lobby/c/All/', ...slugs.map((slug) => `/en/game/${slug}/`)]
    const url = `/__manifest?paths=${encodeURIComponent(paths.sort().join(','))}&version=${t.app.buildId}`
    // As long as React Router lets it grow (its URL_LIMIT, the origin included).
    expect(url.length).toBeGreaterThan(6000)
    expect(url.length).toBeLessThan(7680 - 'https://aurum.example'.length)
    for (const headers of COOKIES) {
      const response = await t.app.inject({ method: 'GET', url, headers })
      expect(response.statusCode, JSON.stringify(headers)).toBe(200)
      expect(response.headers['content-type']).toContain('application/json')
    }
  })

  it('refuses a longer URL with a translated 414, never a 500', async () => {
    const url = `/__manifest?paths=${'%2Fen%2Fgame%2Fx%2F%2C'.repeat(500)}`
    for (const headers of COOKIES) {
      const response = await t.app.inject({ method: 'GET', url, headers })
      expect(response.statusCode, JSON.stringify(headers)).toBe(414)
      expect(response.json()).toMatchObject({ errors: { code: 'request.too_long' } })
    }
    const german = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: 'aurum_locale=de' },
    })
    const english = await t.app.inject({ method: 'GET', url })
    expect(german.json<{ message: string }>().message).not.toBe(
      english.json<{ message: string }>().message,
    )
  })
})
