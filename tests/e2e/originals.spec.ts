import { expect, test, type Page } from '@playwright/test'
import {
  acceptCookies,
  depositByCard,
  expectAccessible,
  gotoInteractive,
  openGame,
  registerPlayer,
  watchConsole,
} from './support.ts'

const SHOTS = 'test-results/screenshots'

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

async function shoot(page: Page, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 1000 })
    // The page laid out and painted again at the new width.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await page.screenshot({
      path: `${SHOTS}/originals-${name}-${String(width)}.png`,
      fullPage: true,
    })
  }
  await page.setViewportSize({ width: 1440, height: 1000 })
}

/** Demo play: outcomes come from the browser; not one call reaches the Originals' API. */
function watchDemo(page: Page) {
  const errors = watchConsole(page)
  const gameCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/games/originals/')) gameCalls.push(request.url())
  })
  return () => {
    expect(gameCalls).toEqual([])
    expect(errors).toEqual([])
  }
}

test('Mines in demo: a keyboard reveal, a cash-out or a bust, and every mine shown after', async ({
  page,
}) => {
  const done = watchDemo(page)
  await page.setViewportSize({ width: 1440, height: 1000 })
  await openGame(page, '/en/game/mines/?mode=demo')
  const mines = page.getByTestId('mines-game')
  await expect(mines).toBeVisible()
  await expect(mines).toHaveAttribute('data-mode', 'demo')
  await mines.getByRole('button', { name: '1', exact: true }).click()
  await expect(mines.getByRole('button', { name: '1', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await mines.getByRole('button', { name: 'Start round' }).click()
  await expect(mines.getByTestId('game-message')).toContainText('Pick tiles')
  // Keyboard: the first tile has focus in the grid; the arrow moves, Enter opens.
  await mines.locator('[data-tile="0"]').focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  const opened = mines.locator('[data-state="gem"], [data-state="mine"]')
  await expect(opened.first()).toBeVisible()
  if ((await mines.locator('[data-state="mine"]').count()) === 0) {
    await expect(mines.getByTestId('mines-multiplier')).toHaveText('1.03×')
    await mines.getByRole('button', { name: /^Cash out/ }).click()
    await expect(mines.getByTestId('game-message')).toContainText('Cashed out')
  } else {
    await expect(mines.getByTestId('game-message')).toContainText('Boom')
  }
  // Once over, every mine shows.
  await expect(mines.locator('[data-state="mine"]')).toHaveCount(1)
  await expectAccessible(page, 'mines', '[data-testid="mines-game"]')
  await shoot(page, 'mines-demo')

  done()
})

test('Dice on a phone: the result and the button in the first screen; a push is not a win', async ({
  page,
}) => {
  const done = watchDemo(page)
  await page.setViewportSize({ width: 375, height: 667 })
  await openGame(page, '/en/game/dice/?mode=demo')
  const roll = page.getByTestId('dice-roll')
  const result = page.getByTestId('dice-result-phone')
  await expect(roll).toBeInViewport({ ratio: 1 })
  await expect(result).toBeInViewport({ ratio: 1 })

  // €0.10 at a 98 % chance: a hit pays 1.0102×, rounded down to the stake itself.
  await page.getByTestId('stake-input').fill('0.10')
  await page.getByTestId('dice-slider').press('End')
  await expect(page.getByTestId('dice-chance')).toHaveText('98.00%')
  await page.evaluate(() => window.scrollTo(0, 0))
  for (let tries = 0; tries < 5; tries++) {
    await roll.click()
    await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(tries + 1)
    if ((await result.textContent())?.includes('Stake returned')) break
  }
  await expect(result).toContainText('Stake returned: €0.10')
  await expect(result).not.toContainText(/win/i)
  await expect(result.locator('.text-success')).toHaveCount(0)
  await expect(roll).toBeInViewport({ ratio: 1 })
  done()
})

test('Roulette in demo: chips on red and 17, the wheel stops on a pocket', async ({ page }) => {
  const done = watchDemo(page)
  await page.setViewportSize({ width: 1440, height: 1000 })
  await openGame(page, '/en/game/european-roulette/?mode=demo')
  const roulette = page.getByTestId('roulette-game')
  await expect(roulette).toBeVisible()
  await roulette.locator('[data-spot="red"]').click()
  await expect(roulette.getByTestId('roulette-total')).toHaveText('€1.00')
  await roulette.locator('[data-spot="straight:17"]:visible').click()
  await expect(roulette.getByTestId('roulette-total')).toHaveText('€2.00')
  await roulette.getByTestId('roulette-spin').click()
  await expect(roulette.getByTestId('roulette-pocket')).toBeVisible()
  await expect(roulette.getByTestId('game-message')).toContainText('The ball landed on')
  await expectAccessible(page, 'roulette', '[data-testid="roulette-game"]')
  await shoot(page, 'roulette-demo')

  done()
})

test('Slots in demo: the paytable, and a spin cycle of at least 2.5 s', async ({ page }) => {
  const done = watchDemo(page)
  await page.setViewportSize({ width: 1440, height: 1000 })
  await openGame(page, '/en/game/aurum-slots/?mode=demo')
  const slots = page.getByTestId('slots-game')
  await expect(slots).toBeVisible()
  await slots.getByRole('button', { name: 'Paytable' }).click()
  await expect(slots.getByTestId('slots-paytable')).toBeVisible()
  await shoot(page, 'slots-paytable')
  await page.keyboard.press('Escape')
  await expect(slots.getByTestId('slots-paytable')).toBeHidden()
  const started = Date.now()
  await slots.getByTestId('slots-spin').click()
  await expect(slots.getByTestId('slots-spin')).toBeDisabled()
  await expect(slots.getByTestId('slots-spin')).toBeEnabled()
  // No spin cycle is shorter than 2.5 s.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_500)
  // Whatever the reels show, the sentence follows the win/push/loss rule.
  await expect(slots.getByTestId('game-message')).toHaveText(
    /^(You win .+ more than your stake\)!|Stake returned: .+|You got back .+ of your .+ stake\.|No win this time\.)$/,
  )
  await expectAccessible(page, 'slots', '[data-testid="slots-game"]')
  await shoot(page, 'slots-demo')

  done()
})

test('a funded player spins Slots for real, reveals the seed and sees the bet verified', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1440, height: 1000 })
  await registerPlayer(page)
  await depositByCard(page, '5000')

  await openGame(page, '/en/game/aurum-slots/')
  const slots = page.getByTestId('slots-game')
  await expect(slots).toHaveAttribute('data-mode', 'real')
  await expect(slots.getByTestId('game-balance')).toHaveText('€50.00')
  const spin = page.waitForResponse((response) =>
    response.url().endsWith('/games/originals/slots/spin'),
  )
  await slots.getByTestId('slots-spin').click()
  const answer = (await (await spin).json()) as { data: { bet: { id: string; win: string } } }
  await expect(slots.getByTestId('slots-spin')).toBeEnabled()
  const expected = 5000 - 100 + Number(answer.data.bet.win)
  await expect(slots.getByTestId('game-balance')).toHaveText(`€${(expected / 100).toFixed(2)}`)
  await shoot(page, 'slots-real')

  await gotoInteractive(page, `/en/verify/?bet=${answer.data.bet.id}`)
  const result = page.getByTestId('verify-result')
  await expect(result).toHaveAttribute('data-verdict', 'pending')
  await page.getByTestId('verify-rotate').click()
  await expect(result).toHaveAttribute('data-verdict', 'verified')
  await expect(result).toContainText('Verified')
  const recorded = await page
    .getByTestId('verify-recorded')
    .locator('[data-window]')
    .getAttribute('data-window')
  expect(recorded).toMatch(/^(\w+,\w+,\w+\|){4}\w+,\w+,\w+$/)
  await expect(page.getByTestId('verify-computed').locator('[data-window]')).toHaveAttribute(
    'data-window',
    recorded ?? 'none',
  )
  await expectAccessible(page, 'verify page', 'main')
  await shoot(page, 'verify')
  expect(errors).toEqual([])
})

test('Mines for real: a round in play comes back after a reload and ends by cash-out or mine', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1440, height: 1000 })
  await registerPlayer(page)
  await depositByCard(page, '2000')
  await openGame(page, '/en/game/mines/')
  const mines = page.getByTestId('mines-game')
  await expect(mines).toHaveAttribute('data-mode', 'real')
  await mines.getByRole('button', { name: 'Start round' }).click()
  await expect(mines.getByTestId('game-message')).toContainText('Pick tiles')
  await page.reload()
  await expect(page.getByTestId('mines-game').getByTestId('game-message')).toContainText(
    'Your round in play is back',
  )
  await page.getByTestId('mines-game').locator('[data-tile="12"]').click()
  await expect(
    page.getByTestId('mines-game').locator('[data-state="gem"], [data-state="mine"]').first(),
  ).toBeVisible()
  const cashOut = page.getByTestId('mines-game').getByRole('button', { name: /^Cash out/ })
  if (await cashOut.isVisible()) await cashOut.click()
  await expect(
    page.getByTestId('mines-game').getByRole('button', { name: 'Start round' }),
  ).toBeVisible()
  await shoot(page, 'mines-real')

  expect(errors).toEqual([])
})
