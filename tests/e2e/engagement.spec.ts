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
 * Issue 23's pages: a new player plays Dice and watches the daily `dice-warm-up` quest's bar move
 * in a second tab without reloading, finishes it, gets the toast and the coins; then the five
 * pages on a phone (German, right-to-left Arabic) and a desktop (English), for visitors and
 * players, with screenshots in `test-results/screenshots/` for a person to look at.
 */
const SHOTS = 'test-results/screenshots'

/** The id of a running quest by its slug, from the page's own call. */
async function questId(page: Page, slug: string): Promise<number> {
  const id = await page.evaluate(async (wanted) => {
    const response = await fetch('/en/quest/get-quests-categories', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    const body = (await response.json()) as {
      data: { categories: { quests: { id: number; slug: string }[] }[] }
    }
    return body.data.categories.flatMap((c) => c.quests).find((q) => q.slug === wanted)?.id
  }, slug)
  expect(id, `quest ${slug}`).toBeDefined()
  return id ?? 0
}

test('a new player rolls Dice and watches the warm-up quest fill live, then gets the toast and the coins', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await acceptCookies(context, baseURL)
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await registerPlayer(page)
  await depositByCard(page, '5000')
  const id = await questId(page, 'dice-warm-up')

  // The quest's details in a second tab of the same session, its socket connected.
  const details = await context.newPage()
  const detailsErrors = watchConsole(details)
  await details.setViewportSize({ width: 1280, height: 900 })
  const detailsSocket = socketConnected(details)
  await gotoInteractive(details, `/en/quests-details/${String(id)}/`)
  await detailsSocket
  const quest = details.getByTestId('quest-details')
  const bar = quest.getByTestId('trigger-bar').first()
  const text = quest.getByTestId('trigger-progress-text').first()
  await expect(text).toHaveText('0 / 3')
  await expect(quest).toHaveAttribute('data-status', '1')
  await expect(quest.getByTestId('quest-status')).toHaveText('Not started')
  // Signing up and the deposit may have paid coins already (check-in quest, first-deposit
  // achievement): the warm-up's 5 come on top of whatever the page shows now.
  const coinsBefore = Number(await details.getByTestId('player-coins').getAttribute('data-coins'))
  await expect(quest.getByTestId('what-counts')).toContainText('Dice')

  // Three real-money rolls in the first tab; after each, the second tab's bar moves by itself.
  await openGame(page, '/en/game/dice/')
  await expect(page.getByTestId('dice-roll')).toHaveCount(1)
  const documents: string[] = []
  details.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  for (const rolls of [1, 2, 3]) {
    // A real-money roll is a bet on the server (play-money rolls never leave the browser).
    const bet = page.waitForResponse((response) =>
      response.url().endsWith('/games/originals/dice/bet'),
    )
    await page.getByTestId('dice-roll').click()
    expect((await bet).status()).toBe(200)
    await expect(page.getByTestId('dice-history').locator('li')).toHaveCount(rolls)
    await expect(text).toHaveText(`${String(rolls)} / 3`)
    await expect(bar).toHaveAttribute('data-percent', String(Math.floor((rolls * 100) / 3)))
    if (rolls === 1) await expect(quest).toHaveAttribute('data-status', '0')
    await expect(page.getByTestId('dice-roll')).toBeEnabled()
  }
  // Finished: status 2, the task done, the toast in both tabs, and the 5 coins on the page.
  await expect(quest).toHaveAttribute('data-status', '2')
  await expect(quest.getByTestId('quest-status')).toHaveText('Completed')
  await expect(quest.locator('[data-testid^="task-"]').first()).toHaveAttribute(
    'data-finished',
    '1',
  )
  await expect(details.getByTestId('toast').filter({ hasText: 'Task complete' })).toContainText(
    'Dice warm-up',
  )
  await expect(page.getByTestId('toast').filter({ hasText: 'Task complete' })).toBeVisible()
  await expect
    .poll(async () => Number(await details.getByTestId('player-coins').getAttribute('data-coins')))
    .toBeGreaterThanOrEqual(coinsBefore + 5)
  await details.screenshot({
    path: `${SHOTS}/engagement-journey-details-en-1280.png`,
    fullPage: true,
  })
  expect(documents, 'the details tab never reloaded').toEqual([])

  // The quests page and the header's menu agree: the quest is completed, the coins are there.
  await gotoInteractive(details, '/en/quests/')
  const card = details.getByTestId('quest-dice-warm-up')
  await expect(card).toHaveAttribute('data-status', '2')
  await expect(card.getByTestId('trigger-progress-text')).toHaveText('3 / 3')
  expect(
    Number(await details.getByTestId('player-coins').getAttribute('data-coins')),
  ).toBeGreaterThanOrEqual(coinsBefore + 5)
  await details.screenshot({
    path: `${SHOTS}/engagement-journey-quests-en-1280.png`,
    fullPage: true,
  })
  // Three €1 rolls are 3 points.
  await details.getByRole('button', { name: 'Open the player menu' }).click()
  await expect(details.getByTestId('player-menu').getByTestId('player-level')).toContainText(
    'Level 1',
  )
  await expect(details.getByTestId('player-menu').getByTestId('player-level')).toContainText(
    '3 points',
  )
  expect([...errors, ...detailsErrors]).toEqual([])
})

const PAGES = [
  ['quests', 'quests/'],
  ['quest-details', 'quests-details/{id}/'],
  ['achievements', 'achievements/'],
  ['loyalty', 'loyalty/'],
  ['vip', 'vip/'],
] as const
const VIEWS = [
  ['de', 375],
  ['ar-en', 375],
  ['en', 1280],
] as const

async function walkPages(page: Page, who: 'visitor' | 'player') {
  const id = await questId(page, 'dice-warm-up')
  for (const [locale, width] of VIEWS) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
    for (const [name, path] of PAGES) {
      const response = await page.goto(`/${locale}/${path.replace('{id}', String(id))}`)
      expect(response?.status(), `${locale} ${name}`).toBe(200)
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
      await expect(page.locator('h1').first()).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(
        overflow,
        `${locale} ${name} at ${String(width)} px scrolls sideways`,
      ).toBeLessThanOrEqual(0)
      // Lazy images below the fold load once scrolled to, before the full-page screenshot.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => window.scrollTo(0, 0))
      if (who === 'visitor') await expect(page.getByTestId('engagement-sign-in')).toHaveCount(1)
      else await expect(page.getByTestId('engagement-sign-in')).toHaveCount(0)
      await page.screenshot({
        path: `${SHOTS}/engagement-${name}-${who}-${locale}-${String(width)}.png`,
        fullPage: true,
      })
    }
  }
}

test.describe('the five pages', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await acceptCookies(context, baseURL)
  })

  test('for a visitor: content with a sign-in invitation, at 375 px (de, ar-en) and 1280 px (en)', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const errors = watchConsole(page)
    await gotoInteractive(page, '/en/')
    await walkPages(page, 'visitor')
    // The levels, the tiers and a quest's card as a visitor sees them.
    await gotoInteractive(page, '/en/loyalty/')
    await expect(page.getByTestId('level-ladder').locator('li')).toHaveCount(8)
    await gotoInteractive(page, '/en/vip/')
    await expect(page.locator('[data-testid^="vip-tier-"]')).toHaveCount(4)
    await expect(page.getByTestId('vip-tier-1').getByTestId('perk-cashback')).toBeVisible()
    await gotoInteractive(page, '/en/quests/')
    await expect(page.getByTestId('quest-dice-warm-up')).toBeVisible()
    await page.getByTestId('engagement-sign-in').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/q=\/a\/login/)
    expect(errors).toEqual([])
  })

  test('for a player: their coins, level and tier, accessible, at 375 px (de, ar-en) and 1280 px (en)', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(150_000)
    const errors = watchConsole(page)
    await signInAsDemoPlayer(context, baseURL)
    await gotoInteractive(page, '/en/')
    await walkPages(page, 'player')
    await page.setViewportSize({ width: 1280, height: 900 })
    for (const theme of ['dark', 'light']) {
      await page.evaluate((choice) => localStorage.setItem('aurum:theme', choice), theme)
      for (const path of ['quests/', 'achievements/', 'loyalty/', 'vip/']) {
        await gotoInteractive(page, `/en/${path}`)
        await expectAccessible(page, `${theme} ${path}`, 'main')
      }
    }
    await page.evaluate(() => localStorage.removeItem('aurum:theme'))
    await gotoInteractive(page, '/en/loyalty/')
    await expect(page.getByTestId('loyalty-level')).toContainText('Level')
    await expect(page.getByTestId('level-ladder').locator('[aria-current="step"]')).toHaveCount(1)
    await gotoInteractive(page, '/en/achievements/')
    await expect(page.locator('[data-testid^="achievement-"][data-state]').first()).toBeVisible()
    // The player menu shows the level with its badge and leads to the loyalty page.
    await page.getByRole('button', { name: 'Open the player menu' }).click()
    await page.getByTestId('player-menu').getByTestId('player-level').click()
    await expect(page).toHaveURL(/\/en\/loyalty\/$/)
    expect(errors).toEqual([])
  })

  test('an unknown quest is the not-found page', async ({ page }) => {
    const response = await page.goto('/en/quests-details/999999/')
    expect(response?.status()).toBe(404)
    await expect(page.getByTestId('error-screen')).toContainText('Page Not Found')
    const word = await page.goto('/en/quests-details/not-a-number/')
    expect(word?.status()).toBe(404)
  })
})
