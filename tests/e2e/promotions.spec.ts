import { expect, test } from '@playwright/test'
import { acceptCookies, gotoInteractive, signInAsDemoPlayer } from './support.ts'

/**
 * The promotions, a promotion's details and the bonus terms on a phone and a desktop, in English,
 * German and right-to-left Arabic: each renders its content, nothing scrolls sideways, and the
 * screenshots land in `test-results/screenshots/` for a person to look at.
 */
const PAGES = [
  ['promotions', 'promotions/'],
  ['details', 'promotions/welcome-bonus/'],
  ['terms', 'bonus-terms/'],
] as const
const LOCALES = ['en', 'de', 'ar-en'] as const
const WIDTHS = [320, 375, 1280] as const

test.describe('promotions pages', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await acceptCookies(context, baseURL)
  })

  for (const locale of LOCALES) {
    test(`${locale}: render at 320, 375 and 1280 px without sideways scrolling`, async ({
      page,
    }) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
        for (const [name, path] of PAGES) {
          await gotoInteractive(page, `/${locale}/${path}`)
          await expect(page.locator('h1').first()).toBeVisible()
          const scrolls = await page.evaluate(
            () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
          )
          expect(scrolls, `${locale} ${path} at ${String(width)} px`).toBe(false)
          await page.screenshot({
            path: `test-results/screenshots/promotions-${name}-${locale}-${String(width)}.png`,
            fullPage: true,
          })
        }
      }
    })
  }

  test('a visitor’s claim opens sign-in', async ({ page }) => {
    await gotoInteractive(page, '/en/promotions/')
    await page.getByTestId('promotion-welcome-bonus').getByTestId('promotion-claim').click()
    await expect(page).toHaveURL(/q=\/a\/login/)
    await expect(page.getByRole('dialog')).toBeVisible()
  })

  test('the terms page links from a promotion and shows every code', async ({ page }) => {
    await gotoInteractive(page, '/en/promotions/welcome-bonus/')
    await page.getByTestId('promotion-full-terms').click()
    await expect(page).toHaveURL(/\/en\/bonus-terms\/$/)
    await expect(page.getByTestId('terms-row-valentines')).toBeVisible()
  })

  test('a signed-in player claims a code and sees the server’s answer in German', async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsDemoPlayer(context, baseURL)
    await gotoInteractive(page, '/de/promotions/second-deposit/')
    const claim = page.getByTestId('promotion-claim')
    await expect(claim).toHaveText('Bonus sichern')
    await claim.click()
    // Either the offer is taken ("Bonus gesichert") or the server's refusal is shown, translated.
    const answer = page.getByText('Bonus gesichert').or(page.getByRole('alert')).first()
    await expect(answer).toBeVisible()
    await expect(page.getByText(/not found|nicht gefunden/i)).toHaveCount(0)
  })
})
