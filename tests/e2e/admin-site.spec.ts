import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  acceptCookies,
  createConsoleOperator,
  expectAccessible,
  gotoInteractive,
  signInToConsole,
  watchConsole,
} from './support.ts'

/**
 * Issue 27's site content journeys: a content operator renames a German menu entry in the
 * console and a visitor of `/de/` sees it on the next page, without a restart; a translation
 * override shows on the site the same way, and reverts. Then every site content page of the
 * console at 390 and 1280 px, checked with axe, screenshots in `test-results/screenshots/`.
 * One console session for the file, of a content operator the seeded admin creates.
 */
const SHOTS = 'test-results/screenshots'

test.describe.configure({ mode: 'serial' })

let signedIn: Promise<{ page: Page; errors: string[] }> | undefined

/** The file's console page, signed in by its first journey. */
function consoleSession(browser: Browser, baseURL: string | undefined) {
  signedIn ??= (async () => {
    const operator = await createConsoleOperator(baseURL, test.info().retry, ['content'])
    // A context of its own: axe needs a page made with `newContext`.
    const page = await (await browser.newContext()).newPage()
    const errors = watchConsole(page)
    await signInToConsole(page, operator)
    return { page, errors }
  })()
  return signedIn
}

async function visitorPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext()
  await acceptCookies(context, baseURL)
  return context.newPage()
}

test.afterAll(async () => {
  if (signedIn) await (await signedIn).page.context().close()
})

test('a German menu label edited in the console shows on /de/ without a restart', async ({
  browser,
  baseURL,
}) => {
  const label = `Spielhalle ${String(Date.now() % 100_000)}`
  const { page } = await consoleSession(browser, baseURL)
  await page.goto('/admin/site/menus/?locale=de&menu=header')
  await expect(page.getByRole('heading', { name: 'Menus', level: 1 })).toBeVisible()
  const firstLabel = page.getByLabel('Label', { exact: true }).first()
  const original = await firstLabel.inputValue()
  expect(original).not.toBe('')

  const visitor = await visitorPage(browser, baseURL)
  await gotoInteractive(visitor, '/de/')
  // The page is cached for visitors: the change has to drop it, on every instance.
  await expect(visitor.getByRole('banner')).not.toContainText(label)

  await firstLabel.fill(label)
  await page.getByRole('button', { name: 'Save menu' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Menu saved' })).toBeVisible()

  await gotoInteractive(visitor, '/de/')
  await expect(visitor.getByRole('banner').getByRole('link', { name: label })).toBeVisible()
  await gotoInteractive(visitor, '/en/')
  await expect(visitor.getByRole('banner')).not.toContainText(label)

  // Put it back for the journeys that read the German header after this one.
  await firstLabel.fill(original)
  await page.getByRole('button', { name: 'Save menu' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Menu saved' })).toBeVisible()
  await gotoInteractive(visitor, '/de/')
  await expect(visitor.getByRole('banner')).not.toContainText(label)
  await visitor.context().close()
})

test('a translation override shows on the site after a preview, and reverts', async ({
  browser,
  baseURL,
}) => {
  const wording = `Heller spielen, fair gewinnen ${String(Date.now() % 100_000)}.`
  const { page } = await consoleSession(browser, baseURL)
  await page.goto('/admin/site/translations/?locale=de')
  await page.getByLabel('Search keys and texts').fill('home.title')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: 'Edit home.title' }).click()

  const dialog = page.getByRole('dialog', { name: 'Text in de' })
  const field = dialog.getByLabel('Text the site shows')
  await expect(field).toHaveValue('Strahlender spielen. Fair gewinnen.')
  await field.fill(`${wording} {{name}}`)
  await expect(dialog.getByText('The placeholders differ')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Save text' })).toBeDisabled()
  await field.fill(wording)
  await expect(dialog.getByRole('region', { name: 'Preview, with sample values' })).toContainText(
    wording,
  )
  await dialog.getByRole('button', { name: 'Save text' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'home.title saved' })).toBeVisible()

  const visitor = await visitorPage(browser, baseURL)
  await gotoInteractive(visitor, '/de/')
  await expect(visitor.getByRole('heading', { name: wording })).toBeVisible()

  // The filter lives in the address: the box shows ticked once the list's URL has changed.
  const onlyOverridden = page.getByLabel('Only texts with your wording')
  await onlyOverridden.click()
  await expect(onlyOverridden).toBeChecked()
  await expect(page.getByRole('table')).toContainText(wording)
  await page.getByRole('button', { name: 'Edit home.title' }).click()
  await page.getByRole('button', { name: 'Revert to the shipped text' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'back to the shipped text' }),
  ).toBeVisible()
  await gotoInteractive(visitor, '/de/')
  await expect(
    visitor.getByRole('heading', { name: 'Strahlender spielen. Fair gewinnen.' }),
  ).toBeVisible()
  await visitor.context().close()
})

test('a CMS page made in the console opens on the site, with a redirect to it', async ({
  browser,
  baseURL,
}) => {
  const slug = `house-rules-${String(Date.now() % 100_000)}`
  const { page } = await consoleSession(browser, baseURL)
  await page.goto('/admin/site/pages/')
  await page.getByRole('link', { name: 'New page' }).click()
  await page.getByLabel('Path', { exact: true }).fill(`/${slug}/`)
  await page.getByLabel('Title', { exact: true }).fill('House rules')
  await page.getByRole('button', { name: 'Add a paragraph' }).click()
  await page.getByLabel('Block 1: paragraph text').fill('Every game is provably fair.')
  await page.getByRole('button', { name: 'Add a heading' }).click()
  await page.getByLabel('Block 2: heading text').fill('Fair play')
  await page.getByRole('button', { name: 'Move block 2 up' }).click()
  await expect(page.getByLabel('Block 1: heading text')).toHaveValue('Fair play')
  await page.getByLabel('Published (players can open it)').check()
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Page created' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/site\/pages\/[0-9a-f-]{36}\/$/)

  await page.goto('/admin/site/redirects/')
  await page.getByLabel('From', { exact: true }).fill(`/en/old-${slug}/`)
  await page.getByLabel('To', { exact: true }).fill(`/en/${slug}/`)
  await page.getByRole('button', { name: 'Create redirect' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'now redirects' })).toBeVisible()
  // A redirect back to where it starts is refused with the server's words.
  await page.getByLabel('From', { exact: true }).fill(`/en/${slug}/`)
  await page.getByLabel('To', { exact: true }).fill(`/en/old-${slug}/`)
  await page.getByRole('button', { name: 'Create redirect' }).click()
  await expect(page.getByRole('alert')).toContainText('lead back to its own address')

  const visitor = await visitorPage(browser, baseURL)
  await gotoInteractive(visitor, `/en/old-${slug}/`)
  await expect(visitor).toHaveURL(new RegExp(`/en/${slug}/$`))
  await expect(visitor.getByRole('heading', { name: 'Fair play' })).toBeVisible()
  await expect(visitor.getByText('Every game is provably fair.')).toBeVisible()
  await visitor.context().close()
})

const PAGES = [
  ['pages', '/admin/site/pages/', 'CMS pages'],
  ['page', '/admin/site/pages/new/', 'New CMS page'],
  ['menus', '/admin/site/menus/?locale=de&menu=side', 'Menus'],
  ['settings', '/admin/site/settings/', 'Site settings'],
  ['countries', '/admin/site/countries/', 'Blocked countries'],
  ['translations', '/admin/site/translations/?locale=fr', 'Translations'],
  ['redirects', '/admin/site/redirects/', 'Redirects'],
] as const

test('the site content pages are accessible at 390 and 1280 px', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const { page, errors } = await consoleSession(browser, baseURL)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    for (const [name, path, heading] of PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      // The lists and forms have their data, not their skeletons.
      await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0)
      await expectAccessible(page, `console ${name} at ${String(width)} px`)
      await page.screenshot({
        path: `${SHOTS}/admin-site-${name}-${String(width)}.png`,
        fullPage: true,
      })
    }
  }
  // The refusal a journey asks for (the looping redirect) is the only complaint allowed.
  expect(errors.filter((text) => !text.includes('status of 400'))).toEqual([])
})
