import { expect, test, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import {
  gotoInteractive,
  logInThroughDialog,
  signUpThroughDialog,
  watchConsole,
} from './support.ts'

/** A code of the player's secret, `stepOffset` steps ahead (a code of a used step is refused). */
const codeFor = (secret: string, stepOffset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepOffset * 30_000,
  })

/** The newest message to an address, polled: e-mails go out just after the call answers. */
async function newestMessage(page: Page, recipient: string, template: string) {
  let found: { links: string[]; body: string } | undefined
  await expect(async () => {
    const response = await page.request.get(
      `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
    )
    const { messages } = (await response.json()) as {
      messages: { template: string; links: string[]; body: string }[]
    }
    found = messages.find((message) => message.template === template)
    expect(found).toBeDefined()
  }).toPass({ timeout: 10_000 })
  if (!found) throw new Error(`no ${template} message for ${recipient}`)
  return found
}

// A tiny but real PNG: the signature, an IHDR chunk and an IEND chunk.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0b00000000049454e44ae426082',
  'hex',
)

test('a player signs up, verifies, turns on 2FA, logs in with a code, changes the password and sends a document', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = watchConsole(page)
  const email = `journey-${String(Date.now())}@aurum.test`
  const password = 'Golden-Journey-2026'
  const newPassword = 'Brighter-Journey-2027'

  // Sign up in two steps.
  await gotoInteractive(page, '/en/')
  await page.getByRole('button', { name: 'Accept' }).click()
  await page.getByTestId('open-register').click()
  await signUpThroughDialog(page, email, password)
  await expect(page.getByRole('button', { name: 'Open the player menu' })).toBeVisible()

  // The verification link from the outbox.
  const verification = await newestMessage(page, email, 'email_verification')
  const link = verification.links.find((href) => href.includes('/a/verify-email'))
  expect(link).toBeDefined()
  await page.goto(link ?? '')
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible()

  // Two-factor authentication with a code computed here.
  await page.goto('/en/account/profile/security/')
  const secretAnswer = page.waitForResponse((response) =>
    response.url().includes('/player/get-two-factor-auth-secret'),
  )
  await page.getByRole('button', { name: 'Set up' }).click()
  const { data } = (await (await secretAnswer).json()) as { data: { secret: string } }
  const enable = page.getByTestId('two-factor-enable-form')
  await enable.getByLabel('6-digit code').fill(codeFor(data.secret))
  // Turning 2FA on asks for the password too.
  await enable.getByLabel('Current password').fill(password)
  await enable.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('Save your recovery codes now', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'I have saved my codes' }).click()

  // Log out, then log in again with the code.
  await page.getByRole('button', { name: 'Open the player menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByText('You have successfully logged out')).toBeVisible()
  await gotoInteractive(page, '/en/?q=/a/login')
  const login = page.getByRole('dialog', { name: 'Welcome back' })
  await login.getByLabel('E-mail').fill(email)
  await login.getByLabel('Password').fill(password)
  await login.getByRole('button', { name: 'Log in' }).click()
  await login.getByLabel('Code').fill(codeFor(data.secret, 1))
  await login.getByRole('button', { name: 'Confirm' }).click()
  await expect(login).toBeHidden()
  await expect(page.getByText('You have successfully logged in')).toBeVisible()

  // Change the password.
  await page.goto('/en/account/profile/security/')
  // Two-factor is on now, so its "turn off" form (with a password field) shows beside this one.
  const change = page.getByTestId('change-password-form')
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible()
  await change.getByLabel('Current password').fill(password)
  await change.getByLabel('New password', { exact: true }).fill(newPassword)
  await change.getByLabel('Repeat the new password').fill(newPassword)
  await change.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed')).toBeVisible()

  // Send a document and see it under review.
  await gotoInteractive(page, '/en/account/profile/verification/')
  // The list has loaded (and the page is interactive) before the form is filled.
  await expect(page.getByText('No documents yet')).toBeVisible()
  await page.getByLabel('Document type').selectOption('passport')
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Send for review' }).click()
  await expect(page.getByText('Under review')).toBeVisible()

  await page.getByRole('button', { name: 'Open the player menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByText('You have successfully logged out')).toBeVisible()
  expect(errors).toEqual([])
})

test('a forgotten password is reset from the e-mailed link', async ({ page }) => {
  const email = `reset-${String(Date.now())}@aurum.test`
  // A fresh account through the same sign-up call the dialog makes.
  await page.goto('/en/')
  // The page's own token fetch starts the session first; ours then shares it.
  await page.waitForLoadState('networkidle')
  const created = await page.evaluate(async (address) => {
    const headers = { 'X-Requested-With': 'XMLHttpRequest' }
    const csrf = (await (await fetch('/csrf/get-new', { headers })).json()) as Record<
      string,
      string
    >
    const response = await fetch('/register', {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'X-CSRF-Token': csrf['_csrf-frontend'] ?? '',
      },
      body: JSON.stringify({
        email: address,
        password: 'Forgetful-Player-2026',
        currency: 'EUR',
        terms_accepted: true,
        first_name: 'Kim',
        last_name: 'Reset',
        birth_date: '1985-01-01',
        country: 'DE',
        city: 'Berlin',
        address: 'Unter den Linden 1',
        post_code: '10117',
        phone: '+4915123456789',
        locale: 'en',
      }),
    })
    await fetch('/logout?json=1', { headers: { ...headers } })
    return response.status
  }, email)
  expect(created).toBe(200)
  await page.context().clearCookies()

  await gotoInteractive(page, '/en/?q=/a/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  const forgot = page.getByRole('dialog', { name: 'Reset your password' })
  await forgot.getByLabel('E-mail').fill(email)
  await forgot.getByRole('button', { name: 'Send the link' }).click()
  await expect(forgot.getByRole('status')).toBeVisible()

  const reset = await newestMessage(page, email, 'password_reset')
  await gotoInteractive(page, reset.links.find((href) => href.includes('/a/password-reset')) ?? '')
  await page.getByLabel('New password').fill('Remembered-Player-2027')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Your password has been changed')).toBeVisible()
  await page.getByRole('link', { name: 'Log in' }).last().click()
  await logInThroughDialog(page, { email, password: 'Remembered-Player-2027' })
})
