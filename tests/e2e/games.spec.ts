import { expect, test, type Page } from '@playwright/test'
import {
  acceptCookies,
  expectAccessible,
  openGame,
  registerPlayer,
  typeCardAndPay,
  watchConsole,
} from './support.ts'

const SHOTS = 'test-results/screenshots'
const balance = (page: Page) => page.getByTestId('balance-amount')

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

/** A card deposit through the header's dialog, as wallet.spec.ts does for a fresh player. */
async function depositByCard(page: Page, amount: string) {
  await page.getByTestId('open-deposit').click()
  const dialog = page.getByRole('dialog', { name: 'Deposit' })
  await expect(dialog.getByTestId('payment-methods')).toBeVisible()
  await dialog.locator('button:has(img[src="/payments/card.svg"])').click()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await dialog.getByTestId('deposit-next').click()
  await typeCardAndPay(dialog, '4242 4242 4242 4242', 'Robin Wallet')
  await expect(dialog.getByTestId('deposit-success')).toBeVisible()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
}

test('browse the lobby, filter, play Dice in demo, sign up, deposit and play Dice for real', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const errors = watchConsole(page)

  // The lobby: every game, then one category.
  await page.goto('/en/lobby/c/All/')
  const grid = page.getByTestId('game-grid')
  await expect(grid.getByTestId('game-tile').first()).toBeVisible()
  await expect(page.getByText(/of \d+ games/)).toBeVisible()
  await expectAccessible(page, 'lobby')
  await page
    .getByRole('navigation', { name: 'Game categories' })
    .getByRole('link', { name: 'Originals' })
    .click()
  await expect(page).toHaveURL(/\/en\/lobby\/c\/Originals\/$/)
  await expect(grid.getByTestId('game-tile')).toHaveCount(4)
  await page.getByRole('searchbox', { name: 'Search games' }).fill('zzzz')
  await page.getByRole('searchbox', { name: 'Search games' }).press('Enter')
  await expect(page.getByText('No games found')).toBeVisible()
  await page.goto('/en/lobby/c/Originals/')

  // Dice in demo: play money, rolled in the browser.
  await grid.getByRole('link', { name: /^Dice/ }).click()
  await expect(page).toHaveURL(/\/en\/game\/dice\/$/)
  await expect(page.getByTestId('demo-banner')).toBeVisible()
  const demoBalance = page.getByTestId('demo-balance')
  await expect(demoBalance).toHaveText('Play money: €1,000.00')
  await page.getByRole('button', { name: 'Roll' }).click()
  await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1)
  await expect(demoBalance).not.toHaveText('Play money: €1,000.00')
  await page.getByRole('button', { name: 'Rules' }).click()
  await expect(page.getByTestId('game-rtp')).toHaveText('99.00%')
  await expectAccessible(page, 'dice demo')

  // A fresh player signs up and deposits €20 by card.
  await registerPlayer(page)
  await page.goto('/en/')
  await expect(balance(page)).toHaveText('€0.00')
  await depositByCard(page, '20')
  await expect(balance(page)).toHaveText('€20.00')

  // Dice for real: the header balance moves with the bet.
  await openGame(page, '/en/game/dice/')
  await expect(page.getByTestId('demo-banner')).toHaveCount(0)
  await expect(page.getByTestId('server-seed-hash')).toHaveCount(1)
  await page.getByRole('button', { name: 'Roll' }).click()
  await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1)
  await expect(balance(page)).not.toHaveText('€20.00')
  await page.getByRole('button', { name: 'Roll' }).click()
  await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(2)

  // Changing seeds reveals the server seed the two bets used, and sets the player's client seed.
  const hashBefore = await page.getByTestId('server-seed-hash').textContent()
  await page.getByText('Provably fair').click()
  await page.getByLabel('Client seed').fill('my-lucky-seed')
  await page.getByRole('button', { name: 'Change seeds' }).click()
  await expect(page.getByTestId('revealed-seed')).toBeVisible()
  await expect(page.getByTestId('server-seed-hash')).not.toHaveText(hashBefore ?? '')
  await expect(page.getByLabel('Client seed')).toHaveValue('my-lucky-seed')

  // Opened games are recently played; the bets are in the cabinet with their proofs.
  await page.goto('/en/lobby/c/All/')
  await expect(
    page.getByTestId('recently-played').getByRole('link', { name: /^Dice/ }),
  ).toBeVisible()
  await page.goto('/en/account/game-history/')
  await expect(page.getByTestId('bet-proof')).toHaveCount(2)
  await expect(page.getByTestId('bet-proof').first()).toHaveAttribute(
    'href',
    /\/en\/verify\/\?bet=/,
  )
  expect(errors).toEqual([])
})

test('an anonymous visitor opening a game without ?mode=demo plays demo; a signed-in player with an empty wallet is offered a deposit', async ({
  page,
}) => {
  await page.goto('/en/game/mines/')
  await expect(page.getByTestId('demo-banner')).toBeVisible()
  // Demo Dice keeps its seeds in the browser; changing them reveals the local server seed.
  await openGame(page, '/en/game/dice/')
  await expect(page.getByTestId('server-seed-hash')).toHaveCount(1)
  await page.getByText('Provably fair').click()
  await page.getByLabel('Client seed').fill('bad seed with spaces')
  await page.getByRole('button', { name: 'Change seeds' }).click()
  await expect(page.getByRole('alert')).toContainText('without spaces')
  await page.getByLabel('Client seed').fill('demo-seed')
  await page.getByRole('button', { name: 'Change seeds' }).click()
  await expect(page.getByTestId('revealed-seed')).toBeVisible()
  // The line moves by keyboard: arrows by 1.00, Shift+arrows by 0.01; the side flips the chance.
  await page.getByTestId('dice-slider').focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Shift+ArrowLeft')
  await expect(page.getByText('Roll under 50.99 to win')).toBeVisible()
  await expect(page.getByTestId('dice-chance')).toHaveText('50.99%')
  await page.getByRole('button', { name: 'Over' }).click()
  await expect(page.getByText('Roll over 49.00 to win')).toBeVisible()
  await expect(page.getByTestId('dice-chance')).toHaveText('50.99%')
  // A stake with too many decimals is refused before anything is rolled.
  await page.getByLabel('Stake (EUR)').fill('1.234')
  await page.getByTestId('dice-roll').click()
  await expect(page.getByTestId('dice-error')).toBeVisible()
  await expect(page.getByTestId('dice-history')).toHaveCount(0)
  await registerPlayer(page)
  await page.goto('/en/game/dice/')
  await expect(page.getByTestId('no-money')).toBeVisible()
  await page.getByRole('link', { name: 'Play demo' }).last().click()
  await expect(page).toHaveURL(/mode=demo/)
  await expect(page.getByTestId('dice-game')).toBeVisible()
})

test('screenshots of the lobby and Dice at 375 and 1440 px, in English and Arabic', async ({
  page,
}) => {
  test.setTimeout(90_000)
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    for (const locale of ['en', 'ar-en']) {
      await page.goto(`/${locale}/lobby/c/All/`)
      await expect(page.getByTestId('game-tile').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${SHOTS}/games-lobby-${locale}-${String(width)}.png` })
      // Once the game is hydrated: while the page swaps the server's markup for the client's,
      // two Roll buttons exist for a moment (one disabled); wait for the one that stays.
      await openGame(page, `/${locale}/game/dice/`)
      await expect(page.getByTestId('dice-roll')).toHaveCount(1)
      await page.getByTestId('dice-roll').click()
      await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(1)
      await page.screenshot({
        path: `${SHOTS}/games-dice-${locale}-${String(width)}.png`,
        fullPage: true,
      })
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${locale} at ${String(width)} px scrolls sideways`).toBeLessThanOrEqual(0)
    }
  }
})
