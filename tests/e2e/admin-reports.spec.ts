import { expect, test, type Page } from '@playwright/test'
import {
  createConsoleOperator,
  expectAccessible,
  signInToConsole,
  watchConsole,
} from './support.ts'

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({
      path: test.info().outputPath(`${name}-${String(width)}.png`),
      fullPage: true,
    })
  }
}

test('an admin creates an operator, who signs in; the audit log shows it; a report renders its chart', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const errors = watchConsole(page)
  const admin = await createConsoleOperator(baseURL, test.info().retry, ['admin'])
  await signInToConsole(page, admin)
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Today, / })).toBeVisible()
  await expect(page.getByRole('link', { name: /Withdrawals to decide: \d+/ })).toBeVisible()
  await expectAccessible(page, 'console dashboard')
  await screenshots(page, 'dashboard')
  await page.setViewportSize({ width: 1280, height: 900 })

  // Create an operator: the authenticator secret is shown once.
  await page.getByRole('link', { name: 'Operators' }).click()
  await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Operator accounts' })).toContainText(admin.email)
  await expectAccessible(page, 'console operators')
  await page.getByRole('button', { name: 'New operator' }).click()
  const create = page.getByRole('dialog', { name: 'New operator' })
  const email = `e2e-${String(Date.now())}@aurum.test`
  await create.getByLabel('E-mail').fill(email)
  await create.getByLabel('Name').fill('Erin Example')
  await create.getByLabel('Finance').check()
  await create.getByLabel('Password').fill('short')
  await create.getByRole('button', { name: 'New operator' }).click()
  // The players' password policy answers on the field.
  await expect(create.getByText('Use at least 8 characters.')).toBeVisible()
  const password = 'a quiet harbour at dawn'
  await create.getByLabel('Password').fill(password)
  await create.getByRole('button', { name: 'New operator' }).click()
  const created = page.getByRole('dialog', { name: 'Operator created' })
  await expect(created).toBeVisible()
  const url = await created.locator('code').first().textContent()
  const secret = (await created.locator('code').nth(1).textContent()) ?? ''
  expect(url).toMatch(/^otpauth:\/\/totp\//)
  expect(secret).toMatch(/^[A-Z2-7]+$/)
  await expectAccessible(page, 'new operator secret')
  await created.getByRole('button', { name: 'Done' }).click()
  const table = page.getByRole('table', { name: 'Operator accounts' })
  await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText('Finance')
  await screenshots(page, 'operators')
  await page.setViewportSize({ width: 1280, height: 900 })

  // The new operator signs in with the secret, and sees the reports but not the operators.
  const context = await browser.newContext()
  const theirs = await context.newPage()
  await signInToConsole(theirs, { email, password, totpSecret: secret })
  await expect(theirs.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  await expect(theirs.getByRole('link', { name: 'Reports' })).toBeVisible()
  await expect(theirs.getByRole('link', { name: 'Operators' })).toHaveCount(0)
  await context.close()

  // The audit log shows the creation, by whom and with what.
  await page.getByRole('link', { name: 'Audit log' }).click()
  await page.getByLabel('Action', { exact: true }).fill('operator.created')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  const audit = page.getByRole('table', { name: 'Audit events, newest first' })
  const row = audit.getByRole('row').filter({ hasText: 'operator.created' }).first()
  await expect(row).toContainText(admin.email)
  await row.getByLabel(/^Details of operator.created/).click()
  await expect(row).toContainText(email)
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/admin/api/audit.csv?action=operator.created',
  )
  await expectAccessible(page, 'console audit log')
  await screenshots(page, 'audit')
  await page.setViewportSize({ width: 1280, height: 900 })

  // A report renders with its chart and the table beside it.
  await page.getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('img', { name: /Deposits and withdrawals per day \(EUR equivalent\)/ }),
  ).toBeVisible()
  await expect(page.getByRole('img', { name: /Active players per day/ })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Active players, registrations and depositors per day' }),
  ).toBeVisible()
  const csv = await page.request.get(
    (await page.getByRole('link', { name: 'Download Players as CSV' }).getAttribute('href')) ?? '',
  )
  expect(csv.status()).toBe(200)
  expect((await csv.text()).split('\r\n')[0]).toBe('day,activePlayers,registrations,depositors')
  await expectAccessible(page, 'console reports')
  await screenshots(page, 'reports')
  // The one refused call is the short password's, on purpose.
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ])
})
