import { expect, test, type Page } from '@playwright/test'
import { LOCALE_PREFIXES } from '../../common/locales.ts'
import {
  acceptCookies,
  depositByCard,
  expectAccessible,
  gotoInteractive,
  openGame,
  seededOperatorSession,
  registerPlayer,
  signInAsDemoPlayer,
  watchConsole,
} from './support.ts'

/**
 * Issue 24's shop and lottery pages: a player who reached level 2 (500 coins) filters the shop,
 * buys a bronze lootbox and opens it; the demo player (seeded with 1,500 coins) buys lottery
 * tickets and sees them; an operator's lottery
 * that closes and draws within seconds shows its result on the page by itself. Then both pages for
 * visitors and players at 375 and 1280 px in English, German and right-to-left Arabic, checked
 * with axe, screenshots in `test-results/screenshots/` for a person to look at.
 */
const SHOTS = 'test-results/screenshots'

/** The coins the page shows, from the coins panel's value. */
async function coinsShown(page: Page): Promise<number> {
  return Number(await page.getByTestId('player-coins').getAttribute('data-coins'))
}

test('a player who reached level 2 filters the shop, buys a bronze lootbox and opens it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await acceptCookies(context, baseURL)
  // A player of their own (the demo player's money and bonuses are other journeys' baseline):
  // 100 EUR on Dice reaches level 2, which pays 500 coins.
  await registerPlayer(page)
  await depositByCard(page, '15000')
  await openGame(page, '/en/game/dice/')
  await page.getByTestId('stake-input').fill('100')
  const bet = page.waitForResponse((response) =>
    response.url().endsWith('/games/originals/dice/bet'),
  )
  await page.getByTestId('dice-roll').click()
  expect((await bet).status()).toBe(200)
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  // `/shop` opens the default filter, replacing the address it came in on.
  // Level 2's 500 coins come a drain after the bet's points (earlier coins, a quest's, may come first).
  await expect(async () => {
    await gotoInteractive(page, '/en/shop/')
    expect(await coinsShown(page)).toBeGreaterThanOrEqual(500)
  }).toPass({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/en\/shop\/all\/$/)

  // Kinds add up and toggle; a price band narrows them; the chips are addresses.
  const filters = page.getByTestId('shop-filters')
  await filters.getByRole('link', { name: 'Lootboxes' }).click()
  await expect(page).toHaveURL(/\/en\/shop\/lootboxes\/$/)
  const cards = page.getByTestId('shop-items').locator('article')
  await expect(cards.first()).toBeVisible()
  for (const kind of await cards.evaluateAll((nodes) => nodes.map((n) => n.dataset.kind))) {
    expect(kind).toBe('lootbox')
  }
  await filters.getByRole('link', { name: 'Wheel spins' }).click()
  await expect(page).toHaveURL(/\/en\/shop\/lootboxes\/wheel-spins\/$/)
  await filters.getByRole('link', { name: 'Wheel spins' }).click()
  await expect(page).toHaveURL(/\/en\/shop\/lootboxes\/$/)
  // One order at a time; choosing it again goes back to the operator's order.
  await filters.getByRole('link', { name: 'Cheapest first' }).click()
  await expect(page).toHaveURL(/\/en\/shop\/lootboxes\/price-low\/$/)
  await filters.getByRole('link', { name: 'Cheapest first' }).click()
  await expect(page).toHaveURL(/\/en\/shop\/lootboxes\/$/)
  // A band with nothing in it offers the way back to every item.
  await filters.getByRole('link', { name: 'Over 1,000 coins' }).click()
  const empty = page.getByTestId('shop-empty')
  if (await empty.isVisible()) {
    await empty.getByRole('link', { name: 'Show all items' }).click()
    await expect(page).toHaveURL(/\/en\/shop\/all\/$/)
    await filters.getByRole('link', { name: 'Lootboxes' }).click()
  } else {
    await filters.getByRole('link', { name: 'Over 1,000 coins' }).click()
  }
  await expect(page).toHaveURL(/\/en\/shop\/lootboxes\/$/)
  // A segment that is no filter is a missing page.
  const missing = await page.request.get('/en/shop/lootboxes/not-a-filter/')
  expect(missing.status()).toBe(404)

  // Buy the bronze lootbox: confirm, the toast says what arrived and links to it.
  const bronze = cards.filter({ hasText: /bronze/i }).first()
  await expect(bronze).toBeVisible()
  await bronze.getByTestId('shop-buy').click()
  const dialog = page.getByTestId('shop-buy-dialog')
  await expect(dialog).toBeVisible()
  await expectAccessible(page, 'shop confirm dialog', '[role="dialog"]')
  const purchase = page.waitForResponse((response) => response.url().endsWith('/en/shop/purchase'))
  await dialog.getByTestId('shop-confirm').click()
  const bought = await purchase
  expect(bought.status()).toBe(200)
  // The price left the coins; other awards of the level may still arrive, so the answer is read.
  const answer = (await bought.json()) as { data: { purchase: { price_coins: number } } }
  expect(answer.data.purchase.price_coins).toBe(100)
  await expect(dialog).toBeHidden()
  const toast = page.getByTestId('toast').filter({ hasText: /bought/i })
  await expect(toast).toBeVisible()

  // Open it on the lootboxes page.
  await toast.getByRole('link', { name: 'Open your lootboxes' }).click()
  await expect(page).toHaveURL(/\/en\/lootboxes\/$/)
  const open = page.getByTestId('lootbox-open').first()
  await expect(open).toBeVisible()
  await open.click()
  await expect(page.getByTestId('prize-dialog')).toBeVisible()
  expect(errors).toEqual([])
})


const textsOf = <F extends string>(fields: Record<F, string>) =>
  Object.fromEntries(LOCALE_PREFIXES.map((locale) => [locale, fields]))

test('the demo player buys lottery tickets, sees them, and watches a quick draw’s result arrive', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await acceptCookies(context, baseURL)
  await signInAsDemoPlayer(context, baseURL)
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  // A lottery whose sales close in 30 s and whose draw follows at once: it closes before the
  // seeded one, so it is the one the page leads with and the one bought tickets go to.
  const operator = seededOperatorSession(baseURL, test.info().retry)
  const now = Date.now()
  const slug = `quick-draw-${String(now)}`
  const created = await (
    await operator
  ).post('/admin/api/lotteries', {
    slug,
    texts: textsOf({ title: 'Quick draw', text: 'Drawn in seconds.', imageAlt: 'Tickets' }),
    image_url: '/quests/art/aurum-slots-marathon.svg',
    sales_open_at: new Date(now - 60_000).toISOString(),
    sales_close_at: new Date(now + 30_000).toISOString(),
    draw_at: new Date(now + 31_000).toISOString(),
    ticket_every_eur_minor: null,
    max_tickets_per_player: 5,
    is_enabled: true,
    prizes: [
      {
        rank: 1,
        prize: { kind: 'coins', coinsMinor: '10000' },
        texts: textsOf({ label: '100 coins' }),
      },
    ],
  })
  expect(created.status()).toBe(200)

  await gotoInteractive(page, '/en/lottery/')
  const current = page.getByTestId('lottery-current')
  await expect(current).toContainText('Quick draw')
  await expect(current).toHaveAttribute('data-phase', 'open')
  await expect(page.getByTestId('lottery-seed-hash')).not.toBeEmpty()
  await expect(page.getByTestId('lottery-no-tickets')).toBeVisible()

  // Two tickets in one press: two purchases, each with its own key.
  const buy = page.getByTestId('lottery-buy')
  await buy.getByRole('button', { name: 'One ticket more' }).click()
  await expect(buy.getByTestId('lottery-quantity')).toHaveText('2')
  await buy.getByTestId('lottery-buy-button').click()
  const mine = current.getByTestId('lottery-my-tickets').getByTestId('lottery-ticket')
  await expect(mine).toHaveCount(2)
  await expect(page.getByTestId('lottery-sold')).toContainText('2')

  // The sales close and the draw runs: the page shows the result without a reload.
  const result = page.getByTestId(`lottery-result-${slug}`)
  await expect(result).toBeVisible({ timeout: 60_000 })
  await expect(result.getByTestId('lottery-winners')).toBeVisible()
  await expect(result.getByTestId('lottery-ticket')).toHaveCount(2)
  await expect(result.getByTestId('lottery-server-seed')).not.toHaveText('—')
  await expect(result.getByTestId('lottery-verify')).toHaveAttribute(
    'href',
    /\/en\/verify\/\?lottery=\d+$/,
  )
  expect(errors).toEqual([])
})

for (const locale of ['en', 'de', 'ar-en'] as const) {
  for (const width of [375, 1280] as const) {
    test(`the shop and the lottery at ${String(width)} px in ${locale}, visitor and player, pass axe`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(90_000)
      await acceptCookies(context, baseURL)
      const errors = watchConsole(page)
      await page.setViewportSize({ width, height: 900 })
      for (const who of ['visitor', 'player'] as const) {
        if (who === 'player') await signInAsDemoPlayer(context, baseURL)
        for (const path of ['shop/all', 'lottery'] as const) {
          await gotoInteractive(page, `/${locale}/${path}/`)
          const name = path === 'lottery' ? 'lottery' : 'shop'
          await expect(page.getByTestId(`${name}-page`)).toBeVisible()
          if (who === 'visitor') {
            await expect(page.getByTestId('engagement-sign-in')).toBeVisible()
          } else if (name === 'shop') {
            await expect(page.getByTestId('player-coins')).toBeVisible()
          }
          if (locale === 'ar-en') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
          await expectAccessible(page, `${name} ${locale} ${String(width)} ${who}`)
          // Lazy images below the fold load once scrolled to, before the full-page screenshot.
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
          await page.waitForLoadState('networkidle')
          // Back at the top, so the sticky header is drawn where it belongs.
          await page.evaluate(() => window.scrollTo(0, 0))
          await page.screenshot({
            path: `${SHOTS}/rewards-${name}-${locale}-${String(width)}-${who}.png`,
            fullPage: true,
          })
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow, `${name} fits ${String(width)} px`).toBeLessThanOrEqual(0)
        }
      }
      expect(errors).toEqual([])
    })
  }
}

test('a visitor sees prices and is asked to sign in to buy', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL)
  await gotoInteractive(page, '/en/shop/all/')
  const card = page.getByTestId('shop-items').locator('article').first()
  await expect(card).toBeVisible()
  await expect(card.getByRole('link', { name: 'Log in to buy' })).toBeVisible()
  await card.getByRole('link', { name: 'Log in to buy' }).click()
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
})
