import { expect, test } from '@playwright/test'
import { acceptCookies, gotoInteractive } from './support.ts'

/**
 * Adding Aurum to a phone's home screen: the banner under the header. The manifest and the icons
 * it names are checked without a browser, in tests/pages/server-rendered.int.test.ts.
 */

test.describe('the add-to-home-screen banner on a phone', () => {
  test.beforeEach(async ({ context, baseURL, page }) => {
    await acceptCookies(context, baseURL)
    await page.setViewportSize({ width: 375, height: 740 })
  })

  test('explains how where the browser offers no prompt, and stays closed once closed', async ({
    page,
  }) => {
    await gotoInteractive(page, '/de/')
    const banner = page.getByRole('region', { name: 'Aurum installieren' })
    await expect(banner).toContainText('Startbildschirm')
    await banner.getByRole('button', { name: 'Wie?' }).click()
    await expect(banner.getByTestId('install-help')).toHaveText(
      'Öffnen Sie das Browsermenü (⋮) und wählen Sie „App installieren“ oder „Zum Startbildschirm hinzufügen“.',
    )
    await banner.getByRole('button', { name: 'Installationshinweis ausblenden' }).click()
    await expect(banner).toBeHidden()
    // Remembered: hidden from the first paint of the next page, before any script of React's.
    await page.goto('/de/lobby/c/All/', { waitUntil: 'domcontentloaded' })
    await expect(page.locator('html')).toHaveAttribute('data-install-hidden', '')
    await expect(page.getByTestId('install-banner')).toBeHidden()
  })

  test('opens the browser’s install prompt where there is one', async ({ page }) => {
    await gotoInteractive(page, '/en/')
    const banner = page.getByRole('region', { name: 'Install Aurum' })
    await expect(banner.getByRole('button', { name: 'How?' })).toBeVisible()
    // Chromium's offer, as it arrives once the site is installable.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          document.body.dataset.prompted = 'yes'
          return Promise.resolve()
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      })
      window.dispatchEvent(offer)
    })
    await banner.getByRole('button', { name: 'Install', exact: true }).click()
    await expect(page.locator('body')).toHaveAttribute('data-prompted', 'yes')
    await expect(banner).toBeHidden()
  })

  test('tells iPhone users to use Share, then Add to Home Screen', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    })
    await acceptCookies(context, baseURL)
    const page = await context.newPage()
    await gotoInteractive(page, '/ar-en/')
    const banner = page.getByTestId('install-banner')
    await banner.getByRole('button', { name: 'كيف؟' }).click()
    await expect(banner.getByTestId('install-help')).toHaveText(
      'اضغط على زر المشاركة في شريط المتصفح، ثم «إضافة إلى الشاشة الرئيسية».',
    )
    await context.close()
  })
})
