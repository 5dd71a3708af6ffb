import { expect, test, type Page } from '@playwright/test'
import {
  acceptCookies,
  gotoInteractive,
  openGame,
  registerPlayer,
  watchConsole,
} from './support.ts'

const SHOTS = 'test-results/screenshots'
const API = { 'X-Requested-With': 'XMLHttpRequest' }

interface ListedGame {
  slug: string
  title: string
  kind: 'original' | 'live' | 'provider'
}

/** A title's screen shows its game: our own engine's screen, or the studio's page in its frame. */
async function expectGameShown(page: Page, game: ListedGame) {
  if (game.kind === 'provider') {
    const frame = page.getByTestId('provider-frame')
    await expect(frame, game.slug).toBeVisible()
    await expect(
      page.frameLocator('[data-testid="provider-frame"]').locator('body'),
      game.slug,
    ).not.toBeEmpty()
  } else {
    await page.locator('[data-testid$="-game"][data-interactive]').waitFor()
  }
  await expect(page.getByTestId('provider-launch-error')).toHaveCount(0)
  await expect(page.getByTestId('game-launch-error')).toHaveCount(0)
}

test('every title the catalogue lists opens its game, with no placeholder and no failed request', async ({
  page,
  request,
  baseURL,
}) => {
  // Seventy-odd titles, each a page and its game (a studio frame and its script).
  test.setTimeout(300_000)
  await acceptCookies(page.context(), baseURL)
  const errors = watchConsole(page)
  const failed: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${String(response.status())} ${response.url()}`)
  })
  const answer = await request.get('/games/catalogue?pageSize=100', { headers: API })
  const { games, total } = (
    (await answer.json()) as { data: { games: ListedGame[]; total: number } }
  ).data
  expect(games.length).toBe(total)
  expect(games.map((game) => game.kind)).toEqual(expect.arrayContaining(['original', 'live']))
  for (const game of games) {
    await page.goto(`/en/game/${game.slug}/`)
    await expect(page.getByRole('heading', { level: 1, name: game.title })).toBeVisible()
    await expectGameShown(page, game)
  }
  expect(failed).toEqual([])
  expect(errors).toEqual([])
})

test.describe('the header search', () => {
  const cases = [
    {
      locale: 'en',
      title: /Roulette/i,
      game: 'roulette',
      provider: 'demo studio',
      category: 'table games',
      page: { query: 'lobby', name: 'Lobby' },
    },
    {
      locale: 'de',
      title: /Roulette/i,
      game: 'Roulette',
      provider: 'Demo Studio',
      category: 'Tischspiele',
      page: { query: 'über', name: 'Über uns' },
    },
    {
      locale: 'ar-en',
      title: /Roulette/i,
      game: 'الروليت',
      provider: 'Demo Studio',
      category: 'ألعاب الطاولة',
      page: { query: 'من نحن', name: 'من نحن' },
    },
  ] as const

  for (const item of cases) {
    test(`${item.locale}: finds games by title, studio and translated category, and pages`, async ({
      page,
      baseURL,
    }) => {
      await acceptCookies(page.context(), baseURL)
      const errors = watchConsole(page)
      await gotoInteractive(page, `/${item.locale}/`)
      await page.getByTestId('open-search').click()
      const dialog = page.getByRole('dialog')
      const box = dialog.getByRole('searchbox')
      await expect(box).toBeFocused()
      // With no query: the most played games and the main sections.
      await expect(dialog.getByTestId('search-game').first()).toBeVisible()

      const found = dialog.getByTestId('search-game')
      await box.fill(item.game)
      await expect(found.filter({ hasText: 'European Roulette' })).toBeVisible()
      await expect(found.filter({ hasText: 'Live Roulette' })).toBeVisible()
      await expect(found.filter({ hasText: 'Dice' })).toHaveCount(0)

      await box.fill(item.provider)
      await expect(found.filter({ hasText: 'Neon Nights' })).toBeVisible()
      // Aurum Live's Crash, not the studio's crash titles (their line reads "… · Crash").
      await expect(found.filter({ hasText: /^Crash/ })).toHaveCount(0)

      await box.fill(item.category)
      await expect(found.filter({ hasText: 'European Roulette' })).toBeVisible()
      await expect(found.filter({ hasText: 'Neon Nights' })).toHaveCount(0)

      await box.fill(item.page.query)
      await expect(
        dialog.getByTestId('search-pages').getByRole('link', { name: item.page.name }),
      ).toBeVisible()

      await box.fill('zzzz')
      await expect(dialog.getByRole('status').filter({ hasText: 'zzzz' })).toBeVisible()

      // From the keyboard: the first game found opens its screen.
      await box.fill(item.game)
      await expect(found.first()).toBeVisible()
      await box.press('Tab')
      await expect(found.first()).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/${item.locale}/game/[a-z-]+/`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title)
      await expect(dialog).toBeHidden()
      expect(errors).toEqual([])
    })
  }

  test('says so when the games cannot be read, and reads them again', async ({ page, baseURL }) => {
    await acceptCookies(page.context(), baseURL)
    let refuse = true
    await page.route('**/games/catalogue?**', (route) =>
      refuse ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
    )
    await gotoInteractive(page, '/en/')
    await page.getByTestId('open-search').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByTestId('search-games-error')).toBeVisible()
    // Pages are still found.
    await dialog.getByRole('searchbox').fill('lobby')
    await expect(dialog.getByTestId('search-pages').getByRole('link').first()).toBeVisible()
    refuse = false
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await dialog.getByRole('searchbox').fill('mines')
    await expect(dialog.getByTestId('search-game').filter({ hasText: 'Mines' })).toBeVisible()
  })
})

test('the home page shows rows of games that open and play; a player sees their recent games', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await acceptCookies(page.context(), baseURL)
  const errors = watchConsole(page)
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height })
    await gotoInteractive(page, '/en/')
    for (const row of ['popular', 'new', 'live']) {
      await expect(
        page.getByTestId(`home-row-${row}`).getByTestId('game-tile').first(),
      ).toBeVisible()
    }
    await expect(page.getByTestId('home-row-recent')).toHaveCount(0)
    // No page scrolls sideways: the rows scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    await page.screenshot({ path: `${SHOTS}/home-rows-${String(width)}.png`, fullPage: true })
  }
  await expect(page.getByText('Thousands of spins')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Loyalty' }).and(page.locator('main a'))).toHaveCount(
    0,
  )

  // A live tile opens a live game that plays.
  await page.getByTestId('home-row-live').getByTestId('game-tile').first().click()
  await page.locator('[data-testid$="-game"][data-interactive]').waitFor()

  // A player's recently played row, newest first.
  await registerPlayer(page)
  await openGame(page, '/en/game/mines/?mode=demo')
  await gotoInteractive(page, '/en/')
  const recent = page.getByTestId('home-row-recent').getByTestId('game-tile')
  await expect(recent.first()).toContainText('Mines')
  await recent.first().click()
  // A new player's wallet is empty: the game offers a deposit or play money.
  await expect(page.getByTestId('no-money')).toBeVisible()
  await page.getByTestId('no-money').getByRole('link', { name: 'Play demo' }).click()
  await page.locator('[data-testid="mines-game"][data-interactive]').waitFor()
  expect(errors).toEqual([])
})
