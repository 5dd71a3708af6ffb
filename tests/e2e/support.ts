import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { DEMO_OPERATOR_EMAIL, DEMO_PLAYER } from '../../db/seed/demo-accounts.ts'

export { DEMO_PLAYER }

/** The seeded operator's sign-in: playwright.config.ts gives the server these two variables. */
export const E2E_OPERATOR = {
  email: DEMO_OPERATOR_EMAIL,
  password: 'e2e-operator-password-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const

/** The operator's current code; `stepOffset` picks a later step (each code signs in once). */
export function operatorCode(stepOffset = 0): string {
  return new TOTP({ secret: Secret.fromBase32(E2E_OPERATOR.totpSecret) }).generate({
    timestamp: Date.now() + stepOffset * 30_000,
  })
}

/** Collects console errors and uncaught exceptions; a journey ends by expecting none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Signs in through the login dialog, as a player would. */
export async function logInThroughDialog(
  page: Page,
  account: { email: string; password: string } = DEMO_PLAYER,
) {
  const dialog = page.getByRole('dialog', { name: 'Welcome back' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('E-mail').fill(account.email)
  await dialog.getByLabel('Password').fill(account.password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(dialog).toBeHidden()
}

const API = { 'X-Requested-With': 'XMLHttpRequest' }

/** A signed-in API client of its own (a separate cookie jar), with the CSRF token fetched. */
export async function apiSession(
  request: APIRequestContext,
  path: '/login?json=1' | '/admin/api/login',
  credentials: Record<string, string>,
) {
  const token = async () =>
    (
      (await (await request.get('/csrf/get-new', { headers: API })).json()) as Record<
        string,
        string
      >
    )['_csrf-frontend'] ?? ''
  const login = await request.post(path, {
    headers: { ...API, 'X-CSRF-Token': await token() },
    data: credentials,
  })
  expect(login.status()).toBe(200)
  const body = (await login.json()) as { player?: { id: string } }
  const csrf = await token()
  return {
    player: body.player,
    post: (url: string, data: unknown) =>
      request.post(url, { headers: { ...API, 'X-CSRF-Token': csrf }, data }),
  }
}
