import { expect, test } from '@playwright/test'
import {
  acceptCookies,
  depositByCard,
  euros,
  expectAccessible,
  latestBets,
  playStudio,
  registerPlayer,
  studioFrame,
  watchConsole,
} from './support.ts'

const SHOTS = 'test-results/screenshots'

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

test('a funded player spins a Demo Studio slot for real in its iframe and the header balance follows', async ({
  page,
}) => {
  // A sign-up, a deposit and a spin: about 25 s on a loaded two-core machine.
  test.setTimeout(60_000)
  const errors = watchConsole(page)
  await registerPlayer(page)
  await depositByCard(page, '2000')
  await page.goto('/en/game/starlight-spins/')
  const balance = page.getByTestId('balance-amount')
  await expect(balance).toHaveText('€20.00')

  const frame = studioFrame(page)
  await expect(frame.getByTestId('studio-mode')).toHaveText('Real money')
  // The studio answers the balance the casino gave it through `authenticate`.
  await expect(frame.getByTestId('studio-balance')).toHaveText('€20.00')
  const spin = await playStudio(page, frame.getByTestId('studio-spin'))
  expect(spin).toMatchObject({ done: true, staked: '100', balance: expect.any(String) })
  // The stake left and the win came back through the casino's wallet: once the reels stop, the
  // studio shows the balance its `win` call answered, and the header (wallet.changed over the
  // socket) the same.
  await expect(frame.getByTestId('studio-balance')).toHaveText(euros(spin.balance ?? ''))
  await expect(balance).toHaveText(euros(spin.balance ?? ''))
  await page.screenshot({ path: `${SHOTS}/provider-real-1440.png` })

  // The round is in the player's bet history, as one line of this game.
  const bets = await latestBets(page)
  expect(bets[0]).toMatchObject({
    game: 'starlight-spins',
    round: spin.round_id,
    stake: '100',
    win: spin.payout,
  })
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
  const frame = studioFrame(page)
  await expect(frame.getByTestId('studio-mode')).toHaveText('Demo · play money')
  await expect(frame.getByTestId('studio-balance')).toHaveText('€1,000.00')
  const spin = await playStudio(page, frame.getByTestId('studio-spin'))
  // Play money: the studio's own balance, no wallet call.
  await expect(frame.getByTestId('studio-win')).toHaveText(euros(spin.payout))
  await expect(frame.getByTestId('studio-balance')).toHaveText(
    euros(100_000n - BigInt(spin.staked) + BigInt(spin.payout)),
  )
  await page.screenshot({ path: `${SHOTS}/provider-demo-375.png`, fullPage: true })
  // The studio's page inside the frame meets WCAG 2.2 AA as the casino's own screens do.
  await expectAccessible(page, 'studio frame', '[data-testid="provider-frame"]')
  expect(walletCalls).toEqual([])
  expect(errors).toEqual([])
})
