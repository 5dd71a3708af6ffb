import { expect, test } from '@playwright/test'
import {
  DEMO_PLAYER,
  createConsoleOperator,
  expectAccessible,
  registerPlayer,
  signInToConsole,
  watchConsole,
} from './support.ts'

/**
 * Issue 27's players area: a support operator finds the demo player by the start of their e-mail,
 * opens their page, adds a note and sees it in the notes and the audit trail.
 */
test('an operator finds a player and adds a note', async ({ page, baseURL }) => {
  const errors = watchConsole(page)
  const support = await createConsoleOperator(baseURL, test.info().retry, ['support'])
  await signInToConsole(page, support)
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Players' })
    .click()
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search' }).fill(DEMO_PLAYER.email.slice(0, 6))
  await page.getByRole('button', { name: 'Search' }).click()
  const table = page.getByRole('table', { name: 'Players found' })
  await expect(table.getByText(DEMO_PLAYER.email)).toBeVisible()
  await expectAccessible(page, 'players search')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/e2e/admin-players-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: 'test-results/e2e/admin-players-1280.png', fullPage: true })

  await table.getByRole('row').filter({ hasText: DEMO_PLAYER.email }).getByRole('link').click()
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Balances per currency' })).toBeVisible()

  const note = `Called about a deposit ${String(Date.now())}`
  await page.getByLabel('New note').fill(note)
  await page.getByRole('button', { name: 'Add the note' }).click()
  await expect(page.getByRole('status').getByText('Note added.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Notes' }).getByText(note)).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Audit trail' }).getByText('player.note_added'),
  ).toBeVisible()
  await expectAccessible(page, 'player page')
  await page.screenshot({ path: 'test-results/e2e/admin-player-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/e2e/admin-player-390.png', fullPage: true })

  await page.goto('/admin/adjustments/')
  await expect(page.getByRole('heading', { name: 'Balance adjustments', level: 1 })).toBeVisible()
  await expectAccessible(page, 'adjustments queue')
  expect(errors).toEqual([])
})

/**
 * Four-eyes in the browser: support asks for a credit on the player's page, and a finance operator
 * approves it in the queue (the requester is never offered the decision).
 */
test('a balance adjustment is asked for by one operator and approved by another', async ({
  page,
  browser,
  baseURL,
}) => {
  const errors = watchConsole(page)
  const retry = test.info().retry
  const support = await createConsoleOperator(baseURL, retry, ['support'])
  const finance = await createConsoleOperator(baseURL, retry, ['finance'])
  const reason = `Goodwill ${String(Date.now())}`
  // A player of their own: the demo player's balance is other journeys' baseline.
  const playerContext = await browser.newContext({ baseURL })
  const player = await registerPlayer(await playerContext.newPage())
  await playerContext.close()

  await signInToConsole(page, support)
  await page.goto(`/admin/players/?q=${encodeURIComponent(player.email)}`)
  await page.getByRole('row').filter({ hasText: player.email }).getByRole('link').click()
  await page.getByRole('button', { name: 'Request an adjustment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Request a balance adjustment' })
  await dialog.getByLabel('Amount in minor units (cents)').fill('1250')
  await dialog.getByLabel('Reason').fill(reason)
  await expectAccessible(page, 'adjustment dialog')
  await dialog.getByRole('button', { name: 'Request' }).click()
  await expect(page.getByRole('status').getByText('Adjustment requested')).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()

  await signInToConsole(page, finance)
  await page.goto('/admin/adjustments/')
  const row = page.getByRole('row').filter({ hasText: reason })
  await expect(row).toContainText('€12.50')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: 'test-results/e2e/admin-adjustments-1280.png', fullPage: true })
  await row.getByRole('button', { name: 'Approve' }).click()
  await page
    .getByRole('dialog', { name: 'Approve this adjustment?' })
    .getByRole('button', { name: 'Approve' })
    .click()
  await expect(page.getByRole('status').getByText('Adjustment approved.')).toBeVisible()
  await page.getByLabel('Status').selectOption('approved')
  await expect(page.getByRole('row').filter({ hasText: reason })).toContainText('Approved')
  expect(errors).toEqual([])
})
