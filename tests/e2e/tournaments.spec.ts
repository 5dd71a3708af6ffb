import {
  expect,
  test,
  type Browser,
  type Page,
} from '@playwright/test'
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
  socketConnected,
  watchConsole,
} from './support.ts'

/**
 * Issue 25's journey: an operator's tournament (a wagering race on the Originals, ending 40 s
 * ahead, free entry, 500 and 100 coins for places 1 and 2); a fresh player opens its page, joins
 * and plays Dice in another tab, and watches the own row's score and place move without a
 * reload; a second player in another browser plays more and takes the top row live; after the
 * end the page shows the results by itself, and the first player's 100 coins arrive with a
 * notification. Then both pages at 390 and 1440 px in English, German and right-to-left Arabic,
 * for a visitor and a player, checked with axe, screenshots in `test-results/screenshots/`.
 */
const SHOTS = 'test-results/screenshots'
const API = { 'X-Requested-With': 'XMLHttpRequest' }

const textsOf = <F extends string>(fields: Record<F, string>) =>
  Object.fromEntries(LOCALE_PREFIXES.map((locale) => [locale, fields]))


/** The player's coins, from the shop's call the coins panel reads. */
async function coinsOf(page: Page): Promise<number> {
  return page.evaluate(async (headers) => {
    const answer = (await (await fetch('/en/shop/items', { headers })).json()) as {
      data: { player_coins: number }
    }
    return answer.data.player_coins
  }, API)
}

/** One Dice roll at `stake` euros in a tab of its own, closed after the bet's answer. */
async function rollDice(open: () => Promise<Page>, stake: string) {
  const dice = await open()
  await openGame(dice, '/en/game/dice/')
  await dice.getByTestId('stake-input').fill(stake)
  const bet = dice.waitForResponse((response) =>
    response.url().endsWith('/games/originals/dice/bet'),
  )
  await dice.getByTestId('dice-roll').click()
  expect((await bet).status()).toBe(200)
  await dice.close()
}

/** A second player in a browser context of their own, with 50 EUR. */
async function rival(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  await acceptCookies(context, baseURL)
  const page = await context.newPage()
  await registerPlayer(page)
  await depositByCard(page, '5000')
  return { context, page }
}

test('a player joins, plays Dice, watches the board move live, and gets the result and the prize', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await acceptCookies(context, baseURL)
  // Both players first (a sign-up hashes a password): the tournament's 40 s are for playing.
  await registerPlayer(page)
  await depositByCard(page, '5000')
  const second = await rival(browser, baseURL)
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1440, height: 900 })

  const operator = seededOperatorSession(baseURL, test.info().retry)
  const now = Date.now()
  const title = `Originals sprint ${String(now)}`
  const created = await (
    await operator
  ).post('/admin/api/tournaments', {
    slug: `originals-sprint-${String(now)}`,
    texts: textsOf({
      title,
      text: 'Wager the most on the Originals in 40 seconds.',
      imageAlt: 'A golden trophy',
    }),
    image_url: '/tournaments/originals-hunt.svg',
    scoring: 'total_wagered',
    points_per_spin: 1,
    game_ids: [],
    category_slugs: ['originals'],
    currencies: [],
    min_stake_eur_minor: '10',
    entry_fee: { kind: 'free', amount_minor: '0' },
    starts_at: new Date(now - 60_000).toISOString(),
    ends_at: new Date(now + 40_000).toISOString(),
    is_enabled: true,
    prizes: [
      {
        from_place: 1,
        to_place: 1,
        prize: { kind: 'coins', coinsMinor: '50000' },
        texts: textsOf({ label: '500 coins' }),
      },
      {
        from_place: 2,
        to_place: 2,
        prize: { kind: 'coins', coinsMinor: '10000' },
        texts: textsOf({ label: '100 coins' }),
      },
    ],
  })
  expect(created.status(), await created.text()).toBe(200)
  const { id } = ((await created.json()) as { data: { tournament: { id: number } } }).data
    .tournament
  const path = `/en/tournament-details/t/${String(id)}/`

  // The rival joins first: with both on nothing, the rival (the older entry) is placed first.
  const joined = await second.page.evaluate(
    async (url) => {
      const headers = { 'X-Requested-With': 'XMLHttpRequest' }
      const csrf = (await (await fetch('/csrf/get-new', { headers })).json()) as Record<
        string,
        string
      >
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'X-CSRF-Token': csrf['_csrf-frontend'] ?? '',
        },
        body: '{}',
      })
      return answer.status
    },
    `/tournaments/${String(id)}/join`,
  )
  expect(joined).toBe(200)

  // The player opens the page and joins: the board shows their own row.
  const socket = socketConnected(page)
  await gotoInteractive(page, path)
  await socket
  const board = page.getByTestId('tournament-board')
  await expect(page.getByTestId('tournament-phase')).toHaveAttribute('data-phase', 'running')
  await expect(page.getByTestId('rule-categories')).toContainText('Originals')
  await page.getByTestId('tournament-join-button').click()
  await expect(page.getByTestId('tournament-join')).toHaveAttribute('data-state', 'joined')
  const own = board.locator('[data-own="true"]')
  await expect(own).toHaveAttribute('data-place', '2')
  await expect(own.getByTestId('board-score')).toHaveText('€0.00')
  const coinsBefore = await coinsOf(page)

  // Dice in another tab: the own row's score and place move on this one, with no reload.
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await rollDice(() => context.newPage(), '5')
  await expect(own.getByTestId('board-score')).toHaveText('€5.00', { timeout: 15_000 })
  await expect(own).toHaveAttribute('data-place', '1')
  const top = board.getByTestId('board-row').first()
  await expect(top).toHaveAttribute('data-own', 'true')

  // The rival plays more: the top row becomes theirs, live, and the player drops to second.
  await rollDice(() => second.context.newPage(), '20')
  await expect(top.getByTestId('board-score')).toHaveText('€20.00', { timeout: 15_000 })
  await expect(top).not.toHaveAttribute('data-own', 'true')
  await expect(own).toHaveAttribute('data-place', '2')
  expect(documents, 'the tournament page never reloaded').toEqual([])
  await expectAccessible(page, 'tournament running', 'main')

  // The end: the countdown reloads the page's data, and once the results are paid they show.
  await expect(page.getByTestId('tournament-page')).toHaveAttribute('data-phase', 'finished', {
    timeout: 60_000,
  })
  const mine = page.getByTestId('tournament-results').locator('[data-own="true"]')
  await expect(mine).toHaveAttribute('data-place', '2')
  await expect(mine.getByTestId('result-prize')).toHaveText('100 coins')
  await expect(page.getByTestId('tournament-fairness')).toHaveAttribute('data-revealed', 'true')
  await expect(page.getByTestId('fairness-server-seed')).not.toBeEmpty()
  await expect
    .poll(() => coinsOf(page), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(coinsBefore + 100)
  await page.getByTestId('notification-menu').getByRole('button').first().click()
  // The won notice, not the joined one (both name the tournament).
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText(`${title} has ended: you finished in place 2`, { exact: false }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expectAccessible(page, 'tournament finished', 'main')
  await second.context.close()
  expect(errors).toEqual([])
})

// English, and Arabic for right to left; German's long words at 390 px are phone-fit.spec's check.
for (const locale of ['en', 'ar-en'] as const) {
  test(`the list and a running tournament in ${locale} at 390 and 1440 px, visitor and player, pass axe`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    await acceptCookies(context, baseURL)
    const errors = watchConsole(page)
    // The home page's tile leads to the running tournaments.
    await page.setViewportSize({ width: 1440, height: 900 })
    await gotoInteractive(page, `/${locale}/`)
    const tile = page.getByTestId('home-tournaments')
    await expect(tile.getByTestId('home-tournament').first()).toBeVisible()
    await expect(tile.getByRole('link').first()).toHaveAttribute(
      'href',
      new RegExp(`^/${locale}/(tourneys|tournament-details/t/\\d+)/$`),
    )
    for (const who of ['visitor', 'player'] as const) {
      if (who === 'player') await signInAsDemoPlayer(context, baseURL)
      for (const width of [390, 1440] as const) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
        await gotoInteractive(page, `/${locale}/tourneys/`)
        await expect(page.getByTestId('tournaments-page')).toBeVisible()
        const running = page.getByTestId('tournaments-running').getByTestId('tournament-card')
        await expect(running.first()).toBeVisible()
        if (locale === 'ar-en') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
        await expectAccessible(page, `tournaments ${locale} ${String(width)} ${who}`)
        await shoot(page, `list-${locale}-${String(width)}-${who}`)

        await running.first().getByRole('link').first().click()
        await expect(page.getByTestId('tournament-page')).toBeVisible()
        await expect(page.getByTestId('tournament-board')).toBeVisible()
        await expect(
          page.getByTestId(who === 'visitor' ? 'tournament-sign-in' : 'tournament-join'),
        ).toBeVisible()
        await expectAccessible(page, `tournament ${locale} ${String(width)} ${who}`)
        await shoot(page, `details-${locale}-${String(width)}-${who}`)
      }
    }
    expect(errors).toEqual([])
  })
}

/** A full-page screenshot once lazy images below the fold have loaded; the page must fit. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/tournaments-${name}.png`, fullPage: true })
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${name} fits the screen`).toBeLessThanOrEqual(0)
}
