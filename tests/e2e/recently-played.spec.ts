import { expect, test, type Page } from '@playwright/test'
import { acceptCookies, openGame, registerPlayer, watchConsole } from './support.ts'

const SHOTS = 'test-results/screenshots'

/** The desktop side menu (the phone's drawer holds a second copy). */
const sideMenu = (page: Page) => page.locator('aside').getByTestId('recently-played-menu')

test('the side menu lists the games a player opened, newest first, and Dice starts at a bitcoin-sized stake', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await acceptCookies(page.context(), baseURL)
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await registerPlayer(page, { currency: 'BTC' })

  await page.goto('/en/lobby/c/All/')
  await expect(sideMenu(page)).toContainText('Games you open will appear here.')

  // Dice in play money shows the wallet's currency: a stake inside the bitcoin range, not 1 BTC.
  await openGame(page, '/en/game/dice/?mode=demo')
  const stake = page.getByLabel('Stake (BTC)')
  await expect(stake).toHaveValue('0.00001')
  await page.getByRole('button', { name: 'Halve the stake' }).click()
  await expect(stake).toHaveValue('0.000005')
  await page.getByRole('button', { name: 'Double the stake' }).click()
  await page.getByRole('button', { name: 'Double the stake' }).click()
  await expect(stake).toHaveValue('0.00002')
  await page.getByTestId('dice-roll').click()
  await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1)
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `${SHOTS}/dice-btc-${String(width)}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1440, height: 900 })

  // Back in the lobby (a client navigation), Dice is first; then Mines, opened from the lobby.
  await page.getByRole('link', { name: 'Back to lobby' }).click()
  await expect(sideMenu(page).getByTestId('recently-played-menu-game').first()).toHaveText('Dice')
  await page.goto('/en/game/mines/?mode=demo')
  await page.getByRole('link', { name: 'Back to lobby' }).click()
  const games = sideMenu(page).getByTestId('recently-played-menu-game')
  await expect(games).toHaveText(['Mines', 'Dice'])
  await expect(games.first()).toHaveAttribute('href', '/en/game/mines/')
  await page.screenshot({ path: `${SHOTS}/side-menu-recent-1440.png` })

  // Collapsed, the thumbnails stay and the titles remain for screen readers.
  await page.getByTestId('side-menu-toggle').click()
  await expect(games.first()).toHaveAccessibleName('Mines')
  await page.screenshot({ path: `${SHOTS}/side-menu-recent-collapsed-1440.png` })
  await page.getByTestId('side-menu-toggle').click()

  // On a phone the drawer carries the same list.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByTestId('mobile-menu-button').click()
  const drawer = page.getByTestId('mobile-menu').getByTestId('recently-played-menu-game')
  await expect(drawer).toHaveText(['Mines', 'Dice'])
  await drawer.last().scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/side-menu-recent-390.png` })
  await drawer.first().click()
  await expect(page).toHaveURL(/\/en\/game\/mines\/$/)

  expect(errors).toEqual([])
})
