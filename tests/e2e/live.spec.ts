import { expect, test, type Browser } from '@playwright/test'
import {
  acceptCookies,
  depositByCard,
  expectAccessible,
  openGame,
  registerPlayer,
  watchConsole,
} from './support.ts'

// The live games in shared rounds: the e2e server runs them with short timings
// (playwright.config.ts: 4 s to bet, the multiplier doubling every 1.5 s).

const SHOTS = 'test-results/screenshots'

/** A player of their own in a browser context of their own, funded, on the Crash screen. */
async function playerOnCrash(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  await acceptCookies(context, baseURL)
  const page = await context.newPage()
  const errors = watchConsole(page)
  await registerPlayer(page)
  await depositByCard(page, '5000')
  await openGame(page, '/en/game/crash/')
  return { context, page, errors, game: page.getByTestId('crash-game') }
}

test('two players join one Crash round and each sees the other’s bet', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const alice = await playerOnCrash(browser, baseURL)
  const bob = await playerOnCrash(browser, baseURL)
  await expect(alice.game.getByTestId('game-balance')).toHaveText('€50.00')

  // A fresh betting window, seen by both screens (the round ends first if one is in play).
  const phase = (player: typeof alice) => player.game.locator('[data-round-status]')
  await expect(phase(alice)).not.toHaveAttribute('data-round-status', 'betting', {
    timeout: 30_000,
  })
  await expect(phase(alice)).toHaveAttribute('data-round-status', 'betting', { timeout: 30_000 })
  await expect(phase(bob)).toHaveAttribute('data-round-status', 'betting')
  await expect(alice.game.getByTestId('live-countdown')).toBeVisible()

  const bet = async (player: typeof alice, auto: string) => {
    if (auto) await player.game.getByTestId('crash-auto').fill(auto)
    const answer = player.page.waitForResponse((response) =>
      response.url().endsWith('/games/live/crash/bet'),
    )
    await player.game.getByTestId('crash-bet').click()
    const response = await answer
    expect(response.status()).toBe(200)
    return ((await response.json()) as { data: { bet: { id: string } } }).data.bet.id
  }
  const [aliceBet, bobBet] = await Promise.all([bet(alice, '1.5'), bet(bob, '')])

  // From here each page watches, from inside, for the round to end the same for both, with how
  // the other's bet ended. The ended round stays on screen only for the result pause (1.5 s): a
  // check at a time over the DevTools connection, or one that starts after a slow step (a click
  // on a cash-out button that turned into the next round's bet button), can miss it.
  const seesEnded = (viewer: typeof alice, betId: string) =>
    viewer.page.waitForFunction(
      (id) => {
        const game = document.querySelector('[data-testid="crash-game"]')
        const status = game?.querySelector('[data-round-status]')?.getAttribute('data-round-status')
        const bet = game?.querySelector(`[data-testid="live-bets"] [data-bet-id="${id}"]`)
        return (
          status === 'settled' && /cashed_out|lost/.test(bet?.getAttribute('data-status') ?? '')
        )
      },
      betId,
      { polling: 50, timeout: 60_000 },
    )
  const roundEnded = Promise.all([seesEnded(alice, bobBet), seesEnded(bob, aliceBet)])
  // Awaited below; this only keeps a failure of an earlier step from leaving it unhandled.
  roundEnded.catch(() => undefined)

  // Each screen lists both bets: its own marked, the other's as it came over the socket.
  for (const [viewer, own, other] of [
    [alice, aliceBet, bobBet],
    [bob, bobBet, aliceBet],
  ] as const) {
    const list = viewer.game.getByTestId('live-bets')
    await expect(list.locator(`[data-bet-id="${other}"]`)).toBeVisible()
    await expect(list.locator(`[data-bet-id="${own}"]`)).toContainText('(you)')
    await expect(list.locator(`[data-bet-id="${other}"]`)).not.toContainText('(you)')
  }
  await expect(alice.game.getByTestId('game-balance')).toHaveText('€49.00')
  await alice.page.screenshot({ path: `${SHOTS}/live-crash-betting-1440.png`, fullPage: true })

  // The round runs: Bob may cash out by hand while the curve climbs (unless it crashes at once).
  await expect(phase(bob)).toHaveAttribute('data-round-status', /running|settled/)
  const cashout = bob.game.getByTestId('crash-cashout')
  if (await cashout.isVisible()) await cashout.click({ timeout: 1_000 }).catch(() => undefined)
  await roundEnded
  await expect(alice.game.getByTestId('crash-history').locator('li').first()).toBeVisible()

  await expectAccessible(alice.page, 'crash', '[data-testid="crash-game"]')
  await alice.page.setViewportSize({ width: 375, height: 812 })
  await alice.page.screenshot({ path: `${SHOTS}/live-crash-375.png`, fullPage: true })

  // A settled round is provable: the verify page recomputes it and walks its hash to the chain's
  // published end, in the browser.
  const settledRound = alice.game.getByTestId('crash-history').locator('li a', { hasText: '×' })
  const number = /\d+/.exec((await settledRound.first().getAttribute('title')) ?? '')?.[0]
  expect(number).toBeDefined()
  await alice.page.goto(`/en/verify/?live=crash&round=${number ?? ''}`)
  await expect(alice.page.getByTestId('live-verify')).toHaveAttribute('data-verdict', 'verified', {
    timeout: 30_000,
  })

  expect(alice.errors).toEqual([])
  expect(bob.errors).toEqual([])
  await alice.context.close()
  await bob.context.close()
})

test('a visitor watches Live Roulette and is asked to sign in to bet', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page.context(), baseURL)
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1440, height: 1000 })
  await page.goto('/en/game/live-roulette/')
  const game = page.getByTestId('live-roulette-game')
  await expect(game.getByTestId('live-watching')).toBeVisible()
  await expect(game.locator('[data-round-status]')).toHaveAttribute(
    'data-round-status',
    /betting|running|settled/,
    { timeout: 20_000 },
  )
  await expect(game.getByTestId('live-roulette-table')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/live-roulette-visitor-1440.png`, fullPage: true })
  expect(errors).toEqual([])

  // Right to left, on a phone.
  const arabic = await page.context().newPage()
  const arabicErrors = watchConsole(arabic)
  await arabic.setViewportSize({ width: 375, height: 812 })
  await arabic.goto('/ar-en/game/live-roulette/')
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(arabic.getByTestId('live-roulette-game').getByTestId('live-watching')).toBeVisible()
  await arabic.waitForLoadState('networkidle')
  await arabic.screenshot({ path: `${SHOTS}/live-roulette-ar-375.png`, fullPage: true })
  expect(arabicErrors).toEqual([])
})
