import { expect, test } from '@playwright/test'
import { LOCALES } from '#common/locales.ts'
import { gotoInteractive, watchConsole } from './support.ts'

// The HTML of every locale's pages (status, lang, dir, a heading), the guards' redirects and the
// not-found page are checked without a browser, in tests/pages/server-rendered.int.test.ts and
// server/plugins/ssr.int.test.ts. What needs one stays here.

test.describe('every locale', () => {
  for (const locale of LOCALES) {
    // In every locale the two pages that show locale-formatted data; the text pages, whose code
    // is the same in every locale, in a left-to-right and a right-to-left one.
    const paths = ['', 'lobby/c/All/']
    if (locale.prefix === 'en' || locale.prefix === 'ar-en') paths.push('complaints/', 'tc/')
    test(`${locale.prefix}: ${paths.map((path) => `/${path}`).join(', ')} hydrate without a console error`, async ({
      page,
    }) => {
      const errors = watchConsole(page)
      for (const path of paths) {
        await gotoInteractive(page, `/${locale.prefix}/${path}`)
        await expect(page.locator('html')).toHaveAttribute('lang', locale.tag)
      }
      // Let the CSRF fetch and the lazy chunks finish before judging the console.
      await page.waitForLoadState('networkidle')
      expect(errors).toEqual([])
    })
  }
})

test.describe('guards in the browser', () => {
  test('client navigations land on canonical URLs without a server round trip', async ({
    page,
  }) => {
    await gotoInteractive(page, '/en/')
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Lobby' })
      .click()
    await expect(page).toHaveURL(/\/en\/lobby\/c\/All\/$/)
    expect(documents).toEqual([])
  })
})

test('the tournaments have their menu entry; an unknown tournament is not found, also on a client navigation', async ({
  page,
}) => {
  // Every feature with pages is on since issue 25: what "off" hid (the entry, the pages) shows,
  // and the switch itself is checked in common/features.test.ts.
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  const response = await page.goto('/en/tournament-details/t/999999/')
  expect(response?.status()).toBe(404)
  await expect(page.getByTestId('error-screen')).toContainText('Page Not Found')
  await gotoInteractive(page, '/en/')
  await expect(page.getByTestId('open-search')).toBeVisible()
  const entry = page
    .getByRole('navigation')
    .getByRole('link', { name: 'Tournaments', exact: true })
    .first()
  await expect(entry).toBeVisible()
  await expect(entry).toHaveAttribute('href', '/en/tourneys/')
  // A client navigation to a tournament that does not exist (an old link) also ends at 404.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/en/tournament-details/t/999999/')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByTestId('error-screen')).toContainText('Page Not Found')
  expect(errors.filter((error) => !error.includes('404'))).toEqual([])
})

test('a visitor from a blocked country is sent to /site/restricted', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-test-country': 'US' })
  let refusedTokens = 0
  page.on('response', (response) => {
    if (response.url().endsWith('/csrf/get-new') && response.status() === 403) refusedTokens += 1
  })
  await page.goto('/en/')
  await expect(page).toHaveURL(/\/site\/restricted\/$/)
  await expect(page.getByTestId('restricted')).toBeVisible()
  // The restricted page stays put: its own refused token fetch (the second) must not reload it.
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await expect.poll(() => refusedTokens).toBeGreaterThanOrEqual(2)
  await page.waitForLoadState('networkidle')
  expect(documents).toEqual([])
})

test('switching the language keeps the page and is remembered', async ({ page, context }) => {
  const errors = watchConsole(page)
  await gotoInteractive(page, '/en/complaints/')
  await page.getByTestId('footer-language').click()
  await page.getByRole('dialog').getByRole('link', { name: 'Deutsch', exact: true }).click()
  await expect(page).toHaveURL(/\/de\/complaints\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  const cookies = await context.cookies()
  const localeCookie = cookies.find((cookie) => cookie.name === 'aurum_locale')
  expect(localeCookie?.value).toBe('de')
  expect(localeCookie?.sameSite).toBe('Lax')
  // The root path now renders in the chosen language.
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test('ar-en is laid out right to left', async ({ page }) => {
  await page.goto('/ar-en/')
  const direction = await page.evaluate(() => getComputedStyle(document.body).direction)
  expect(direction).toBe('rtl')
})
