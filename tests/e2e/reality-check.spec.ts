import { expect, test, type Page } from '@playwright/test'
import {
  acceptCookies,
  depositByCard,
  expectAccessible,
  openGame,
  registerPlayer,
  watchConsole,
} from './support.ts'

// The reality check in a game (issue 26): a player who chose a 15-minute check is interrupted in
// Dice when it comes due, reads time played and the net result, cannot wave it away, and plays on
// after Continue; in a studio game the dialog covers the frame. The page's clock is Playwright's,
// moved past the due time: the server refuses bets only when its own clock says the check is due
// (that refusal is tested through the API), so here the dialog's own timer opens it. The page's
// clock then stays ahead of the server's, as a player's may: the timer goes by the server's.

const SHOTS = 'test-results/screenshots'
const API = { 'X-Requested-With': 'XMLHttpRequest' }
const PHONE = { width: 375, height: 740 }

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

/** A protection call in the signed-in page's session, as the Safer play tab makes it. */
async function protectionCall(page: Page, method: 'put' | 'post', path: string, data: unknown) {
  const csrf = (await (await page.request.get('/csrf/get-new', { headers: API })).json()) as Record<
    string,
    string
  >
  const answer = await page.request[method](`/player/protection${path}`, {
    headers: { ...API, 'X-CSRF-Token': csrf['_csrf-frontend'] ?? '' },
    data,
  })
  expect(answer.status()).toBe(200)
}

const chooseRealityCheck = (page: Page, minutes: number) =>
  protectionCall(page, 'put', '/reality-check', { minutes })

/** Past the 15-minute check on the page's clock only. */
const passDueTime = (page: Page) => page.clock.fastForward('16:00')

/**
 * Opens a game page once that page has read the check's due time: the clock may move only after,
 * or the due time would be counted from the moved clock (a slow machine answers late). Only the
 * new page's read counts: the previous page may still be reading after its Continue.
 */
async function openReadingCheck(
  page: Page,
  path: string,
  open: (page: Page, path: string) => Promise<unknown>,
) {
  const read = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/player/protection' &&
      response.request().method() === 'GET' &&
      new URL(response.request().frame().url()).pathname === path,
  )
  await open(page, path)
  await read
}

test('a reality check interrupts Dice, needs an answer, and Continue plays on; in a studio game it covers the frame', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  const errors = watchConsole(page)
  await page.clock.install()
  await registerPlayer(page)
  await depositByCard(page, '2000')
  await chooseRealityCheck(page, 15)

  await openReadingCheck(page, '/en/game/dice/', openGame)
  const roll = page.getByTestId('dice-roll')
  await roll.click()
  await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1)

  await passDueTime(page)
  const dialog = page.getByRole('alertdialog', { name: 'Reality check' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('reality-check-played')).toContainText(
    /You have been playing for \d+ (second|minute)s? since you signed in\./,
  )
  // One bet of €1.00 (Dice's default stake) staked; the net is what it paid back minus that.
  await expect(dialog.getByText('€1.00', { exact: true })).toBeVisible()
  await expect(dialog.getByTestId('reality-check-net')).toHaveText(
    /^You are (€\d+\.\d\d (up|down)|even: no money won or lost)$/,
  )
  await expect(roll).toBeDisabled()

  // An answer is needed: Escape does nothing, and there is no close button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: 'See my history' })).toHaveAttribute(
    'href',
    '/en/account/game-history/',
  )
  await expectAccessible(page, 'reality check en', '[role="alertdialog"]')
  await page.screenshot({ path: `${SHOTS}/reality-check-en-375.png` })

  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toBeHidden()
  await roll.click()
  await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(2)

  // The page's clock now runs 16 minutes ahead of the server's: the next check (15 minutes from
  // Continue on the server's clock) is still 15 minutes away on the page's.
  await openReadingCheck(page, '/en/game/starlight-spins/', (page, path) => page.goto(path))
  const frame = page.frameLocator('[data-testid="provider-frame"]')
  await expect(frame.getByTestId('studio-spin')).toBeEnabled()
  await passDueTime(page)
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('provider-frame-cover')).toBeVisible()
  await expect(page.getByTestId('provider-stage')).toHaveAttribute('inert', '')
  // Whatever is under the middle of the game is not the game.
  const box = await page.getByTestId('provider-frame').boundingBox()
  const topmost = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.tagName ?? null,
    { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
  )
  expect(topmost).not.toBe('IFRAME')
  await page.screenshot({ path: `${SHOTS}/reality-check-studio-en-375.png` })
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByTestId('provider-frame-cover')).toBeHidden()
  await expect(frame.getByTestId('studio-spin')).toBeEnabled()
  expect(errors).toEqual([])
})

test('the reality check reads in German and in Arabic, right to left, on a phone', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  const errors = watchConsole(page)
  await page.clock.install()
  await registerPlayer(page, { locale: 'de' })
  await depositByCard(page, '2000')
  await chooseRealityCheck(page, 15)

  const locales = [
    { prefix: 'de', title: 'Realitätscheck', continue: 'Weiterspielen', dir: 'ltr' },
    { prefix: 'ar-en', title: 'تذكير بالواقع', continue: 'متابعة اللعب', dir: 'rtl' },
  ]
  for (const locale of locales) {
    await openReadingCheck(page, `/${locale.prefix}/game/dice/`, openGame)
    await passDueTime(page)
    const dialog = page.getByRole('alertdialog', { name: locale.title })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('reality-check-net')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale.dir)
    await expectAccessible(page, `reality check ${locale.prefix}`, '[role="alertdialog"]')
    await page.screenshot({ path: `${SHOTS}/reality-check-${locale.prefix}-375.png` })
    // Fits the narrowest phone too: nothing wider than the screen, nothing cut off sideways.
    await page.setViewportSize({ width: 320, height: 640 })
    const fit = await dialog.evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      overflows: [element, ...element.querySelectorAll('*')].some(
        (child) => child.scrollWidth > child.clientWidth + 1 && child.clientWidth > 0,
      ),
    }))
    expect(fit).toEqual({ width: 320, overflows: false })
    await page.setViewportSize(PHONE)
    await dialog.getByRole('button', { name: locale.continue }).click()
    await expect(dialog).toBeHidden()
  }
  expect(errors).toEqual([])
})

test('during a time-out a studio game does not open: the refusal says when the break ends and links to the limits and breaks', async ({
  page,
}) => {
  const errors = watchConsole(page)
  const { password } = await registerPlayer(page)
  await depositByCard(page, '2000')
  await protectionCall(page, 'post', '/break', { kind: 'time_out', period: '24h', password })
  await page.goto('/en/game/starlight-spins/')
  const refusal = page.getByTestId('provider-launch-error')
  await expect(refusal).toContainText(
    /You are taking a break from play\. It ends in (1 day|24 hours)/,
  )
  await expect(refusal.getByRole('link', { name: 'See your limits and breaks' })).toHaveAttribute(
    'href',
    '/en/account/limits/',
  )
  await expect(page.getByTestId('provider-frame')).toHaveCount(0)
  // The browser reports the refused launch (409) as a failed load: that is the refusal itself.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([])
})
