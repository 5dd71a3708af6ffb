import { beforeAll, describe, expect, inject, it } from 'vitest'
import { LOCALES } from '#common/locales.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'

// What a visitor's browser gets from the server alone, before any script runs: these checks once
// drove Chromium through the end-to-end suite, and need only the production build's HTML.
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ ssr: { mode: 'production', buildDir: inject('pagesBuildDir') } })
}, 60_000)

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

/** Follows the redirects as a browser's address bar does; answers the path where it lands. */
async function land(url: string) {
  let at = url
  for (let hops = 0; hops < 5; hops += 1) {
    const response = await get(at)
    if (response.statusCode < 300 || response.statusCode >= 400) return at
    const { pathname, search } = new URL(String(response.headers.location), `http://host${at}`)
    at = pathname + search
  }
  throw new Error(`${url} redirects more than 5 times`)
}

describe('every locale', () => {
  it.each(LOCALES.map((locale) => [locale.prefix, locale.tag, locale.dir] as const))(
    '%s: home and three routes render with lang=%s dir=%s and a heading',
    async (prefix, tag, dir) => {
      for (const path of ['', 'lobby/c/All/', 'complaints/', 'tc/']) {
        const url = `/${prefix}/${path}`
        const response = await get(url)
        expect(response.statusCode, url).toBe(200)
        expect(response.body, url).toContain(`<html lang="${tag}" dir="${dir}"`)
        expect(response.body, url).toMatch(/<h1[\s>]/)
      }
    },
  )
})

describe('guards', () => {
  it.each([
    ['/en/shop', '/en/shop/all/'],
    ['/en/live', '/en/live/c/Live%20Casino/'],
    ['/en/live/p', '/en/live/c/Live%20Casino/'],
    ['/de/lobby', '/de/lobby/c/All/'],
    ['/fr/lobby/p/', '/fr/lobby/c/All/'],
    ['/en/a/register?btag=42', '/en/?q=/a/register&btag=42'],
    ['/pl/accounts/12/deposit', '/pl/?q=/a/deposit'],
    ['/en/vip', '/en/vip/'],
    ['/en/vip/?layer=perks', '/en/vip?layer=perks'],
    ['/promotions', '/en/promotions/'],
  ])('%s lands on %s', async (from, to) => {
    expect(await land(from)).toBe(to)
  })
})

describe('the web app manifest', () => {
  it('is served, linked from every page, and names icons that exist', async () => {
    const page = await get('/de/lobby/c/All/')
    const head = /<head>.*<\/head>/s.exec(page.body)?.[0] ?? ''
    expect(/<link rel="manifest" href="([^"]+)"/.exec(head)?.[1]).toBe('/manifest.webmanifest')
    const touchIcons = [...head.matchAll(/<link rel="apple-touch-icon"[^>]* href="([^"]+)"/g)]
    expect(touchIcons).toHaveLength(1)

    const response = await get('/manifest.webmanifest')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/manifest+json')
    const manifest = response.json<{
      name: string
      start_url: string
      display: string
      theme_color: string
      background_color: string
      icons: { src: string; sizes: string; type: string; purpose: string }[]
    }>()
    expect(manifest).toMatchObject({ name: 'Aurum', start_url: '/', display: 'standalone' })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/)
    // Chromium installs only with a 192 px and a 512 px PNG; Android masks a "maskable" one.
    const png = manifest.icons.filter((icon) => icon.type === 'image/png')
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    for (const src of [...manifest.icons.map((icon) => icon.src), touchIcons[0]?.[1] ?? '']) {
      const icon = await get(src)
      expect(icon.statusCode, src).toBe(200)
      expect(icon.headers['content-type'], src).toMatch(/^image\//)
    }
  })
})
