import { expect, test, type FrameLocator, type Page } from '@playwright/test'
import { titleOf } from '../../providers/demo-studio/sheet.ts'
import { stringsFor } from '../../providers/demo-studio/strings/index.ts'
import {
  acceptCookies,
  depositByCard,
  euros,
  latestBets,
  playStudio,
  registerPlayer,
  studioFrame,
  type StudioAnswer,
  watchConsole,
} from './support.ts'

// The Demo Studio's titles as players meet them in the casino's game screen (issue 28): a
// megaways slot in demo with its rules panel and keyboard, real money on three kinds of game
// (a slot, blackjack, plinko) with each round in the bet history and the header's balance equal
// to the studio's, and the Arabic page on a phone. The casino's side of a studio slot (its
// iframe, demo without wallet calls, axe) is provider.spec.ts.

const SHOTS = 'test-results/screenshots'

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

/** The rules panel's figures of `code` as the English page words them. */
function statedFigures(code: string) {
  const title = titleOf(code)
  if (!title) throw new Error(`no studio title ${code}`)
  const { t } = stringsFor('en')
  const percent = (bp: number) =>
    new Intl.NumberFormat('en', {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(bp / 10_000)
  return [
    percent(title.stated.rtpBp),
    percent(title.stated.hitBp),
    t[`volatility.${title.stated.volatility}`],
    t.maxWinValue.replace('{x}', new Intl.NumberFormat('en').format(title.stated.maxWinX)),
  ]
}

test('a visitor plays a megaways slot in demo: the rules panel states its figures, Space spins', async ({
  page,
}) => {
  const code = 'midnight-sun-megaways'
  const errors = watchConsole(page)
  await page.goto(`/en/game/${code}/`)
  const frame = studioFrame(page)
  await expect(frame.getByTestId('studio-mode')).toHaveText('Demo · play money')
  await expect(frame.getByTestId('studio-balance')).toHaveText('€1,000.00')

  await frame.getByTestId('studio-rules').click()
  const panel = frame.getByTestId('studio-rules-panel')
  await expect(panel).toBeVisible()
  // RTP, hit frequency, volatility and maximum win: the integration sheet's stated figures.
  await expect(frame.getByTestId('studio-figures').locator('dd')).toHaveText(statedFigures(code))
  await expect(frame.getByTestId('studio-rtp')).toHaveText(statedFigures(code)[0] ?? '')
  await frame.getByTestId('studio-figures').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/studio-rules-1280.png` })
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // Space on the page (not on a button) is the title's main action: a spin.
  await frame.locator('h1').click()
  const spin = await playStudio(page, { key: 'Space' })
  expect(spin).toMatchObject({ done: true })
  await expect(frame.getByTestId('studio-win')).toHaveText(euros(spin.payout))
  await expect(frame.getByTestId('studio-balance')).toHaveText(
    euros(100_000n - BigInt(spin.staked) + BigInt(spin.payout)),
  )
  await page.screenshot({ path: `${SHOTS}/studio-megaways-1280.png` })
  expect(errors).toEqual([])
})

/**
 * A finished round of real money: the studio shows the balance its `win` call answered, the
 * header shows the same, and the bet history has the round with its stake and payout.
 */
async function expectSettled(page: Page, frame: FrameLocator, code: string, last: StudioAnswer) {
  expect(last.done).toBe(true)
  const balance = euros(last.balance ?? 'missing')
  await expect(frame.getByTestId('studio-balance')).toHaveText(balance)
  await expect(page.getByTestId('balance-amount')).toHaveText(balance)
  const bet = (await latestBets(page)).find((line) => line.round === last.round_id)
  expect(bet).toMatchObject({ game: code, win: last.payout })
  return bet
}

test('a funded player plays a slot, blackjack and plinko for real; each round is in the bet history', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const errors = watchConsole(page)
  await registerPlayer(page)
  await depositByCard(page, '5000')

  // A 5×3 lines slot of another brand than provider.spec.ts's.
  await page.goto('/en/game/fjord-fortune/')
  let frame = studioFrame(page)
  await expect(frame.getByTestId('studio-mode')).toHaveText('Real money')
  await expect(frame.getByTestId('studio-balance')).toHaveText('€50.00')
  const spin = await playStudio(page, frame.getByTestId('studio-spin'))
  const spinBet = await expectSettled(page, frame, 'fjord-fortune', spin)
  expect(spinBet?.stake).toBe(spin.staked)

  // Blackjack: deal, then stand (or decline insurance) until the round is over; a double or a
  // split would stake more in the same round, which the bet history adds up.
  await page.goto('/en/game/northern-blackjack/')
  frame = studioFrame(page)
  await expect(frame.getByTestId('studio-balance')).toHaveText(euros(spin.balance ?? ''))
  let hand = await playStudio(page, frame.getByTestId('studio-deal'))
  for (let move = 0; !hand.done && move < 6; move++) {
    const next = frame
      .getByTestId('studio-action-stand')
      .or(frame.getByTestId('studio-action-no-insurance'))
    if (move === 0) {
      // The moves are offered once the cards are down.
      await expect(next).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/studio-blackjack-1280.png` })
    }
    hand = await playStudio(page, next)
  }
  const handBet = await expectSettled(page, frame, 'northern-blackjack', hand)
  expect(handBet?.stake).toBe(hand.staked)
  await expect(frame.getByTestId('studio-deal')).toBeVisible()

  // Plinko: one drop at the page's rows and risk.
  await page.goto('/en/game/lucky-plinko/')
  frame = studioFrame(page)
  await expect(frame.getByTestId('studio-balance')).toHaveText(euros(hand.balance ?? ''))
  const drop = await playStudio(page, frame.getByTestId('studio-play'))
  const dropBet = await expectSettled(page, frame, 'lucky-plinko', drop)
  expect(dropBet?.stake).toBe(drop.staked)
  await expect(frame.getByTestId('studio-play')).toBeEnabled()
  await page.screenshot({ path: `${SHOTS}/studio-plinko-1280.png` })

  // The three rounds, newest first, at the top of the history.
  expect((await latestBets(page)).slice(0, 3).map((line) => line.round)).toEqual([
    drop.round_id,
    hand.round_id,
    spin.round_id,
  ])
  expect(errors).toEqual([])
})

test('the Arabic studio page on a phone runs right to left, its reels left to right; a demo spin works', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const errors = watchConsole(page)
  await page.goto('/ar-en/game/book-of-runes/')
  const frame = studioFrame(page)
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(frame.getByTestId('studio-mode')).toHaveText(stringsFor('ar').t.demo)
  const directions = await frame.locator('body').evaluate((body) => {
    const board = body.querySelector('[role="group"]')
    const reels = [...(board?.querySelectorAll('[role="list"]') ?? [])].map(
      (reel) => reel.getBoundingClientRect().left,
    )
    return {
      page: getComputedStyle(body).direction,
      board: board ? getComputedStyle(board).direction : null,
      reelsLeftToRight:
        reels.length > 1 && reels.every((left, i) => i === 0 || left > (reels[i - 1] ?? 0)),
    }
  })
  expect(directions).toEqual({ page: 'rtl', board: 'ltr', reelsLeftToRight: true })

  const spin = await playStudio(page, frame.getByTestId('studio-spin'))
  expect(spin).toMatchObject({ done: true })
  await expect(frame.getByTestId('studio-win')).not.toHaveText('–')
  await page.screenshot({ path: `${SHOTS}/studio-arabic-375.png`, fullPage: true })
  expect(errors).toEqual([])
})
