import { expect, test } from '@playwright/test'
import {
  createConsoleOperator,
  expectAccessible,
  signInToConsole,
  watchConsole,
} from './support.ts'

/**
 * Issue 27's console frame: an operator signs in with password and authenticator code (a wrong
 * code is refused with a message), sees only the menu their roles may use, stays signed in over a
 * reload, and is signed out after 15 minutes without a key press or click, on the server too.
 */
test('an operator signs in to the console, sees their menu, and is signed out when idle', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const errors = watchConsole(page)
  const kyc = await createConsoleOperator(baseURL, test.info().retry, ['kyc'])

  await page.clock.install()
  await page.goto('/admin/')
  await page.getByLabel('E-mail').fill(kyc.email)
  await page.getByLabel('Password').fill(kyc.password)
  await page.getByLabel('Authenticator code').fill('000000')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText('Login failed')
  await expectAccessible(page, 'console sign-in')

  await signInToConsole(page, kyc)
  const menu = page.getByRole('navigation', { name: 'Console' })
  await expect(menu.getByRole('link', { name: 'Overview' })).toBeVisible()
  // A KYC operator has no content or finance pages to open.
  await expect(menu.getByRole('link', { name: /Reports/ })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: /Promotions/ })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()

  await page.clock.fastForward('15:30')
  await expect(page.getByRole('status')).toContainText('15 minutes without activity')
  await expect(page.getByLabel('Authenticator code')).toBeVisible()
  const me = await page.evaluate(async () => {
    const response = await fetch('/admin/api/me', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    return response.status
  })
  expect(me).toBe(401)
  expect(errors.filter((text) => !text.includes('401'))).toEqual([])
})
