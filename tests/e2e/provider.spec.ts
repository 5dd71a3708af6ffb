import { expect, test } from '@playwright/test'
import {
  acceptCookies,
  depositByCard,
  expectAccessible,
  registerPlayer,
  watchConsole,
} from './support.ts'

const SHOTS = 'test-results/screenshots'

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

test('a funded player spins a Demo Studio slot for real in its iframe and the header balance follows', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await registerPlayer(page)
  await depositByCard(page, '2000')
  await page.goto('/en/game/starlight-spins/')
  const balance = page.getByTestId('balance-amount')
  await expect(balance).toHaveText('€20.00')

  const frame = page.frameLocator('[data-testid="provider-frame"]')
  await expect(frame.getByTestId('studio-mode')).toHaveText('Real money')
  // The studio answers the balance the casino gave it through `authenticate`.
  await expect(frame.getByTestId('studio-balance')).toHaveText('€20.00')
  await frame.getByTestId('studio-spin').click()
  // The stake leaves at once (wallet.changed over the socket); the spin cycle lasts 2.5 s.
  await expect(balance).not.toHaveText('€20.00')
  await expect(frame.getByTestId('studio-spin')).toBeEnabled()
  const studioBalance = await frame.getByTestId('studio-balance').textContent()
  await expect(balance).toHaveText(studioBalance ?? '')
  await page.screenshot({ path: `${SHOTS}/provider-real-1440.png` })

  // The round is in the player's bet history, as one line of this game.
  const bets = await page.evaluate(async () => {
    const response = await fetch('/en/player/bets', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    return ((await response.json()) as { data: { bets: { game: string; stake: string }[] } }).data
      .bets
  })
  expect(bets[0]).toMatchObject({ game: 'starlight-spins', stake: '100' })
  expect(errors).toEqual([])
})

test('a visitor plays a Demo Studio slot in demo on a phone; nothing reaches the provider API', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const errors = watchConsole(page)
  const walletCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/provider-api/')) walletCalls.push(request.url())
  })
  await page.goto('/en/game/neon-nights/')
  const frame = page.frameLocator('[data-testid="provider-frame"]')
  await expect(frame.getByTestId('studio-mode')).toHaveText('Demo · play money')
  await expect(frame.getByTestId('studio-balance')).toHaveText('€1,000.00')
  await frame.getByTestId('studio-spin').click()
  await expect(frame.getByTestId('studio-spin')).toBeEnabled()
  await expect(frame.getByTestId('studio-win')).not.toHaveText('–')
  await page.screenshot({ path: `${SHOTS}/provider-demo-375.png`, fullPage: true })
  // The studio's page inside the frame meets WCAG 2.2 AA as the casino's own screens do.
  await expectAccessible(page, 'studio frame', '[data-testid="provider-frame"]')
  expect(walletCalls).toEqual([])
  expect(errors).toEqual([])
})
