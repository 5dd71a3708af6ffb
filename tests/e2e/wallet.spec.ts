import { expect, test, type Locator, type Page, type WebSocketRoute } from '@playwright/test'
import {
  acceptCookies,
  DEMO_PLAYER,
  expectAccessible,
  gotoInteractive,
  openGame,
  registerPlayer,
  signInAsDemoPlayer,
  typeCardAndPay,
  watchConsole,
} from './support.ts'

const SHOTS = 'test-results/screenshots'

const depositDialog = (page: Page) => page.getByRole('dialog', { name: 'Deposit' })
const withdrawDialog = (page: Page) => page.getByRole('dialog', { name: 'Withdraw' })
/** A method's tile in the grid, found by its artwork (names come from the server's catalogue). */
const methodTile = (dialog: Locator, image: string) =>
  dialog.locator(`button:has(img[src="/payments/${image}.svg"])`)
const balance = (page: Page) => page.getByTestId('balance-amount')

/** The cookie banner is covered by the interface journeys; here it is accepted up front. */
test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

/** The header's Deposit button opens the dialog at step 1 with the methods loaded. */
async function openDeposit(page: Page) {
  await page.getByTestId('open-deposit').click()
  const dialog = depositDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('payment-methods')).toBeVisible()
  return dialog
}

const payWithNewCard = (dialog: Locator, number: string) => typeCardAndPay(dialog, number)

test('a card deposit through every step moves the header balance; a withdrawal is requested, cancelled and listed', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  // The demo player's profile has no birth date or address yet: a card asks for them (step 3).
  await signInAsDemoPlayer(context, baseURL)
  await gotoInteractive(page, '/en/')
  await expect(balance(page)).toHaveText('€500.00')

  // Deposit 1: all five steps: method, amount, player info, saved cards, card details. No total
  // before a method is chosen; then the card's five, the same on every step.
  let dialog = await openDeposit(page)
  await expect(dialog.getByText('Step 1: Method')).toBeVisible()
  await methodTile(dialog, 'card').click()
  await expect(dialog.getByTestId('deposit-step-2')).toBeVisible()
  await expect(dialog.getByText('Step 2 of 5: Amount')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('25')
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByTestId('deposit-step-3')).toBeVisible()
  await expect(dialog.getByText('Step 3 of 5: Your details')).toBeVisible()
  await dialog.getByLabel('Date of birth').fill('1990-05-17')
  await dialog.getByLabel('City').fill('Helsinki')
  await dialog.getByLabel('Post code').fill('00100')
  await dialog.getByLabel('Address').fill('Mannerheimintie 1')
  await dialog.getByTestId('deposit-next').click()
  // The seeded demo deposit saved a card (step 4); this one pays with a new card.
  await expect(dialog.getByTestId('deposit-step-4')).toBeVisible()
  await expect(dialog.getByText('Step 4 of 5: Saved cards')).toBeVisible()
  await dialog.getByRole('radio', { name: 'Use a new card' }).check()
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByText('Step 5 of 5: Payment details')).toBeVisible()
  await payWithNewCard(dialog, '4242 4242 4242 4242')
  await expect(dialog.getByTestId('deposit-success')).toBeVisible()
  await expect(dialog.getByText('Your balance is now €525.00.')).toBeVisible()
  await expect(balance(page)).toHaveText('€525.00')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()

  // Deposit 2: the profile is complete (no step 3). The saved card (step 4) pays by its token:
  // step 5 only confirms it, with no security code, and the total stays 4 all the way.
  dialog = await openDeposit(page)
  await methodTile(dialog, 'card').click()
  await expect(dialog.getByText('Step 2 of 4: Amount')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('10')
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByTestId('deposit-step-4')).toBeVisible()
  await expect(dialog.getByText('Step 3 of 4: Saved cards')).toBeVisible()
  await expect(dialog.getByRole('radio', { checked: true })).not.toHaveAccessibleName(
    'Use a new card',
  )
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByText('Step 4 of 4: Payment details')).toBeVisible()
  await expect(dialog.getByTestId('saved-pays')).toContainText('Visa')
  await expect(dialog.getByTestId('card-fields')).toHaveCount(0)
  await expect(dialog.getByTestId('deposit-next')).toHaveText('Deposit €10.00')
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByTestId('deposit-success')).toBeVisible()
  await expect(balance(page)).toHaveText('€535.00')
  await dialog.getByRole('button', { name: 'Done' }).click()

  // A withdrawal from the player menu.
  await page.getByRole('button', { name: 'Open the player menu' }).click()
  await page.getByTestId('player-menu').getByTestId('open-withdraw').click()
  const withdraw = withdrawDialog(page)
  await expect(withdraw.getByTestId('payment-methods')).toBeVisible()
  await methodTile(withdraw, 'bank').click()
  await withdraw.getByRole('textbox', { name: 'Amount' }).fill('30')
  await withdraw.getByLabel('IBAN (account number)').fill('FI2112345600000785')
  await withdraw
    .getByLabel('Name on the card')
    .or(withdraw.getByLabel('holder'))
    .fill('Alex Morgan')
  await withdraw.getByTestId('withdraw-submit').click()
  // An IBAN the player has not been paid to before: the dialog asks for the password.
  const password = withdraw.getByLabel('Your password')
  await expect(password).toBeVisible()
  await expect(withdraw.getByText('This is a new payout destination.')).toBeVisible()
  await password.fill('wrong-password')
  await withdraw.getByTestId('withdraw-submit').click()
  await expect(withdraw.getByText('The password is not correct.')).toBeVisible()
  await password.fill(DEMO_PLAYER.password)
  await withdraw.getByTestId('withdraw-submit').click()
  await expect(withdraw.getByTestId('withdraw-pending')).toBeVisible()
  await expect(balance(page)).toHaveText('€505.00')
  await withdraw.getByRole('button', { name: 'Done' }).click()

  // The cabinet: the pending cash-out on the dashboard, cancelled from the withdrawals tab.
  await page.goto('/en/account/')
  await expect(page.getByTestId('cash-out')).toBeVisible()
  await gotoInteractive(page, '/en/account/transaction/withdrawal/')
  const withdrawals = page.getByTestId('transactions-list')
  await expect(withdrawals.getByTestId('transaction-row')).toHaveCount(1)
  await withdrawals.getByRole('button', { name: 'Cancel withdrawal' }).click()
  await expect(withdrawals.locator('[data-status="cancelled"]')).toHaveCount(1)
  await expect(balance(page)).toHaveText('€535.00')
  // Hydrated before the filter is changed: a change made before that is lost.
  await gotoInteractive(page, '/en/account/transaction/')
  const deposits = page.getByTestId('transactions-list')
  await expect(deposits.getByText('+€25.00')).toBeVisible()
  await expect(deposits.getByText('+€10.00')).toBeVisible()
  // The status filter asks the server again.
  await page.getByLabel('Status').selectOption('failed')
  await expect(page.getByText('Nothing matches these filters')).toBeVisible()
  // The browser logs the two refusals the dialog turned into a password prompt: nothing else.
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 403 (Forbidden)',
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ])
})

test("a deposit over the player's own limit is explained at the amount step, not refused at the last", async ({
  page,
}) => {
  await registerPlayer(page)
  const status = await page.evaluate(async () => {
    const headers = { 'X-Requested-With': 'XMLHttpRequest' }
    const csrf = (await (await fetch('/csrf/get-new', { headers })).json()) as Record<
      string,
      string
    >
    const answer = await fetch('/player/deposit-limits', {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'X-CSRF-Token': csrf['_csrf-frontend'] ?? '',
      },
      body: JSON.stringify({ period: 'day', amount: '5000' }),
    })
    return answer.status
  })
  expect(status).toBe(200)
  await page.goto('/en/?q=/a/deposit')
  const dialog = depositDialog(page)
  await methodTile(dialog, 'card').click()
  await expect(dialog.getByTestId('deposit-step-2')).toBeVisible()
  const note = dialog.getByTestId('deposit-limit-note')
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('80')
  await expect(note).toHaveText(
    'This amount is above your 24-hour deposit limit: you can deposit up to €50.00 now.',
  )
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByTestId('deposit-step-2')).toBeVisible()
  await expect(dialog.getByText('you can deposit up to €50.00 now.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('40')
  await expect(note).toHaveText('Your 24-hour deposit limit leaves €50.00 to deposit now.')
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByTestId('deposit-step-2')).toBeHidden()
})

test('a 3-D Secure card asks the bank, a declined card says so and offers another try', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const errors = watchConsole(page)
  await registerPlayer(page)
  await page.goto('/en/')
  await expect(balance(page)).toHaveText('€0.00')

  const dialog = await openDeposit(page)
  await methodTile(dialog, 'card').click()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('20')
  await dialog.getByTestId('deposit-next').click()
  // A fresh player's profile is complete and has no saved card: amount, then card details.
  await payWithNewCard(dialog, '4000 0027 6000 3184')
  // The bank's check is the provider's own page, in a frame: its answer credits the deposit.
  const bank = dialog.getByTestId('three-ds-frame').locator('iframe').contentFrame()
  await expect(bank.getByRole('heading', { name: 'Confirm this payment' })).toBeVisible()
  await expect(bank.getByText('Visa •••• 3184')).toBeVisible()
  await bank.getByRole('button', { name: 'Approve' }).click()
  await expect(dialog.getByTestId('deposit-success')).toBeVisible()
  await expect(balance(page)).toHaveText('€20.00')

  await dialog.getByRole('button', { name: 'Done' }).click()
  const again = await openDeposit(page)
  await methodTile(again, 'card').click()
  await again.getByTestId('deposit-next').click()
  // A saved card now exists: choose a new one.
  await again.getByRole('radio', { name: 'Use a new card' }).check()
  await again.getByTestId('deposit-next').click()
  await payWithNewCard(again, '4000 0000 0000 0002')
  await expect(again.getByTestId('deposit-declined')).toBeVisible()
  await again.getByRole('button', { name: 'Try again' }).click()
  await expect(again.getByTestId('deposit-step-2')).toBeVisible()
  await expect(balance(page)).toHaveText('€20.00')
  await page.keyboard.press('Escape')
  await expect(again).toBeHidden()

  // A card payout goes to the card that paid, chosen among the saved cards: no card number, no
  // security code.
  await page.getByRole('button', { name: 'Open the player menu' }).click()
  await page.getByTestId('player-menu').getByTestId('open-withdraw').click()
  const withdraw = withdrawDialog(page)
  await methodTile(withdraw, 'card').click()
  await expect(withdraw.getByRole('radio', { name: /Visa •••• 3184/ })).toBeChecked()
  await expect(withdraw.getByLabel('Security code')).toHaveCount(0)
  await withdraw.getByRole('textbox', { name: 'Amount' }).fill('20')
  await withdraw.getByTestId('withdraw-submit').click()
  await expect(withdraw.getByTestId('withdraw-pending')).toBeVisible()
  await expect(balance(page)).toHaveText('€0.00')
  await withdraw.getByRole('button', { name: 'Cancel withdrawal' }).click()
  await expect(withdraw.getByTestId('withdraw-cancelled')).toBeVisible()
  await expect(balance(page)).toHaveText('€20.00')
  await withdraw.getByRole('button', { name: 'Done' }).click()

  // Deposit limits in the cabinet's Safer play tab: a new limit applies at once, a raise waits
  // 24 hours.
  await gotoInteractive(page, '/en/account/limits/')
  const daily = page.getByTestId('limit-day')
  await daily.getByRole('button', { name: 'Set a limit' }).click()
  await daily.getByLabel('New limit (EUR)').fill('100')
  await daily.getByRole('button', { name: 'Save' }).click()
  await expect(daily.getByText('€100.00', { exact: true })).toBeVisible()
  await expect(daily.getByText('€20.00 used of €100.00')).toBeVisible()
  await daily.getByRole('button', { name: 'Change' }).click()
  await daily.getByLabel('New limit (EUR)').fill('250')
  await daily.getByRole('button', { name: 'Save' }).click()
  await expect(daily.getByTestId('limit-pending')).toContainText('Rises to €250.00')

  // A wager limit below the smallest stake: the server refuses the next Dice bet, says why, and
  // the balance stays.
  const dailyWager = page.getByTestId('wager-limit-day')
  await dailyWager.getByRole('button', { name: 'Set a limit' }).click()
  await dailyWager.getByLabel('New limit (EUR)').fill('0.05')
  await dailyWager.getByRole('button', { name: 'Save' }).click()
  await expect(dailyWager.getByText('€0.05', { exact: true })).toBeVisible()
  await expect(dailyWager.getByText('€0.00 used of €0.05')).toBeVisible()
  await openGame(page, '/en/game/dice/')
  await expect(page.getByTestId('server-seed-hash')).toHaveCount(1)
  await page.getByRole('button', { name: 'Roll' }).click()
  await expect(page.getByTestId('dice-error')).toContainText(
    'This stake would go over your wager limit. You can stake up to 0.05 EUR more now',
  )
  await expect(balance(page)).toHaveText('€20.00')

  // Escape closes the wallet menu and gives the focus back to the balance.
  const walletButton = page.getByTestId('balance')
  await walletButton.click()
  const menu = page.getByTestId('wallet-menu')
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(walletButton).toBeFocused()
  // The wallet menu opens another currency and makes it current.
  await walletButton.click()
  await menu.getByLabel('Open a wallet in another currency').selectOption('USD')
  await menu.getByRole('button', { name: 'Open', exact: true }).click()
  await menu.getByRole('button', { name: /^USD/ }).click()
  await expect(balance(page)).toHaveText('$0.00')
  // The one console error is the browser's note on the refused Dice bet's 409.
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ])
})

test('a crypto deposit shows the address and QR, and turns to success when the webhook credits it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const { email } = await registerPlayer(page)
  await gotoInteractive(page, '/en/')
  const dialog = await openDeposit(page)
  await methodTile(dialog, 'btc').click()
  await expect(dialog.getByTestId('conversion')).toBeVisible()
  await dialog.getByTestId('deposit-next').click()
  const crypto = dialog.getByTestId('send-crypto')
  await expect(crypto).toBeVisible()
  await expect(crypto.getByRole('img', { name: /QR code/ })).toBeVisible()
  await expect(dialog.getByTestId('waiting')).toBeVisible()

  // The sandbox gateway's webhook, sent from the dev page in another tab.
  const dev = await context.newPage()
  await dev.goto('/dev/payments')
  const row = dev.locator('tr', { hasText: email })
  await row.getByRole('button', { name: 'Send webhook' }).click()
  await expect(dialog.getByTestId('deposit-success')).toBeVisible({ timeout: 20_000 })
  await expect(balance(page)).not.toHaveText('€0.00')
  await dialog.getByRole('button', { name: 'Done' }).click()

  // A bank transfer waits with the details to pay to.
  const bank = await openDeposit(page)
  await methodTile(bank, 'bank').click()
  await bank.getByTestId('deposit-next').click()
  const details = bank.getByTestId('bank-transfer')
  await expect(details.getByText('Payment reference')).toBeVisible()
  await expect(details.getByText('Amount to transfer')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/deposit-bank-en-1280.png` })
  await expect(details.getByRole('button', { name: 'Copy' })).toHaveCount(4)
  await expectAccessible(page, 'bank transfer details')
  await bank.getByRole('button', { name: 'Done' }).click()

  // The withdrawal dialog passes axe too.
  await gotoInteractive(page, '/en/?q=/a/withdraw')
  await expect(withdrawDialog(page).getByTestId('payment-methods')).toBeVisible()
  await expectAccessible(page, 'withdraw methods')
  await methodTile(withdrawDialog(page), 'bank').click()
  await expect(withdrawDialog(page).getByTestId('withdraw-form')).toBeVisible()
  await expectAccessible(page, 'withdraw form')
  await page.setViewportSize({ width: 375, height: 860 })
  await page.screenshot({ path: `${SHOTS}/withdraw-form-en-375.png` })
})

test('a balance change made while the socket was down shows once it reconnects', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  // Every socket goes through this route, so the test can cut it; while it is down, a reconnect is
  // held before it reaches the server and let through once it is up again.
  let isDown = false
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = []
  const held: WebSocketRoute[] = []
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (isDown) {
      held.push(ws)
      return
    }
    open.push({ page: ws, server: ws.connectToServer() })
  })
  const { email } = await registerPlayer(page)
  await gotoInteractive(page, '/en/')
  await expect(balance(page)).toHaveText('€0.00')
  await expect.poll(() => open.length).toBeGreaterThan(0)

  // A crypto deposit address, then the dialog is closed: nothing on the page watches the deposit.
  const dialog = await openDeposit(page)
  await methodTile(dialog, 'btc').click()
  await dialog.getByTestId('deposit-next').click()
  await expect(dialog.getByTestId('send-crypto')).toBeVisible()
  await dialog.getByLabel('Close', { exact: true }).click()
  await expect(dialog).toBeHidden()

  isDown = true
  for (const socket of open.splice(0)) {
    await socket.server.close()
    await socket.page.close()
  }
  // The gateway's webhook credits the deposit while no socket can hear it.
  const devContext = await browser.newContext()
  const dev = await devContext.newPage()
  await dev.goto('/dev/payments')
  await dev.locator('tr', { hasText: email }).getByRole('button', { name: 'Send webhook' }).click()
  await expect(dev.locator('tr', { hasText: email })).toHaveCount(0)
  await devContext.close()
  await expect
    .poll(async () => {
      const answer = await page.request.get('/player/wallet', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      const { data } = (await answer.json()) as { data: { cents: string }[] }
      return data.some((entry) => entry.cents !== '0')
    })
    .toBe(true)
  await expect(balance(page)).toHaveText('€0.00')

  isDown = false
  for (const ws of held.splice(0)) ws.connectToServer()
  await expect(balance(page)).not.toHaveText('€0.00', { timeout: 20_000 })
})

// One journey per locale and width: the four in one went over two minutes on a busy machine.
for (const locale of ['en', 'ar-en'] as const) {
  for (const width of [375, 1440]) {
    const audited = locale === 'en' && width === 1440
    test(`the deposit dialog and the transaction tab${audited ? ' pass axe' : ''}: screenshots in ${locale} at ${String(width)} px`, async ({
      page,
    }) => {
      test.setTimeout(90_000)
      await registerPlayer(page)
      await page.setViewportSize({ width, height: width < 800 ? 860 : 1000 })
      const tag = `${locale}-${String(width)}`
      await page.goto(`/${locale}/?q=/a/deposit`)
      const dialog = page.getByRole('dialog').first()
      await expect(dialog.getByTestId('payment-methods')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/deposit-1-methods-${tag}.png` })
      if (audited) await expectAccessible(page, 'deposit methods')
      await methodTile(dialog, 'card').click()
      await expect(dialog.getByTestId('deposit-step-2')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/deposit-2-amount-${tag}.png` })
      if (audited) await expectAccessible(page, 'deposit amount')
      await dialog.getByTestId('deposit-next').click()
      await expect(dialog.getByTestId('deposit-step-5')).toBeVisible()
      const card = dialog.getByTestId('card-fields').locator('iframe').contentFrame()
      // The provider's page speaks the player's language: found by its field, not its label.
      await expect(card.locator('input[autocomplete="cc-number"]')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/deposit-5-card-${tag}.png` })
      // Paying with nothing typed: the provider's page names each field.
      await dialog.getByTestId('deposit-next').click()
      await expect(card.getByRole('alert').first()).not.toBeEmpty()
      await page.screenshot({ path: `${SHOTS}/deposit-5-card-errors-${tag}.png` })
      if (audited) await expectAccessible(page, 'deposit card details')
      await page.keyboard.press('Escape')
      await gotoInteractive(page, `/${locale}/?q=/a/deposit`)
      await methodTile(page.getByRole('dialog').first(), 'btc').click()
      await page.getByRole('dialog').first().getByTestId('deposit-next').click()
      await expect(page.getByTestId('send-crypto')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/deposit-crypto-${tag}.png` })
      if (audited) await expectAccessible(page, 'deposit crypto')

      await page.goto(`/${locale}/account/transaction/`)
      await expect(page.getByTestId('transaction-filters')).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${SHOTS}/transactions-${tag}.png`, fullPage: true })
      if (audited) await expectAccessible(page, 'transaction tab')
      await page.goto(`/${locale}/account/limits/`)
      await expect(page.getByTestId('deposit-limits')).toBeVisible()
      await expect(page.getByTestId('wager-limits')).toBeVisible()
      await expect(page.getByTestId('loss-limits')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/safer-play-${tag}.png`, fullPage: true })
      if (audited) await expectAccessible(page, 'safer play tab')
    })
  }
}
