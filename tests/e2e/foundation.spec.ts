import { expect, test } from '@playwright/test'
import { LOCALES } from '#common/locales.ts'
import { gotoInteractive, watchConsole } from './support.ts'

test.describe('every locale', () => {
  for (const locale of LOCALES) {
    test(`${locale.prefix}: home and three routes load with lang=${locale.tag}`, async ({
      page,
    }) => {
      const errors = watchConsole(page)
      for (const path of ['', 'lobby/c/All/', 'complaints/', 'tc/']) {
        const response = await page.goto(`/${locale.prefix}/${path}`)
        expect(response?.status()).toBe(200)
        await expect(page.locator('html')).toHaveAttribute('lang', locale.tag)
        await expect(page.locator('html')).toHaveAttribute('dir', locale.dir)
        await expect(page.locator('h1').first()).toBeVisible()
      }
      // Let hydration and the CSRF fetch finish before judging the console.
      await page.waitForLoadState('networkidle')
      expect(errors).toEqual([])
    })
  }
})

test.describe('guards in the browser', () => {
  const cases: [string, string][] = [
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
  ]
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, async ({ page }) => {
      await page.goto(from)
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(to)
    })
  }

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

test('an unknown page shows Page Not Found and the path with status 404', async ({ page }) => {
  const response = await page.goto('/en/no-such-page/')
  expect(response?.status()).toBe(404)
  await expect(page.getByTestId('error-screen')).toContainText('Page Not Found')
  await expect(page.getByTestId('error-screen')).toContainText('/en/no-such-page/')
})

test('features not built yet show nowhere: no menu entry, no Bonuses button, their pages 404', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  const response = await page.goto('/en/promotions/?q=/a/bonuses')
  expect(response?.status()).toBe(404)
  await expect(page.getByTestId('error-screen')).toContainText('Page Not Found')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await gotoInteractive(page, '/en/')
  await expect(page.getByTestId('open-search')).toBeVisible()
  await expect(page.getByTestId('open-bonuses')).toHaveCount(0)
  for (const name of ['Promotions', 'Tournaments', 'Shop', 'VIP', 'Loyalty', 'Bonus terms']) {
    await expect(page.getByRole('navigation').getByRole('link', { name, exact: true })).toHaveCount(
      0,
    )
  }
  // A client navigation to such a page (an old bookmark, a link in a message) also ends at 404.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/en/tourneys/')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByTestId('error-screen')).toContainText('Page Not Found')
  expect(errors.filter((error) => !error.includes('404'))).toEqual([])
})

test('the 404 page speaks the player’s language', async ({ page }) => {
  await page.goto('/de/gibt-es-nicht/')
  await expect(page.getByTestId('error-screen')).toContainText('Seite nicht gefunden')
})

test('a visitor from a blocked country is sent to /site/restricted', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-test-country': 'US' })
  await page.goto('/en/')
  await expect(page).toHaveURL(/\/site\/restricted\/$/)
  await expect(page.getByTestId('restricted')).toBeVisible()
  // The restricted page stays put: its own refused token fetch must not reload it again.
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.waitForTimeout(2000)
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

test.describe('screenshots for people to look at', () => {
  for (const [name, width, height] of [
    ['phone', 375, 812],
    ['tablet', 768, 1024],
    ['desktop', 1440, 900],
  ] as const) {
    test(`home, lobby and cabinet at ${name} width`, async ({ page }) => {
      await page.setViewportSize({ width, height })
      for (const [label, path] of [
        ['home', '/en/'],
        ['lobby', '/en/lobby/c/All/'],
        ['cabinet', '/en/account/profile/security/'],
        ['arabic-home', '/ar-en/'],
      ] as const) {
        await page.goto(path)
        await page.screenshot({
          path: `test-results/screenshots/${label}-${String(width)}.png`,
          fullPage: true,
        })
      }
    })
  }
})
