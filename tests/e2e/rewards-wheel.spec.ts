import { expect, test, type Page } from '@playwright/test'
import {
  acceptCookies,
  depositByCard,
  expectAccessible,
  gotoInteractive,
  openGame,
  registerPlayer,
  signInAsDemoPlayer,
  socketConnected,
  watchConsole,
} from './support.ts'

/**
 * Issue 24's wheel and lootboxes: a new player plays Dice for real money and watches the wheel
 * fill in another tab without reloading, spins and sees the prize, opens the lootbox that level 2
 * gives, and verifies the spin on the verify page after revealing the seed; then both pages for visitors and players at 375 and 1280 px in English,
 * German and right-to-left Arabic, axe-checked, with screenshots in `test-results/screenshots/`.
 */
const SHOTS = 'test-results/screenshots'

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await page.screenshot({ path: `${SHOTS}/rewards-${name}-${String(width)}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

test('a new player stakes 100 EUR on Dice: the wheel fills live, a spin is spun, the level’s lootbox opens', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  // A player of their own: the demo player's money and bonuses are other journeys' baseline.
  await registerPlayer(page)
  await depositByCard(page, '15000')
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const socket = socketConnected(page)
  await gotoInteractive(page, '/en/wheel/')
  await socket
  await expect(page.getByTestId('wheel-odds').locator('tbody tr').first()).toBeVisible()
  await expect(page.getByTestId('fairness-line')).toContainText('Server seed hash')
  const spins = page.getByTestId('wheel-spins')
  await expect(spins).toHaveAttribute('data-spins', '0')

  // Real money on Dice in a second tab: 100 EUR is five spins (one per 20 EUR), which reach this
  // tab by the socket, without a reload.
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  const dice = await context.newPage()
  await openGame(dice, '/en/game/dice/')
  await dice.getByTestId('stake-input').fill('100')
  const bet = dice.waitForResponse((response) =>
    response.url().endsWith('/games/originals/dice/bet'),
  )
  await dice.getByTestId('dice-roll').click()
  expect((await bet).status()).toBe(200)
  await dice.close()
  await expect(spins).toHaveAttribute('data-spins', '5', { timeout: 20_000 })
  expect(documents, 'the wheel tab never reloaded').toEqual([])

  // A spin lands and the prize shows with where it waits.
  const spin = page.getByTestId('wheel-spin')
  await expect(spin).toBeEnabled()
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/en/fortune-wheel/spin'),
  )
  await spin.click()
  const spun = (await (await answer).json()) as {
    data: { draw_id: string; bonus: { label: string } }
  }
  const dialog = page.getByTestId('prize-dialog')
  await expect(dialog).toBeVisible({ timeout: 10_000 })
  await expect(dialog.getByTestId('prize-label')).toHaveText(spun.data.bonus.label)
  await expect(dialog.getByTestId('prize-verify')).toHaveAttribute(
    'href',
    `/en/verify/?draw=${spun.data.draw_id}`,
  )
  await expectAccessible(page, 'wheel prize dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('verify-link')).toBeVisible()

  // 100 points reach level 2, whose bronze lootbox arrives; it opens and shows its prize, then
  // sits in the history.
  const box = page.locator('[data-testid^="lootbox-"][data-status="active"]').first()
  await expect(async () => {
    await gotoInteractive(page, '/en/lootboxes/')
    await expect(box).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(box.getByRole('heading')).toContainText(/bronze/i)
  await box.getByTestId('lootbox-open').click()
  const reveal = page.getByTestId('prize-dialog')
  await expect(reveal).toBeVisible({ timeout: 10_000 })
  const prize = (await reveal.getByTestId('prize-label').textContent()) ?? ''
  expect(prize.length).toBeGreaterThan(0)
  await expectAccessible(page, 'lootbox reveal')
  await page.keyboard.press('Escape')
  await expect(
    page.locator('[data-testid^="lootbox-"][data-status="opened"]').first(),
  ).toContainText(/\S/)

  // The spin on the verify page: secret until the seed pair rotates, then recomputed and matching.
  await gotoInteractive(page, `/en/verify/?draw=${spun.data.draw_id}`)
  const result = page.getByTestId('draw-check').getByTestId('verify-result')
  await expect(result).toHaveAttribute('data-verdict', 'pending')
  await page.getByTestId('draw-rotate').click()
  await expect(result).toHaveAttribute('data-verdict', 'verified')
  await expect(page.getByTestId('draw-computed')).toHaveText(spun.data.bonus.label)
  await expectAccessible(page, 'verify a draw', 'main')
  await shoot(page, 'verify-draw-en')
  expect(errors).toEqual([])
})

test('the wheel and lootboxes pages for a player in English, German and Arabic, at 375 and 1280 px', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await signInAsDemoPlayer(context, baseURL)
  const errors = watchConsole(page)
  for (const locale of ['en', 'de', 'ar-en']) {
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoInteractive(page, `/${locale}/wheel/`)
    await expect(page.getByTestId('wheel-page')).toBeVisible()
    await expectAccessible(page, `wheel ${locale}`, 'main')
    await shoot(page, `wheel-player-${locale}`)
    await gotoInteractive(page, `/${locale}/lootboxes/`)
    await expect(page.getByTestId('lootboxes-page')).toBeVisible()
    await expectAccessible(page, `lootboxes ${locale}`, 'main')
    await shoot(page, `lootboxes-player-${locale}`)
  }
  expect(errors).toEqual([])
})

test('a visitor sees the wheel, the odds and the catalogue with an invitation to sign in', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await gotoInteractive(page, '/en/wheel/')
  const wheel = page.getByTestId('wheel-page')
  await expect(wheel.getByTestId('engagement-sign-in')).toBeVisible()
  await expect(wheel.getByTestId('wheel-spin')).toHaveCount(0)
  await expect(wheel.getByTestId('wheel-odds')).toBeVisible()
  await expectAccessible(page, 'wheel visitor', 'main')
  await shoot(page, 'wheel-visitor-en')

  await gotoInteractive(page, '/en/lootboxes/')
  const lootboxes = page.getByTestId('lootboxes-page')
  await expect(lootboxes.getByTestId('engagement-sign-in')).toBeVisible()
  await expect(lootboxes.locator('[data-testid^="lootbox-kind-"]').first()).toBeVisible()
  await expectAccessible(page, 'lootboxes visitor', 'main')
  for (const locale of ['de', 'ar-en']) {
    await gotoInteractive(page, `/${locale}/wheel/`)
    await shoot(page, `wheel-visitor-${locale}`)
  }
  expect(errors).toEqual([])
})
