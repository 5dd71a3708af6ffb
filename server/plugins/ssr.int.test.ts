import { beforeAll, describe, expect, inject, it } from 'vitest'
import { LOCALES } from '#common/locales.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { SPEC_PAGE_PATHS } from '#tests/helpers/spec-page-paths.ts'
import { isPathOn } from '#common/features.ts'
import { randomUUID } from 'node:crypto'
import { brotliDecompressSync } from 'node:zlib'
import { inlineScriptHashes } from '#server/lib/page-cache.ts'
import { SESSION_COOKIE } from './session.ts'
import { and, eq } from 'drizzle-orm'
import { cmsPages } from '#server/modules/site/site.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { DEMO_PLAYER } from '#db/seed/demo-accounts.ts'

// Pages render from the production build the test run made (tests/setup/global-database.ts).
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    ssr: { mode: 'production', buildDir: inject('pagesBuildDir') },
  })
})

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const titleOf = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''

describe('every spec route in every locale', () => {
  it.each(LOCALES.map((locale) => [locale.prefix, locale.tag, locale.dir] as const))(
    '%s renders each route with lang=%s dir=%s',
    async (prefix, tag, dir) => {
      for (const path of SPEC_PAGE_PATHS) {
        const url = `/${prefix}${path}`
        const response = await page(url)
        // The pages of features not built yet do not exist until they are (`features.ts`).
        expect(response.statusCode, url).toBe(isPathOn(url) ? 200 : 404)
        expect(response.body, url).toContain(`<html lang="${tag}" dir="${dir}"`)
        if (response.statusCode === 200) expect(titleOf(response.body), url).toMatch(/ · Aurum$/)
      }
    },
  )
})

describe('pages', () => {
  it('/ renders the home screen in the browser language when enabled', async () => {
    const response = await page('/', { 'accept-language': 'fi-FI,fi;q=0.9' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="fi-FI"')
  })

  it('/ prefers the locale cookie over the browser language', async () => {
    const response = await page('/', { 'accept-language': 'fi', cookie: 'aurum_locale=pl' })
    expect(response.body).toContain('<html lang="pl-PL"')
  })

  it('translates titles', async () => {
    expect(titleOf((await page('/de/tc/')).body)).toContain('Allgemeine')
    expect(titleOf((await page('/en/tc/')).body)).toBe('Terms and conditions · Aurum')
  })

  it('renders a CMS page at the catch-all', async () => {
    const response = await page('/fr/about-us/')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('data-testid="cms-page"')
  })

  it('answers an unknown page with 404 "Page Not Found" and the path', async () => {
    const response = await page('/en/no/such/page/')
    expect(response.statusCode).toBe(404)
    expect(response.body).toMatch(/Page Not Found.*\/en\/no\/such\/page\//s)
  })

  it('says it in the player language', async () => {
    const response = await page('/de/gibt-es-nicht/')
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('Seite nicht gefunden')
  })

  it('answers 404 with the not-found page at the screens of every feature that is off', async () => {
    // Every feature with pages is on since the tournaments (issue 25); the loop guards the next
    // one switched off, and common/features.test.ts checks the switch itself.
    const offPaths = SPEC_PAGE_PATHS.filter((path) => !isPathOn(`/en${path}`))
    for (const path of offPaths) {
      const response = await page(`/en${path}`)
      expect(response.statusCode, path).toBe(404)
      expect(response.body, path).toContain('Page Not Found')
      expect(response.body, path).not.toContain('data-testid="section-')
    }
    // The guards still make the address canonical first.
    const shop = await page('/en/shop')
    expect(shop.statusCode).toBe(302)
    expect(shop.headers.location).toBe('/en/shop/all/')
  })

  it('answers an invalid cabinet tab with 404', async () => {
    expect((await page('/en/account/wallet/')).statusCode).toBe(404)
    expect((await page('/en/account/profile/nothing/')).statusCode).toBe(404)
  })

  it('admits exactly the page’s own inline scripts by hash for signed-out visitors', async () => {
    const response = await page('/en/')
    const csp = String(response.headers['content-security-policy'])
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src')) ?? ''
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).not.toContain('nonce-')
    for (const hash of inlineScriptHashes(response.body)) expect(scriptSrc).toContain(hash)
    expect(inlineScriptHashes(response.body).length).toBeGreaterThan(0)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('gives a signed-in player a fresh render with a nonce of its own', async () => {
    const { cookie } = await t.app.sessionStore.startSignedIn(undefined, {
      playerId: randomUUID(),
    })
    const headers = { cookie: `${SESSION_COOKIE}=${cookie}` }
    const first = await page('/en/tc/', headers)
    const second = await page('/en/tc/', headers)
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1] ?? ''
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe('')
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe(
      nonceOf(second.headers['content-security-policy']),
    )
    expect(second.body).toContain(`nonce="${nonceOf(second.headers['content-security-policy'])}"`)
  })

  it('loads a signed-in player’s own standing on the server: the loader’s API call carries the page’s session', async () => {
    const [demo] = await t.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.email, DEMO_PLAYER.email))
    const { cookie } = await t.app.sessionStore.startSignedIn(undefined, {
      playerId: demo?.id ?? randomUUID(),
    })
    const signedIn = await page('/en/loyalty/', { cookie: `${SESSION_COOKIE}=${cookie}` })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.body).toContain('data-testid="loyalty-level"')
    expect(signedIn.body).not.toContain('data-testid="engagement-sign-in"')
    const visitor = await page('/en/loyalty/')
    expect(visitor.statusCode).toBe(200)
    expect(visitor.body).toContain('data-testid="engagement-sign-in"')
    expect(visitor.body).not.toContain('data-testid="loyalty-level"')
  })

  it('renders hreflang alternates for the same page', async () => {
    const { body } = await page('/en/tc/')
    expect(body).toContain('hrefLang="de-DE" href="/de/tc/"')
    expect(body).toContain('hrefLang="ar" href="/ar-en/tc/"')
  })

  it('shows the restricted page', async () => {
    const response = await page('/site/restricted/')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('data-testid="restricted"')
  })
})

describe('page cache for visitors who are not signed in', () => {
  it('serves the same document, compressed once, to every signed-out visitor', async () => {
    const first = await page('/en/about-us/', { 'accept-encoding': 'br' })
    const second = await page('/en/about-us/', { 'accept-encoding': 'br' })
    expect(first.headers['content-encoding']).toBe('br')
    expect(first.headers.vary).toContain('Accept-Encoding')
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(brotliDecompressSync(second.rawPayload).toString()).toContain('<html lang="en"')
    const plain = await page('/en/about-us/', { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(brotliDecompressSync(first.rawPayload).toString())
  })

  it('shows changed content as soon as the change is announced', async () => {
    expect((await page('/en/complaints/')).body).not.toContain('Fresh wording')
    await t.database.db
      .update(cmsPages)
      .set({ title: 'Fresh wording' })
      .where(and(eq(cmsPages.locale, 'en'), eq(cmsPages.path, '/complaints/')))
    await t.app.bus.publish('site.changed', { scope: 'pages' })
    expect((await page('/en/complaints/')).body).toContain('Fresh wording')
  })
})

describe('redirects', () => {
  it.each([
    ['/en/shop', '/en/shop/all/', 302],
    ['/en/live', '/en/live/c/Live%20Casino/', 302],
    ['/en/lobby/p', '/en/lobby/c/All/', 302],
    ['/en/a/register?btag=7', '/en/?q=/a/register&btag=7', 302],
    ['/en/accounts/3/deposit', '/en/?q=/a/deposit', 302],
    ['/en/vip', '/en/vip/', 301],
    ['/vip/', '/en/vip/', 302],
  ])('%s → %s (%i)', async (url, location, status) => {
    const response = await page(url)
    expect(response.statusCode).toBe(status)
    expect(response.headers.location).toBe(location)
  })

  it('follows the redirect table after the guards', async () => {
    const response = await page('/en/welcome-bonus/?utm=x')
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/en/promotions/?utm=x')
  })

  it('answers a malformed percent-encoding with 400, not a crash', async () => {
    const response = await page('/en/%E0%A4%A/')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: { code: 'request.malformed_url' } })
  })

  it('leaves React Router route discovery alone', async () => {
    const response = await page(`/__manifest?paths=%2Fen%2Ftc%2F&version=${t.app.buildId}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/json')
  })

  it('answers a marker-header request to a page path as an API miss', async () => {
    const response = await page('/en/tc/', { 'x-requested-with': 'XMLHttpRequest' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ errors: { code: 'request.not_found' } })
  })
})

describe('translation catalogue script', () => {
  it('is linked from the page, which does not carry the catalogue itself', async () => {
    const { body } = await page('/de/tc/')
    const src = /<script src="(\/i18n\/de\.[0-9a-f]{16}\.js)"/.exec(body)?.[1]
    expect(src).toBeDefined()
    expect(body).not.toContain('Seite nicht gefunden')
    const script = await page(src ?? '')
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toContain('text/javascript')
    expect(script.headers['cache-control']).toContain('immutable')
    expect(script.body).toContain('Seite nicht gefunden')
  })

  it('answers 404 for another version or an unknown locale', async () => {
    expect((await page('/i18n/de.0123456789abcdef.js')).statusCode).toBe(404)
    expect((await page('/i18n/xx.0123456789abcdef.js')).statusCode).toBe(404)
    expect((await page('/i18n/nonsense')).statusCode).toBe(404)
  })
})

describe('build calls', () => {
  it('GET /builds/latest.json returns the running build id', async () => {
    const response = await page('/builds/latest.json')
    expect(response.json()).toEqual({ id: t.app.buildId })
    expect(t.app.buildId).toMatch(/^[\w-]+$/)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('GET /builds/meta/{id}.json returns the route matcher table', async () => {
    const body = (await page(`/builds/meta/${t.app.buildId}.json`)).json<{
      routes: { id: string }[]
    }>()
    expect(body.routes.map((route) => route.id)).toContain('catch-all')
    expect((await page('/builds/meta/other.json')).statusCode).toBe(404)
  })
})
