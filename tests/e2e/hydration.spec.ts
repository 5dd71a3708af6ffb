import { expect, test, type Page } from '@playwright/test'
import { registerPlayer } from './support.ts'

// React reports a server/client mismatch as a console error (#418 text, #419–#425 boundaries in
// the production build) and then re-renders the page on the client: nothing breaks visibly, so
// only the console tells. These journeys load every game screen cold, as a visitor and as a
// player, in a left-to-right and a right-to-left locale.

const GAMES = [
  'dice',
  'aurum-slots',
  'european-roulette',
  'mines',
  'crash',
  'live-roulette',
] as const
const LOCALES = ['en', 'ar-en'] as const
/** React's minified hydration errors and their development wording. */
const HYDRATION = /#41[89]|#42[0-5]|hydrat/i

function watchHydration(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION.test(message.text())) {
      errors.push(`${page.url()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => {
    if (HYDRATION.test(error.message)) errors.push(`${page.url()}: ${error.message}`)
  })
  return errors
}

/** A full load, then time for the lazy game chunk and the store's rehydration to land. */
async function loadCold(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await page.waitForLoadState('networkidle')
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'aurum_cookies_accepted', value: '1', url: baseURL ?? 'http://127.0.0.1:3210' },
  ])
})

test('a visitor loads each game screen in English and Arabic without a hydration error', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = watchHydration(page)
  for (const locale of LOCALES) {
    await loadCold(page, `/${locale}/lobby/c/All/`)
    for (const slug of GAMES) await loadCold(page, `/${locale}/game/${slug}/`)
  }
  expect(errors).toEqual([])
})

test('a signed-in player loads each game screen in English and Arabic without a hydration error', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = watchHydration(page)
  await registerPlayer(page, { currency: 'BTC' })
  for (const locale of LOCALES) {
    await loadCold(page, `/${locale}/lobby/c/All/`)
    for (const slug of GAMES) await loadCold(page, `/${locale}/game/${slug}/`)
  }
  expect(errors).toEqual([])
})

test('a slow translation catalogue holds hydration back instead of breaking it', async ({
  page,
}) => {
  const errors = watchHydration(page)
  // The code is cached from the first page; the Arabic catalogue then arrives well after it,
  // as on a slow first visit to another language.
  await loadCold(page, '/en/lobby/c/All/')
  // Only the first request: a page that reloads itself over the missing catalogue must not
  // hide the mismatch by finding it cached the second time.
  let isFirst = true
  await page.route('**/i18n/ar-en.*.js', async (route) => {
    if (isFirst) await new Promise((resolve) => setTimeout(resolve, 1_500))
    isFirst = false
    await route.continue()
  })
  await loadCold(page, '/ar-en/game/dice/?mode=demo')
  await page.getByTestId('dice-roll').click()
  await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1)
  expect(errors).toEqual([])
})

test('a game shows its controls as not ready until it hydrates, then takes a tap', async ({
  page,
}) => {
  const errors = watchHydration(page)
  // The page's code is held back: the player sees the server's HTML alone, as on a slow phone.
  let held = Promise.resolve()
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  for (const [slug, control] of [
    ['dice', 'dice-roll'],
    ['aurum-slots', 'slots-spin'],
  ] as const) {
    let release = () => {}
    held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.goto(`/en/game/${slug}/?mode=demo`, { waitUntil: 'commit' })
    await expect(page.getByTestId(control)).toBeDisabled()
    release()
    await expect(page.getByTestId(control)).toBeEnabled()
  }
  await page.getByTestId('slots-spin').click()
  // A demo spin's outcome is the browser's own draw: a win, a loss, the stake back or part of it.
  await expect(page.getByTestId('game-message')).toContainText(
    /You win|No win|Stake returned|You got back/,
  )
  expect(errors).toEqual([])
})
