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
  E2E_OPERATOR,
  apiSession,
  gotoInteractive,
  operatorCode,
  registerPlayer,
  socketConnected,
  watchConsole,
} from './support.ts'

/*
 * The operators' queues in the console (issue 27): a KYC document approved in the console reaches
 * the player as a notification; a withdrawal above the second-approval amount (2,000 EUR, the
 * default setting) is paid only once two different operators approved it.
 */

/** A real (one-pixel) PNG, so the console's viewer has a picture to draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const IBAN = 'FI2112345600000785'
const API = { 'X-Requested-With': 'XMLHttpRequest' }
const STEP_MS = 30_000

/**
 * Each TOTP code signs the seeded operator in once, and the server takes one step ahead of its
 * clock at most: the file's sign-ins take the steps in order, waiting for the clock when they run
 * ahead. A retry runs in a fresh worker and starts past the steps the failed attempt may have used.
 */
let lastStep: number | undefined
async function nextOperatorCode(): Promise<string> {
  const nowStep = () => Math.floor(Date.now() / STEP_MS)
  lastStep ??= nowStep() - 1 + (test.info().retry > 0 ? 2 : 0)
  const step = lastStep + 1
  while (step > nowStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000))
  lastStep = step
  return operatorCode(step - nowStep())
}

/** The seeded operator's API session (admin), for the journeys' setup calls. */
let adminApi: Promise<Awaited<ReturnType<typeof apiSession>>> | undefined
function seededOperatorApi(baseURL: string | undefined) {
  adminApi ??= (async () =>
    apiSession(await playwrightRequest.newContext({ baseURL }), '/admin/api/login', {
      email: E2E_OPERATOR.email,
      password: E2E_OPERATOR.password,
      otp: await nextOperatorCode(),
    }))()
  return adminApi
}

/**
 * The second operator of the four-eyes journey: a finance operator the seeded admin creates
 * through the operators API, signing in with the TOTP secret the API answers once.
 */
async function secondOperator(baseURL: string | undefined) {
  const admin = await seededOperatorApi(baseURL)
  const account = {
    email: `finance-${randomUUID()}@aurum.test`,
    name: 'Frida Finance',
    roles: ['finance'],
    password: 'a second pair of eyes 2026',
  }
  const created = await admin.post('/admin/api/operators', account)
  expect(created.status(), await created.text()).toBe(200)
  const { totpSecret } = ((await created.json()) as { data: { totpSecret: string } }).data
  return {
    email: account.email,
    password: account.password,
    code: () => new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate(),
  }
}

/** Signs an operator in through the console's own form. */
async function signInToConsole(
  page: Page,
  operator: { email: string; password: string },
  code: string,
  path: string,
) {
  await gotoInteractive(page, path)
  await page.getByLabel('E-mail').fill(operator.email)
  await page.getByLabel('Password').fill(operator.password)
  await page.getByLabel('Authenticator code').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
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

async function newOperatorPage(browser: Browser) {
  const context = await browser.newContext()
  return context.newPage()
}

test('a KYC document approved in the console reaches the player as a notification', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page)
  const player = await registerPlayer(page)
  await uploadPassport(page)
  // The player stays on a page with the socket open, where the decision arrives as a toast.
  const connected = socketConnected(page)
  await gotoInteractive(page, '/en/')
  await connected

  const operatorPage = await newOperatorPage(browser)
  const consoleErrors = watchConsole(operatorPage)
  await signInToConsole(operatorPage, E2E_OPERATOR, await nextOperatorCode(), '/admin/queues/kyc/')
  await expect(operatorPage.getByRole('heading', { name: 'KYC documents' })).toBeVisible()
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
  const admin = await seededOperatorApi(baseURL)
  const second = await secondOperator(baseURL)

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
  const first = await newOperatorPage(browser)
  const firstErrors = watchConsole(first)
  await signInToConsole(
    first,
    E2E_OPERATOR,
    await nextOperatorCode(),
    '/admin/queues/bank-deposits/',
  )
  await first.getByLabel('Player e-mail contains').fill(player.email)
  await first.getByRole('button', { name: 'Search' }).click()
  const transfers = first.getByRole('table', { name: 'Bank transfers waiting for the money' })
  await expect(transfers.getByText(reference)).toBeVisible()
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
  await expect(
    firstTable.getByText('You approved first: another operator must approve'),
  ).toBeVisible()
  await expect(
    firstTable.getByRole('button', { name: `Approve the withdrawal of ${player.email}` }),
  ).toHaveCount(0)
  // The same operator from another session cannot give the second approval either.
  const again = await admin.post(`/admin/api/withdrawals/${withdrawalId}/approve`, {})
  expect(again.status()).toBe(409)
  expect(((await again.json()) as { errors: { code: string } }).errors.code).toBe(
    'withdrawals.second_approver_required',
  )

  // The second operator, in a browser of their own, sees it waiting and pays it out.
  const other = await newOperatorPage(browser)
  const otherErrors = watchConsole(other)
  await signInToConsole(other, second, second.code(), '/admin/queues/withdrawals/')
  await other.getByLabel('Approvals').selectOption('awaiting_second')
  await other.getByLabel('Player e-mail contains').fill(player.email)
  await other.getByRole('button', { name: 'Search' }).click()
  const otherTable = other.getByRole('table', { name: 'Withdrawals' })
  await expect(otherTable.getByText(/First approval by /)).toBeVisible()
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
  await first.setViewportSize({ width: 390, height: 900 })
  await first.screenshot({ path: test.info().outputPath('held-390.png') })
  expect(firstErrors).toEqual([])
})
