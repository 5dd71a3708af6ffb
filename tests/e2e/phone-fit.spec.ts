import { expect, test, type Page } from '@playwright/test'
import { isPathOn } from '#common/features.ts'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { SPEC_PAGE_PATHS } from '../helpers/spec-page-paths.ts'
import { acceptCookies, depositByCard, signUpThroughDialog } from './support.ts'

/**
 * Every route of the spec on the narrowest phones, in a short-word, a long-word and a right-to-left
 * locale: nothing scrolls sideways, and the header's primary buttons can be tapped. One page is
 * reused and each address is loaded once for both widths (a resize lays the page out again), so
 * the walk stays quick.
 */
const LOCALES = ['en', 'de', 'ar-en'] as const
const WIDTHS = [320, 375] as const
const HEIGHT = 740

const isCabinet = (path: string) => path.startsWith('/account/')
/**
 * The spec's pages this installation has. A feature that is off answers its pages with the
 * not-found screen, which the walk measures once at UNKNOWN_PATH; each page joins the walk when
 * its feature is turned on.
 */
const PAGE_PATHS = SPEC_PAGE_PATHS.filter((path) => isPathOn(`/en${path}`))
/** Pages outside the locale prefix, and one the catch-all answers. */
const EXTRA_PATHS = ['/site/restricted/', '/privacy-policy/']
const UNKNOWN_PATH = '/no/such/page/'

/** What the browser lays out wider than the viewport: the deepest offenders, described. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement
    const width = root.clientWidth
    if (root.scrollWidth <= width) return null
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible'
    // Only the end side scrolls: the right in left-to-right pages, the left in Arabic.
    const isRtl = getComputedStyle(root).direction === 'rtl'
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect()
      // Screen-reader-only text is a clipped pixel.
      if (box.width <= 1 || box.height <= 1) return false
      if (isRtl ? box.left >= -0.5 : box.right <= width + 0.5) return false
      // Inside a scroller (a chip row) or a clipping box, it moves nothing.
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (clips(up)) return false
      }
      return true
    }
    const offenders = [...document.body.querySelectorAll('*')].filter(sticksOut)
    const deepest = offenders.filter(
      (element) => !offenders.some((o) => element.contains(o) && o !== element),
    )
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect()
      const id = element.getAttribute('data-testid') ?? element.id
      const text = element.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)
      const classes = (element.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.')
      return `<${element.tagName.toLowerCase()}${id ? `#${id}` : ''}${classes ? `.${classes}` : ''}> "${text}" spans ${Math.round(box.left)}…${Math.round(box.right)}`
    }
    return `page is ${root.scrollWidth} px wide: ${deepest.slice(0, 3).map(describe).join('; ')}`
  })
}

/**
 * The header's primary buttons: shown, inside the viewport, a thumb-sized target (about 40 px),
 * and the top element at their centre (nothing covers them).
 */
async function untappable(page: Page, testIds: readonly string[]): Promise<string[]> {
  return page.evaluate((ids) => {
    const problems: string[] = []
    for (const id of ids) {
      const element = document.querySelector(`header [data-testid="${id}"]`)
      if (!element) {
        problems.push(`${id}: missing`)
        continue
      }
      const box = element.getBoundingClientRect()
      if (!element.checkVisibility({ visibilityProperty: true }) || box.width === 0) {
        problems.push(`${id}: not shown`)
        continue
      }
      if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) {
        problems.push(
          `${id}: outside the viewport (${Math.round(box.left)}…${Math.round(box.right)})`,
        )
      }
      if (box.height < 40 || box.width < 40) {
        problems.push(`${id}: ${Math.round(box.width)}×${Math.round(box.height)} px`)
      }
      // A label that wraps (Arabic's "تسجيل الدخول" did) makes two lines of one button.
      const lines: number[] = []
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(text)
        // Screen-reader-only words are a clipped pixel; an icon has no text.
        for (const rect of range.getClientRects()) {
          if (rect.width > 1 && !lines.some((top) => Math.abs(top - rect.top) < rect.height / 2)) {
            lines.push(rect.top)
          }
        }
      }
      if (lines.length > 1) {
        problems.push(`${id}: the label wraps onto ${String(lines.length)} lines`)
      }
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      if (!top || !(top === element || element.contains(top))) {
        problems.push(
          `${id}: covered by <${top?.tagName.toLowerCase() ?? 'nothing'}> ${top?.className ?? ''}`,
        )
      }
    }
    return problems
  }, testIds)
}

/**
 * The phone's tab bar: the labels' words keep a visible gap (4 px) from their neighbours'. In
 * Arabic "الكازينو المباشر" and "العروض الترويجية" once ran together with 2 px between them.
 */
async function crowdedTabs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words = [...document.querySelectorAll('[data-testid="mobile-footer-menu"] a span')]
      .map((label) => {
        const range = document.createRange()
        range.selectNodeContents(label)
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
        return {
          text: label.textContent.trim(),
          left: Math.min(...rects.map((rect) => rect.left)),
          right: Math.max(...rects.map((rect) => rect.right)),
        }
      })
      .filter((label) => Number.isFinite(label.left))
      .sort((a, b) => a.left - b.left)
    return words.flatMap((label, index) => {
      const next = words[index + 1]
      const gap = next ? next.left - label.right : Infinity
      return gap < 4
        ? [
            `tab labels "${label.text}" and "${next?.text ?? ''}" ${String(Math.round(gap))} px apart`,
          ]
        : []
    })
  })
}

/** Loads `path` and checks it at each width; the header's buttons where the page has the header. */
async function checkPage(
  page: Page,
  path: string,
  buttons: readonly string[],
  failures: string[],
  isHydrated = false,
) {
  // The style sheets are in by DOMContentLoaded (the module scripts wait for them). A player's
  // header has parts only the browser draws (the balance): those pages wait for hydration.
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
  if (isHydrated) await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
  const status = response?.status() ?? 0
  if (status >= 500) failures.push(`${path}: answered ${String(status)}`)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT })
    const wide = await overflow(page)
    if (wide) failures.push(`${path} at ${String(width)} px: ${wide}`)
    for (const problem of await crowdedTabs(page)) {
      failures.push(`${path} at ${String(width)} px: ${problem}`)
    }
    if (await page.locator('header [data-testid="open-search"]').count()) {
      for (const problem of await untappable(page, buttons)) {
        failures.push(`${path} at ${String(width)} px: ${problem}`)
      }
    }
  }
}

/** A game and a provider from the catalogue as it is, so the walk follows catalogue changes. */
async function sampleLinks(page: Page) {
  await page.goto('/en/lobby/c/All/', { waitUntil: 'domcontentloaded' })
  const game = await page
    .locator('[data-testid="game-grid"] a[href*="/game/"]')
    .first()
    .getAttribute('href')
  const provider = await page.locator('a[href*="/lobby/p/"]').first().getAttribute('href')
  expect(game).toMatch(/^\/en\/game\//)
  expect(provider).toMatch(/^\/en\/lobby\/p\//)
  return [(game ?? '').replace(/^\/en/, ''), (provider ?? '').replace(/^\/en/, '')]
}

const SCRIPTS = /\/assets\/.*\.js$/
/** Pictures carry their size in the markup: the walk lays pages out without fetching them. */
const PICTURES = /\.(png|jpe?g|webp|avif|svg)(\?.*)?$/

test.describe('phones 320 and 375 px wide', () => {
  // A walk of some 20 pages at two widths each.
  test.describe.configure({ timeout: 120_000 })
  test.beforeEach(async ({ context, baseURL, page }) => {
    await acceptCookies(context, baseURL)
    await page.route(PICTURES, (route) => route.abort())
  })

  for (const locale of LOCALES) {
    test(`every page of the spec fits in ${locale}, and log-in and sign-up can be tapped`, async ({
      page,
    }) => {
      const failures: string[] = []
      const sampled = await sampleLinks(page)
      // The open menu drawer fits too.
      await page.setViewportSize({ width: 320, height: HEIGHT })
      await page.goto(`/${locale}/`)
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
      await page.getByTestId('mobile-menu-button').click()
      await expect(page.getByTestId('mobile-menu')).toBeVisible()
      const wide = await overflow(page)
      if (wide) failures.push(`/${locale}/ with the menu open: ${wide}`)
      // A visitor's pages look the same before and after hydration: the server's markup is
      // measured, without the scripts, which halves the walk.
      await page.route(SCRIPTS, (route) => route.abort())
      const paths = [...PAGE_PATHS.filter((path) => !isCabinet(path)), UNKNOWN_PATH, ...sampled]
      for (const path of paths) {
        await checkPage(page, `/${locale}${path}`, ['open-login', 'open-register'], failures)
      }
      if (locale === 'en') {
        for (const path of EXTRA_PATHS) await checkPage(page, path, [], failures)
      }
      expect(failures).toEqual([])
    })
  }

  test('the header and the lobby fit in every other locale too', async ({ page }) => {
    // Every prefix of the spec: the long words are in de, fi, et, pl and fr.
    const walked: readonly string[] = LOCALES
    const prefixes = LOCALE_PREFIXES.filter((prefix) => !walked.includes(prefix))
    const failures: string[] = []
    await page.route(SCRIPTS, (route) => route.abort())
    for (const prefix of prefixes) {
      await checkPage(page, `/${prefix}/lobby/c/All/`, ['open-login', 'open-register'], failures)
    }
    expect(failures).toEqual([])
  })

  test('a new player: the welcome leaves the header free, Deposit is one tap, the cabinet fits', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: HEIGHT })
    await page.goto('/en/?q=/a/register')
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
    await signUpThroughDialog(page, `phone-${String(Date.now())}@aurum.test`, 'Golden-Wallet-2026')
    // The welcome toast is up, and the header under it still answers a tap.
    await expect(page.getByText('Welcome to Aurum! Your account is ready.')).toBeVisible()
    expect(await untappable(page, ['open-deposit', 'open-search', 'mobile-menu-button'])).toEqual(
      [],
    )
    await page.getByTestId('open-deposit').click()
    await expect(page.getByRole('dialog', { name: 'Deposit' })).toBeVisible()
    await page.goBack()

    // A four-figure balance with its group separator.
    await depositByCard(page, '100000')
    const failures: string[] = []
    const paths = ['/', '/lobby/c/All/', ...PAGE_PATHS.filter(isCabinet)]
    for (const locale of LOCALES) {
      for (const path of paths) {
        await checkPage(page, `/${locale}${path}`, ['open-deposit'], failures, true)
      }
    }
    // The player's own menu is in the drawer on phones.
    await page.goto('/ar-en/')
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
    await page.getByTestId('mobile-menu-button').click()
    const drawer = page.getByTestId('mobile-menu')
    await expect(drawer.getByTestId('open-withdraw')).toBeVisible()
    const wide = await overflow(page)
    if (wide) failures.push(`/ar-en/ with the menu open: ${wide}`)
    expect(failures).toEqual([])
  })
})
