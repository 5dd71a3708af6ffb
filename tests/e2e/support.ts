import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts'

export { DEMO_ACCOUNTS }

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
  account: { email: string; password: string } = DEMO_ACCOUNTS.player,
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
  account: { email: string; password: string },
) {
  const token = async () =>
    (
      (await (await request.get('/csrf/get-new', { headers: API })).json()) as Record<
        string,
        string
      >
    )['_csrf-frontend'] ?? ''
  const login = await request.post('/login?json=1', {
    headers: { ...API, 'X-CSRF-Token': await token() },
    data: { email: account.email, password: account.password },
  })
  expect(login.status()).toBe(200)
  const player = ((await login.json()) as { player: { id: string } }).player
  const csrf = await token()
  return {
    player,
    post: (path: string, data: unknown) =>
      request.post(path, { headers: { ...API, 'X-CSRF-Token': csrf }, data }),
  }
}
