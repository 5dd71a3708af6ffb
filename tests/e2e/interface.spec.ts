import { expect, request as playwrightRequest, test, type Page } from '@playwright/test'
import {
  DEMO_PLAYER,
  apiSession,
  expectAccessible,
  gotoInteractive,
  logInThroughDialog,
  seededOperatorSession,
  signInAsDemoPlayer,
  socketConnected,
  watchConsole,
} from './support.ts'

const DIALOGS = [
  { address: '/a/search', name: 'Search' },
  { address: '/a/language', name: 'Language and region' },
  { address: '/a/login', name: 'Welcome back' },
  { address: '/a/register', name: 'Create your account' },
  { address: '/a/forgot-password', name: 'Reset your password' },
] as const

async function acceptCookies(page: Page) {
  await page.getByRole('button', { name: 'Accept' }).click()
}

test.describe('dialogs addressed by ?q=', () => {
  for (const dialog of DIALOGS) {
    test(`${dialog.address} opens by URL and closes by Escape, outside click and back`, async ({
      page,
    }) => {
      const errors = watchConsole(page)
      await gotoInteractive(page, '/en/complaints/')
      // Opened from within the page: the back button closes it.
      await page.goto(`/en/complaints/?q=${dialog.address}`)
      const modal = page.getByRole('dialog', { name: dialog.name })
      await expect(modal).toBeVisible()
      await expect(page.getByTestId('modal-overlay')).toBeVisible()
      // Focus is inside the dialog.
      expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true)
      await page.keyboard.press('Escape')
      await expect(modal).toBeHidden()
      await expect(page).toHaveURL(/\/en\/complaints\/$/)

      await gotoInteractive(page, `/en/complaints/?q=${dialog.address}`)
      await expect(modal).toBeVisible()
      // A click on the layer outside the panel (top-left corner) closes it.
      await page.mouse.click(5, 5)
      await expect(modal).toBeHidden()
      await expect(page.getByTestId('modal-overlay')).toBeHidden()

      await gotoInteractive(page, '/en/complaints/')
      await page.evaluate((address) => {
        // A client navigation that pushes the dialog's entry, as the header's links do.
        const state: unknown = window.history.state
        window.history.pushState(state, '', `?q=${address}`)
        window.dispatchEvent(new PopStateEvent('popstate', { state }))
      }, dialog.address)
      await expect(modal).toBeVisible()
      await page.goBack()
      await expect(modal).toBeHidden()
      await expect(page).toHaveURL(/\/en\/complaints\/$/)
      expect(errors).toEqual([])
    })
  }

  test('the header search button opens search over the page and the back button closes it', async ({
    page,
  }) => {
    await gotoInteractive(page, '/en/')
    await page.getByTestId('open-search').click()
    const modal = page.getByRole('dialog', { name: 'Search' })
    await expect(modal).toBeVisible()
    await expect(page).toHaveURL(/\?q=\/a\/search$/)
    await modal.getByRole('searchbox').fill('complaints')
    await expect(modal.getByRole('link', { name: 'Complaints' })).toBeVisible()
    await modal.getByRole('searchbox').fill('zzzz')
    await expect(modal.getByText('Nothing found for “zzzz”')).toBeVisible()
    await page.goBack()
    await expect(modal).toBeHidden()
    await expect(page).toHaveURL(/\/en\/$/)
  })

  test('Tab stays inside an open dialog and focus returns on close', async ({ page }) => {
    await gotoInteractive(page, '/en/')
    const opener = page.getByTestId('open-language')
    await opener.focus()
    await opener.press('Enter')
    const modal = page.getByRole('dialog', { name: 'Language and region' })
    await expect(modal).toBeVisible()
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab')
      expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(opener).toBeFocused()
  })
})

test('a visitor opening a cabinet tab gets the login dialog and lands on that tab', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.goto('/en/account/notifications/')
  await expect(page.getByText('Sign in to open your account')).toBeVisible()
  await logInThroughDialog(page)
  await expect(page).toHaveURL(/\/en\/account\/notifications\/$/)
  await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible()
  await expect(
    page.getByRole('status').filter({ hasText: 'You have successfully logged in' }),
  ).toBeVisible()
  expect(errors).toEqual([])
})

test('logging out on a cabinet page lands on the home page with the spec’s message', async ({
  page,
}) => {
  const errors = watchConsole(page)
  const failedCalls: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) failedCalls.push(`${String(response.status())} ${response.url()}`)
  })
  await page.goto('/en/?q=/a/login')
  await logInThroughDialog(page)
  await gotoInteractive(page, '/en/account/transaction/')
  await expect(page.getByRole('heading', { name: 'Deposits', level: 2 })).toBeVisible()
  await page.getByRole('button', { name: 'Open the player menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'You have successfully logged out' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/en\/$/)
  await expect(page.getByTestId('open-login')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText('Sign in to open your account')).toBeHidden()
  expect(failedCalls).toEqual([])
  expect(errors).toEqual([])
})

test('a wrong password shows the spec toast and keeps the dialog open', async ({ page }) => {
  await gotoInteractive(page, '/en/?q=/a/login')
  const dialog = page.getByRole('dialog', { name: 'Welcome back' })
  await dialog.getByLabel('E-mail').fill(DEMO_PLAYER.email)
  await dialog.getByLabel('Password').fill('not the password')
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Login failed. Please try again.' }),
  ).toBeVisible()
  await expect(dialog).toBeVisible()
})

/** The operator's API session and the demo player's id, made once for this file. */
let sender:
  Promise<{ operator: Awaited<ReturnType<typeof apiSession>>; playerId: string }> | undefined

async function signInSender(baseURL: string | undefined) {
  const operator = await seededOperatorSession(baseURL, test.info().retry)
  const player = await apiSession(
    await playwrightRequest.newContext({ baseURL }),
    '/login?json=1',
    {
      email: DEMO_PLAYER.email,
      password: DEMO_PLAYER.password,
    },
  )
  return { operator, playerId: player.player?.id ?? '' }
}

/** The operator sends the demo player a notification, as the operator's API does. */
async function sendNotification(baseURL: string | undefined, text: string) {
  sender ??= signInSender(baseURL)
  const { operator, playerId } = await sender
  const sent = await operator.post('/admin/api/notifications', {
    playerId,
    text,
    url: '/en/complaints/',
    btnText: 'Play now',
    duration: 10,
  })
  expect(sent.status()).toBe(201)
}

const notificationItem = (page: Page, text: string) =>
  page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button', { name: new RegExp(text) })

test('a notification sent by the server appears as a toast and in the menu without a reload', async ({
  page,
  context,
  baseURL,
}) => {
  const errors = watchConsole(page)
  const connected = socketConnected(page)
  await signInAsDemoPlayer(context, baseURL)
  await page.goto('/en/')
  // The toast comes over the socket, which a signed-in page opens.
  await connected
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })

  const text = `Your withdrawal is on its way ${String(Date.now())}`
  await sendNotification(baseURL, text)

  const toast = page.getByTestId('toast').filter({ hasText: text })
  await expect(toast).toBeVisible()
  await expect(page.getByTestId('new-indicator')).toBeVisible()
  await page.getByTestId('notification-menu').getByRole('button').first().click()
  // Opening the menu clears the new flag.
  await expect(page.getByTestId('new-indicator')).toBeHidden()
  const item = notificationItem(page, text)
  await expect(item).toBeVisible()
  await item.click()
  await expect(page).toHaveURL(/\/en\/complaints\/$/)
  expect(documents).toEqual([])
  expect(errors).toEqual([])
})

test('a notification sent while the socket was still connecting shows as new once it connects', async ({
  page,
  context,
  baseURL,
}) => {
  const errors = watchConsole(page)
  // The page's socket waits at the door until the notification has been sent.
  let openTheDoor = () => {}
  const door = new Promise<void>((resolve) => {
    openTheDoor = resolve
  })
  let knocked = () => {}
  const hasKnocked = new Promise<void>((resolve) => {
    knocked = resolve
  })
  await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
    knocked()
    await door
    socket.connectToServer()
  })
  const listed = page.waitForResponse((response) =>
    response.url().endsWith('/player/unread-notifications'),
  )
  await signInAsDemoPlayer(context, baseURL)
  await page.goto('/en/')
  await listed
  await hasKnocked

  const text = `Your cashback has landed ${String(Date.now())}`
  await sendNotification(baseURL, text)
  openTheDoor()

  await expect(page.getByTestId('new-indicator')).toBeVisible()
  await page.getByTestId('notification-menu').getByRole('button').first().click()
  await expect(notificationItem(page, text)).toBeVisible()
  expect(errors).toEqual([])
})

test('the theme choice survives a reload and is applied before the first paint', async ({
  page,
}) => {
  await gotoInteractive(page, '/en/')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await acceptCookies(page)
  await page.getByRole('contentinfo').locator('label', { hasText: 'Light' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  // Record every theme change from the very start of the next load, and whether <body> existed.
  await page.addInitScript(() => {
    const seen: { theme: string | undefined; hasBody: boolean }[] = []
    ;(window as unknown as { themeLog: typeof seen }).themeLog = seen
    new MutationObserver(() => {
      seen.push({
        theme: document.documentElement.dataset.theme,
        hasBody: (document.body as HTMLElement | null) !== null,
      })
      // The script runs before <html> exists: watch the whole document for it.
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-theme'] })
  })
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  const log = await page.evaluate(
    () => (window as unknown as { themeLog: { theme: string; hasBody: boolean }[] }).themeLog,
  )
  // The first change to light happened while the head was parsed: no dark frame was painted.
  expect(log[0]).toEqual({ theme: 'light', hasBody: false })
  expect(log.every((entry) => entry.theme === 'light')).toBe(true)
})

test('the cookie banner stays away once accepted', async ({ page, context }) => {
  await page.goto('/en/')
  const banner = page.getByTestId('cookie-banner')
  await expect(banner).toBeVisible()
  await expect(banner.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute(
    'href',
    '/privacy-policy/',
  )
  await acceptCookies(page)
  await expect(banner).toBeHidden()
  const cookie = (await context.cookies()).find((entry) => entry.name === 'aurum_cookies_accepted')
  // The cookie is written to expire in 2038 (unit-tested); Chromium caps any expiry at 400 days.
  expect((cookie?.expires ?? 0) * 1000).toBeGreaterThan(Date.now() + 300 * 86_400_000)
  expect(cookie?.path).toBe('/')
  await page.reload()
  await page.goto('/de/lobby/c/All/')
  await page.waitForLoadState('networkidle')
  await expect(banner).toBeHidden()
})

test('the side menu folds to icons and stays folded on the next page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await gotoInteractive(page, '/en/')
  const aside = page.getByRole('complementary', { name: 'Casino menu' })
  await page.getByTestId('side-menu-toggle').click()
  await expect(aside).toHaveAttribute('data-collapsed', 'true')
  await page.getByRole('link', { name: 'Lobby' }).first().click()
  await expect(page).toHaveURL(/\/en\/lobby\/c\/All\/$/)
  await page.reload()
  await expect(aside).toHaveAttribute('data-collapsed', 'true')
})

test('the phone menu opens, locks the page scroll and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await gotoInteractive(page, '/en/')
  await page.getByTestId('mobile-menu-button').click()
  const menu = page.getByTestId('mobile-menu')
  await expect(menu).toBeVisible()
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
  await menu.getByRole('link', { name: 'Lobby' }).click()
  await expect(page).toHaveURL(/\/en\/lobby\/c\/All\/$/)
  await expect(menu).toBeHidden()
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
})

test.describe('accessibility (axe, WCAG 2.2 AA) in both themes', () => {
  // Each test loads five to ten pages and runs axe on each: 28–31 s on a slow CI machine
  // (2026-11-25), against the default limit of 30 s.
  test.describe.configure({ timeout: 90_000 })
  for (const theme of ['dark', 'light'] as const) {
    // Each theme in its own group, so its hook sets only its own theme.
    test.describe(theme, () => {
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('aurum:theme', value), theme)
      })

      test(`${theme}: home and lobby`, async ({ page }) => {
        await page.goto('/en/')
        await acceptCookies(page)
        await expectAccessible(page, 'home')
        await page.goto('/en/lobby/c/All/')
        await expectAccessible(page, 'lobby')
      })

      test(`${theme}: every dialog`, async ({ page }) => {
        await page.goto('/en/')
        await acceptCookies(page)
        for (const dialog of DIALOGS) {
          await page.goto(`/en/?q=${dialog.address}`)
          await expect(page.getByRole('dialog', { name: dialog.name })).toBeVisible()
          await expectAccessible(page, dialog.address)
        }
      })

      test(`${theme}: the cabinet and the notification menu`, async ({
        page,
        context,
        baseURL,
      }) => {
        await signInAsDemoPlayer(context, baseURL)
        await page.goto('/en/')
        await acceptCookies(page)
        for (const path of [
          'account/',
          'account/notifications/',
          'account/profile/',
          'account/profile/security/',
          'account/profile/verification/',
        ]) {
          await page.goto(`/en/${path}`)
          await page.waitForLoadState('networkidle')
          await expectAccessible(page, path)
        }
        await page.getByTestId('notification-menu').getByRole('button').first().click()
        await expectAccessible(page, 'notification menu')
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      })
    })
  }
})

test('screenshots of home, lobby and cabinet at phone, tablet and desktop widths', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/en/')
  await acceptCookies(page)
  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 900 : 1000 })
    for (const [name, path] of [
      ['home', '/en/'],
      ['lobby', '/en/lobby/c/All/'],
      ['arabic-home', '/ar-en/'],
    ] as const) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `test-results/screenshots/${name}-${String(width)}.png` })
    }
  }
  await signInAsDemoPlayer(context, baseURL)
  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 900 : 1000 })
    await page.goto('/en/account/notifications/')
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `test-results/screenshots/cabinet-${String(width)}.png` })
  }
})
