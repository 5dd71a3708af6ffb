import {
  expect,
  request as playwrightRequest,
  test,
  type Cookie,
  type Page,
} from '@playwright/test'
import {
  acceptCookies,
  depositByCard,
  expectAccessible,
  gotoInteractive,
  openGame,
  registerPlayer,
  signUpThroughDialog,
  watchConsole,
} from './support.ts'

/**
 * Issue 26's cabinet journeys: the deposit-limit prompt (declined at sign-up, answered with a
 * limit at the first deposit), a 24-hour time-out taken in the Safer play tab with the password,
 * then refused at the header's Deposit button (the message with the end) and in Dice, while
 * withdrawing still opens; and the Safer play tab and the dashboard's limits card in English,
 * German and right-to-left Arabic at 320 px (no sideways scroll), 375 px (axe too) and 1440 px,
 * screenshots in `test-results/screenshots/`.
 */
const SHOTS = 'test-results/screenshots'

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL)
})

const depositDialog = (page: Page) => page.getByRole('dialog', { name: 'Deposit' })

test('a new player declines the limit prompt, deposits, takes a 24-hour time-out and is refused at Deposit and in Dice; withdrawing still opens', async ({
  page,
}) => {
  const errors = watchConsole(page)
  const email = `time-out-${String(Date.now())}@aurum.test`
  const password = 'Golden-Pause-2026'

  // Sign-up ends with the prompt, in the same dialog; declining closes it for good.
  await gotoInteractive(page, '/en/?q=/a/register')
  await signUpThroughDialog(page, email, password, { limitPrompt: 'leave' })
  const prompt = page.getByRole('dialog', { name: 'Set a deposit limit?' })
  await expect(prompt.getByTestId('limit-prompt')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/limit-prompt-en.png` })
  await prompt.getByRole('button', { name: 'No thanks' }).click()
  await expect(prompt).toBeHidden()

  // Money in; the deposit dialog goes straight to the methods (the prompt was answered).
  await depositByCard(page, '5000')
  await page.getByTestId('open-deposit').click()
  await expect(depositDialog(page).getByTestId('payment-methods')).toBeVisible()
  await expect(depositDialog(page).getByTestId('limit-prompt')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(depositDialog(page)).toBeHidden()

  // A 24-hour time-out, confirmed with its end and the password.
  await gotoInteractive(page, '/en/account/limits/')
  const card = page.getByTestId('take-a-break')
  await card.getByTestId('break-periods').getByRole('radio', { name: '24 hours' }).check()
  await card.getByRole('button', { name: 'Continue' }).click()
  const confirm = card.getByTestId('break-confirm-text')
  await expect(confirm).toContainText('Your time-out of 24 hours starts now and ends on')
  await card.getByLabel('Current password').fill('not the password')
  await card.getByRole('button', { name: 'Start my time-out' }).click()
  await expect(card.getByText('This is not your current password.')).toBeVisible()
  await card.getByLabel('Current password').fill(password)
  await card.getByRole('button', { name: 'Start my time-out' }).click()
  const inForce = card.getByTestId('break-in-force')
  await expect(inForce).toContainText('You are on a time-out.')
  // The end as the card words it ("November 28, 2026 at 8:08 AM"), to find in the deposit dialog.
  const ends = /It ends on (.+?[AP]M)\./.exec((await inForce.textContent()) ?? '')?.[1] ?? ''
  expect(ends).not.toBe('')
  // From now on a break can only grow (which periods still do is the unit tests' part).
  await expect(card.getByText('You can make your break longer, never shorter.')).toBeVisible()

  // The header's Deposit: the bar's message with the end, the way to withdraw and Safer play.
  await page.getByTestId('open-deposit').click()
  const barred = depositDialog(page).getByTestId('deposit-barred')
  await expect(barred).toContainText(`You are on a time-out until ${ends}.`)
  await expect(barred.getByRole('link', { name: 'Safer play' })).toHaveAttribute(
    'href',
    '/en/account/limits/',
  )
  await expect(depositDialog(page).getByTestId('payment-methods')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/deposit-barred-en.png` })
  await barred.getByRole('link', { name: 'Withdraw' }).click()
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' })
  await expect(withdraw.getByTestId('payment-methods')).toBeVisible()
  await page.keyboard.press('Escape')

  // Dice: the bet is refused with the time-out's message and the balance stays.
  await openGame(page, '/en/game/dice/')
  const bet = page.waitForResponse((response) =>
    response.url().endsWith('/games/originals/dice/bet'),
  )
  await page.getByTestId('dice-roll').click()
  expect((await bet).status()).toBe(409)
  await expect(page.getByTestId('dice-error')).toContainText('You are taking a break from play.')
  await expect(page.getByTestId('balance-amount')).toHaveText('€50.00')

  // The console errors are the browser's notes on the wrong password and the refused bet.
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ])
})

test('a new player sets a weekly deposit limit when the first deposit opens, and sees it at a glance', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await registerPlayer(page, { limitPrompt: 'leave' })
  await gotoInteractive(page, '/en/')
  await page.getByTestId('open-deposit').click()
  const dialog = depositDialog(page)
  const prompt = dialog.getByTestId('limit-prompt')
  await expect(prompt).toBeVisible()
  // Checked here before it is sent.
  await prompt.getByRole('button', { name: 'Set my limit' }).click()
  await expect(prompt.getByText('Enter an amount, for example 25 or 25.50.')).toBeVisible()
  await prompt.getByLabel('Period').selectOption('week')
  await prompt.getByLabel('Limit (EUR)').fill('100')
  await prompt.getByRole('button', { name: 'Set my limit' }).click()
  // Answered: the deposit goes on to the methods, and the prompt never shows again.
  await expect(dialog.getByTestId('payment-methods')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByTestId('open-deposit').click()
  await expect(depositDialog(page).getByTestId('payment-methods')).toBeVisible()
  await expect(depositDialog(page).getByTestId('limit-prompt')).toHaveCount(0)

  await gotoInteractive(page, '/en/account/')
  const glance = page.getByTestId('protection-glance')
  await expect(glance.getByTestId('glance-deposit')).toHaveText('Deposits€100.00 per week')
  await glance.page().getByTestId('glance-manage').click()
  await expect(page).toHaveURL(/\/en\/account\/limits\/$/)
  await expect(page.getByTestId('limit-week')).toContainText('€100.00')
  expect(errors).toEqual([])
})

test('a player without money closes the account, is signed out, and signing in again says it is closed', async ({
  page,
}) => {
  const errors = watchConsole(page)
  const account = await registerPlayer(page)
  await gotoInteractive(page, '/en/account/limits/')
  const form = page.getByTestId('close-account')
  // Checked here before it is sent.
  await form.getByRole('button', { name: 'Close my account' }).click()
  await expect(form.getByText('Choose a reason.')).toBeVisible()
  // Harm from gambling points to a break instead.
  await form.getByLabel('Why are you closing your account?').selectOption('too_much_time')
  await expect(form.getByRole('link', { name: 'Take a break instead' })).toHaveAttribute(
    'href',
    '#take-a-break',
  )
  await form.getByLabel('Why are you closing your account?').selectOption('not_for_me')
  await form.getByLabel('Current password').fill(account.password)
  await form.getByRole('button', { name: 'Close my account' }).click()
  await expect(page.getByText('Your account is closed')).toBeVisible()
  await expect(page).toHaveURL(/\/en\/$/)
  await expect(page.getByTestId('open-deposit')).toHaveCount(0)

  await gotoInteractive(page, '/en/?q=/a/login')
  const login = page.getByRole('dialog', { name: 'Welcome back' })
  await login.getByLabel('E-mail').fill(account.email)
  await login.getByLabel('Password').fill(account.password)
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(login.getByRole('alert')).toHaveText(
    'This account is closed. To reopen it, please contact support.',
  )
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 403 (Forbidden)',
  ])
})

const API = { 'X-Requested-With': 'XMLHttpRequest' }
let playerWithLimits: Promise<Cookie[]> | undefined

/**
 * The session of one player with a daily deposit limit, a play-time limit and a reality check, so
 * every card has something to show; made once through the API for the three locales' journeys.
 */
function limitsPlayerCookies(baseURL: string | undefined): Promise<Cookie[]> {
  playerWithLimits ??= (async () => {
    const request = await playwrightRequest.newContext({ baseURL })
    const token = async () =>
      (
        (await (await request.get('/csrf/get-new', { headers: API })).json()) as Record<
          string,
          string
        >
      )['_csrf-frontend'] ?? ''
    const signUp = await request.post('/register', {
      headers: { ...API, 'X-CSRF-Token': await token() },
      data: {
        email: `limits-${String(Date.now())}@aurum.test`,
        password: 'Golden-Limits-2026',
        currency: 'EUR',
        terms_accepted: true,
        first_name: 'Robin',
        last_name: 'Wallet',
        birth_date: '1988-03-09',
        country: 'FI',
        city: 'Tampere',
        address: 'Hämeenkatu 1',
        post_code: '33100',
        phone: '+358401234567',
        locale: 'en',
      },
    })
    expect(signUp.status()).toBe(200)
    // The sign-up started a new session, with a token of its own.
    const headers = { ...API, 'X-CSRF-Token': await token() }
    const calls: [method: 'POST' | 'PUT', path: string, body: unknown][] = [
      ['POST', '/player/deposit-limits', { period: 'day', amount: '5000' }],
      ['PUT', '/player/protection/play-time', { minutes: 90 }],
      ['PUT', '/player/protection/reality-check', { minutes: 30 }],
      ['POST', '/player/protection/limit-prompt', { answer: 'declined' }],
    ]
    for (const [method, path, data] of calls) {
      expect((await request.fetch(path, { method, headers, data })).status(), path).toBe(200)
    }
    const { cookies } = await request.storageState()
    await request.dispose()
    return cookies
  })()
  return playerWithLimits
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

for (const locale of ['en', 'de', 'ar-en']) {
  test(`the Safer play tab and the limits card fit at 320 px and pass axe at 375 px (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies(await limitsPlayerCookies(baseURL))
    // The narrowest phone the site supports: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 })
    for (const path of ['account/limits/', 'account/']) {
      await gotoInteractive(page, `/${locale}/${path}`)
      await expect(
        page.getByTestId(path === 'account/' ? 'glance-deposit' : 'play-time-limit'),
      ).toBeVisible()
      expect(await fitsWidth(page), `/${locale}/${path} at 320 px`).toBe(true)
    }
    for (const width of [375, 1440]) {
      const isPhone = width === 375
      await page.setViewportSize({ width, height: isPhone ? 812 : 900 })
      await gotoInteractive(page, `/${locale}/account/limits/`)
      await expect(page.getByTestId('deposit-limits')).toBeVisible()
      await expect(page.getByTestId('play-time-limit')).toBeVisible()
      await expect(page.getByTestId('break-periods')).toBeVisible()
      if (isPhone) {
        expect(await fitsWidth(page), `${locale} Safer play at 375 px`).toBe(true)
        await expectAccessible(page, `${locale} Safer play`)
      }
      await page.screenshot({
        path: `${SHOTS}/safer-play-${locale}-${String(width)}.png`,
        fullPage: true,
      })

      await gotoInteractive(page, `/${locale}/account/`)
      const glance = page.getByTestId('protection-glance')
      await expect(glance.getByTestId('glance-deposit')).toBeVisible()
      await expect(glance.getByTestId('glance-reality_check')).toBeVisible()
      if (isPhone) {
        expect(await fitsWidth(page), `${locale} dashboard at 375 px`).toBe(true)
        await expectAccessible(page, `${locale} dashboard`)
      }
      await glance.screenshot({ path: `${SHOTS}/limits-glance-${locale}-${String(width)}.png` })
    }
  })
}
