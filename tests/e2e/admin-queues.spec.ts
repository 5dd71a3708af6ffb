import { randomUUID } from 'node:crypto'
import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type Page,
} from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import {
  apiSession,
  createConsoleOperator,
  expectAccessible,
  gotoInteractive,
  registerPlayer,
  seededOperatorSession,
  signInToConsole,
  socketConnected,
  watchConsole,
  type ConsoleOperator,
} from './support.ts'

/*
 * The operators' queues in the console (issue 27): a KYC document approved in the console reaches
 * the player as a notification; a withdrawal above the second-approval amount (2,000 EUR, the
 * default setting) is paid only once two different operators approved it. The operators are
 * created by the seeded admin through the operators API (support.ts), each with its own secret.
 */

/** A real (one-pixel) PNG, so the console's viewer has a picture to draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const IBAN = 'FI2112345600000785'
const API = { 'X-Requested-With': 'XMLHttpRequest' }
/** A page of a console operator of its own (a browser context with its own cookies). */
async function consolePage(
  browser: Browser,
  operator: ConsoleOperator,
  path: string,
  heading: string,
) {
  const page = await (await browser.newContext()).newPage()
  const errors = watchConsole(page)
  await signInToConsole(page, operator)
  await gotoInteractive(page, path)
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
  return { page, errors }
}

/**
 * The same operator signed in a second time, through the API (another session): a code of the
 * next step, since the browser's sign-in spent the current one.
 */
function secondSessionOf(baseURL: string | undefined, operator: ConsoleOperator) {
  return playwrightRequest.newContext({ baseURL }).then((request) =>
    apiSession(request, '/admin/api/login', {
      email: operator.email,
      password: operator.password,
      otp: new TOTP({ secret: Secret.fromBase32(operator.totpSecret) }).generate({
        timestamp: Date.now() + 30_000,
      }),
    }),
  )
}

/** A call of the signed-in player's page, with the session's CSRF token. */
function playerCall(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body, api }) => {
      const csrf = (await (await fetch('/csrf/get-new', { headers: api })).json()) as Record<
        string,
        string
      >
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          ...api,
          'Content-Type': 'application/json',
          'X-CSRF-Token': csrf['_csrf-frontend'] ?? '',
        },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    },
    { path, body, api: API },
  )
}

/** The player uploads a PNG passport from the verification page, as a player does. */
async function uploadPassport(page: Page) {
  await gotoInteractive(page, '/en/account/profile/verification/')
  await expect(page.getByText('No documents yet')).toBeVisible()
  await page.getByLabel('Document type').selectOption('passport')
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Send for review' }).click()
  await expect(page.getByText('Under review')).toBeVisible()
}

test('a KYC document approved in the console reaches the player as a notification', async ({
  page,
  browser,
  baseURL,
}) => {
  const errors = watchConsole(page)
  const player = await registerPlayer(page)
  await uploadPassport(page)
  // The player stays on a page with the socket open, where the decision arrives as a toast.
  const connected = socketConnected(page)
  await gotoInteractive(page, '/en/')
  await connected

  const kyc = await createConsoleOperator(baseURL, test.info().retry, ['kyc'])
  const { page: operatorPage, errors: consoleErrors } = await consolePage(
    browser,
    kyc,
    '/admin/queues/kyc/',
    'KYC documents',
  )
  await operatorPage.getByLabel('Player e-mail contains').fill(player.email)
  await operatorPage.getByRole('button', { name: 'Search' }).click()
  const table = operatorPage.getByRole('table', { name: 'Identity documents' })
  await expect(table.getByText(player.email)).toBeVisible()
  await table.getByRole('button', { name: `View the Passport of ${player.email}` }).click()
  const viewer = operatorPage.getByRole('dialog', { name: 'Passport' })
  const picture = viewer.getByRole('img', { name: 'Identity document passport.png' })
  await expect(picture).toBeVisible()
  // Drawn: the file arrived whole and is a picture the browser can decode.
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1)
  await expectAccessible(operatorPage, 'KYC queue with the document viewer')
  for (const width of [390, 1280]) {
    await operatorPage.setViewportSize({ width, height: 900 })
    await operatorPage.screenshot({
      path: test.info().outputPath(`kyc-viewer-${String(width)}.png`),
    })
  }
  await viewer.getByRole('button', { name: 'Approve' }).click()
  const confirm = operatorPage.getByRole('dialog', { name: 'Approve this Passport?' })
  await confirm.getByRole('button', { name: 'Approve' }).click()
  await expect(confirm).toBeHidden()
  await expect(
    operatorPage.getByRole('status').filter({ hasText: 'Approved the Passport' }),
  ).toBeVisible()
  // Gone from the waiting list.
  await expect(operatorPage.getByText('No documents match these filters.')).toBeVisible()

  await expect(
    page.getByTestId('toast').filter({ hasText: 'Your passport has been approved.' }),
  ).toBeVisible()
  await gotoInteractive(page, '/en/account/profile/verification/')
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
  expect(errors).toEqual([])
  expect(consoleErrors).toEqual([])
})

test('a withdrawal above the second-approval amount is paid once two operators approved it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const admin = await seededOperatorSession(baseURL, test.info().retry)
  const firstOperator = await createConsoleOperator(baseURL, test.info().retry, ['finance'])
  const secondOperator = await createConsoleOperator(baseURL, test.info().retry, ['finance'])

  // A player with a confirmed e-mail and an approved passport announces a 2,600 EUR bank transfer.
  const player = await registerPlayer(page)
  // The verification e-mail goes out just after sign-up answers: the outbox is polled.
  let verify: string | undefined
  await expect(async () => {
    const outbox = await page.request.get(
      `/dev/outbox.json?recipient=${encodeURIComponent(player.email)}`,
    )
    const { messages } = (await outbox.json()) as { messages: { links: string[] }[] }
    verify = messages.flatMap((message) => message.links).find((l) => l.includes('verify-email'))
    expect(verify).toBeDefined()
  }).toPass({ timeout: 10_000 })
  await page.goto(verify ?? '')
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible()
  await uploadPassport(page)
  const documents = await page.request.get('/player/get-documents', { headers: API })
  const [document] = ((await documents.json()) as { data: { documents: { id: string }[] } }).data
    .documents
  expect(
    (await admin.post(`/admin/api/documents/${document?.id ?? ''}/approve`, {})).status(),
  ).toBe(200)
  const deposit = await playerCall(page, '/payment/deposit', {
    method_id: 'bank_transfer',
    currency: 'EUR',
    amount: '260000',
    idempotency_key: randomUUID(),
  })
  expect(deposit.status).toBe(200)
  const reference = (deposit.body.data as { next_action: { reference: string } }).next_action
    .reference

  // The first operator confirms the transfer with what the bank statement shows.
  const { page: first, errors: firstErrors } = await consolePage(
    browser,
    firstOperator,
    '/admin/queues/bank-deposits/',
    'Bank transfers to confirm',
  )
  await first.getByLabel('Player e-mail contains').fill(player.email)
  await first.getByRole('button', { name: 'Search' }).click()
  const transfers = first.getByRole('table', { name: 'Bank transfers waiting for the money' })
  await expect(transfers.getByText(reference)).toBeVisible()
  await expectAccessible(first, 'bank transfers')
  await transfers
    .getByRole('button', { name: `Confirm the transfer with reference ${reference}` })
    .click()
  const arrival = first.getByRole('dialog', { name: `Confirm transfer ${reference}` })
  await expect(arrival.getByLabel('Amount received (EUR)')).toHaveValue('2600.00')
  await arrival.getByLabel('Amount received (EUR)').fill('2600,5')
  await arrival.getByRole('button', { name: 'Confirm arrival' }).click()
  await expect(arrival.getByRole('alert')).toContainText('Enter the amount received')
  await arrival.getByLabel('Amount received (EUR)').fill('2600.00')
  await arrival.getByRole('button', { name: 'Confirm arrival' }).click()
  await expect(arrival).toBeHidden()
  await expect(
    first.getByRole('status').filter({ hasText: `Credited 2600.00 EUR for transfer ${reference}` }),
  ).toBeVisible()
  await expect(first.getByText('No bank transfers are waiting.')).toBeVisible()

  const withdrawal = await playerCall(page, '/payment/withdraw', {
    method_id: 'bank_transfer',
    currency: 'EUR',
    amount: '250000',
    fields: { iban: IBAN, holder: 'Robin Wallet' },
    idempotency_key: randomUUID(),
    password: player.password,
  })
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200)
  const withdrawalId = (withdrawal.body.data as { transaction_id: string }).transaction_id

  // The first operator approves: recorded, still pending, waiting for someone else.
  await first.getByRole('link', { name: 'Withdrawals' }).click()
  // The page's own filter, not the one of the page it leaves.
  await expect(first.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible()
  await first.getByLabel('Player e-mail contains').fill(player.email)
  await first.getByRole('button', { name: 'Search' }).click()
  const firstTable = first.getByRole('table', { name: 'Withdrawals' })
  await expect(firstTable.getByText('Needs two approvals')).toBeVisible()
  await firstTable
    .getByRole('button', { name: `Approve the withdrawal of ${player.email}` })
    .click()
  const firstDialog = first.getByRole('dialog', {
    name: `Approve the withdrawal of ${player.email}?`,
  })
  await expect(firstDialog.getByText('Yours is recorded as the first')).toBeVisible()
  await firstDialog.getByRole('button', { name: 'Approve' }).click()
  await expect(
    first.getByRole('status').filter({ hasText: 'First approval recorded' }),
  ).toBeVisible()
  await expect(firstTable.getByText(/First approval by you/)).toBeVisible()
  await expectAccessible(first, 'withdrawal queue')
  await expect(
    firstTable.getByText('You approved first: another operator must approve'),
  ).toBeVisible()
  await expect(
    firstTable.getByRole('button', { name: `Approve the withdrawal of ${player.email}` }),
  ).toHaveCount(0)
  // The same operator from another session cannot give the second approval either.
  const firstAgain = await secondSessionOf(baseURL, firstOperator)
  const again = await firstAgain.post(`/admin/api/withdrawals/${withdrawalId}/approve`, {})
  expect(again.status()).toBe(409)
  expect(((await again.json()) as { errors: { code: string } }).errors.code).toBe(
    'withdrawals.second_approver_required',
  )

  // The second operator, in a browser of their own, sees it waiting and pays it out.
  const { page: other, errors: otherErrors } = await consolePage(
    browser,
    secondOperator,
    '/admin/queues/withdrawals/',
    'Withdrawals',
  )
  await other.getByLabel('Approvals').selectOption('awaiting_second')
  await expect(other).toHaveURL(/approval=awaiting_second/)
  await other.getByLabel('Player e-mail contains').fill(player.email)
  await other.getByRole('button', { name: 'Search' }).click()
  const otherTable = other.getByRole('table', { name: 'Withdrawals' })
  await expect(otherTable.getByText(/First approval by E2E finance/)).toBeVisible()
  await otherTable
    .getByRole('button', { name: `Approve the withdrawal of ${player.email}` })
    .click()
  const otherDialog = other.getByRole('dialog', {
    name: `Approve the withdrawal of ${player.email}?`,
  })
  await expect(otherDialog.getByText('pays it out now')).toBeVisible()
  await otherDialog.getByRole('button', { name: 'Approve' }).click()
  await expect(
    other.getByRole('status').filter({ hasText: 'Paid out the withdrawal' }),
  ).toBeVisible()

  // The player's withdrawal is completed.
  await gotoInteractive(page, '/en/account/transaction/withdrawal/')
  await expect(
    page.getByTestId('transactions-list').locator('[data-status="completed"]'),
  ).toHaveCount(1)
  expect(otherErrors).toEqual([])

  // Screens at a phone's width and a desktop's, for a look; the held deposits' page too.
  await other.getByLabel('Status').selectOption('completed')
  // The filters live in the address: each change lands before the next one is made.
  await expect(other).toHaveURL(/status=completed/)
  // A decided withdrawal waits for no approval: none matches until that filter is cleared.
  await expect(other.getByText('No withdrawals match these filters.')).toBeVisible()
  await other.getByLabel('Approvals').selectOption('')
  await expect(other).not.toHaveURL(/approval=/)
  await expect(other.getByText('Paid out', { exact: true }).last()).toBeVisible()
  for (const width of [390, 1280]) {
    await other.setViewportSize({ width, height: 900 })
    await other.screenshot({ path: test.info().outputPath(`withdrawals-${String(width)}.png`) })
  }
  await first.getByRole('link', { name: 'Held deposits' }).click()
  await expect(first.getByRole('heading', { name: 'Deposits held for review' })).toBeVisible()
  await expect(
    first.getByText('No deposits are held for review.').or(first.getByRole('table')),
  ).toBeVisible()
  await expectAccessible(first, 'held deposits')
  await first.setViewportSize({ width: 390, height: 900 })
  await first.screenshot({ path: test.info().outputPath('held-390.png') })
  expect(firstErrors).toEqual([])
})
