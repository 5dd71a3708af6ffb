import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { SEEDED_PROMOTIONS } from '#db/seed/promotions.ts'
import { promotions } from './bonuses.tables.ts'

// The promotions, promotion details and bonus terms pages rendered on the server from the
// production build the test run made. They exist only while the bonuses feature is on.
const COUNTRY = 'x-test-country'
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    ssr: { mode: 'production', buildDir: inject('pagesBuildDir') },
    env: { COUNTRY_HEADER: COUNTRY },
  })
}, 60_000)

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('the promotions pages', () => {
  it('list every promotion with its art, summary and a claim button that signs a visitor in', async () => {
    const response = await page('/de/promotions/')
    expect(response.statusCode).toBe(200)
    for (const id of Object.values(SEEDED_PROMOTIONS)) {
      expect(response.body).toContain(`data-testid="promotion-${id}"`)
      expect(response.body).toContain(`src="/promotions/art/${id}.svg"`)
    }
    expect(response.body).toContain('Willkommensbonus')
    expect(response.body).toContain('Zum Sichern anmelden')
    expect(response.body).toContain('?q=/a/login')
  })

  it('show one promotion with its live terms in the player’s currency', async () => {
    const url = `/en/promotions/${SEEDED_PROMOTIONS.first}/`
    const visitor = await page(url)
    expect(visitor.statusCode).toBe(200)
    expect(visitor.body).toContain('data-testid="terms-first"')
    expect(visitor.body).toContain('€15.00 to €200.00')
    expect(visitor.body).toContain('href="/en/bonus-terms/"')
    // A signed-in player's wallet currency wins over the locale's.
    const player = await createPlayer(t.database.db, { currency: 'PLN' })
    const { cookie } = await signIn(t.app, player)
    const signedIn = await page(url, { cookie })
    expect(signedIn.body).toMatch(/PLN\s?90\.00|90\.00\s?PLN|zł/)
    expect(signedIn.body).toContain('Claim bonus')
    // The locale's own currency for a visitor on an Australian page.
    expect((await page(`/au/promotions/${SEEDED_PROMOTIONS.first}/`)).body).toContain('$25.00')
  })

  it('answer 404 for a promotion that is unknown, disabled or not offered in the country', async () => {
    const unknown = await page('/en/promotions/no-such-offer/')
    expect(unknown.statusCode).toBe(404)
    // Inside the promotions section, pointing to the others.
    expect(unknown.body).toContain('data-testid="promotion-missing"')
    expect(unknown.body).toContain('href="/en/promotions/"')
    const id = SEEDED_PROMOTIONS.fourth
    await t.database.db
      .update(promotions)
      .set({ countries: ['DE'] })
      .where(eq(promotions.id, id))
    expect((await page(`/en/promotions/${id}/`, { [COUNTRY]: 'FI' })).statusCode).toBe(404)
    expect((await page(`/en/promotions/${id}/`, { [COUNTRY]: 'DE' })).statusCode).toBe(200)
    await t.database.db.update(promotions).set({ isEnabled: false }).where(eq(promotions.id, id))
    // Visitors' pages are cached for a few seconds; a signed-in player's are rendered afresh.
    const { cookie } = await signIn(t.app, await createPlayer(t.database.db))
    expect((await page(`/en/promotions/${id}/`, { [COUNTRY]: 'DE', cookie })).statusCode).toBe(404)
    await t.database.db
      .update(promotions)
      .set({ isEnabled: true, countries: [] })
      .where(eq(promotions.id, id))
  })

  it('render the bonus terms from the live rules, right to left in Arabic', async () => {
    const english = await page('/en/bonus-terms/')
    expect(english.statusCode).toBe(200)
    for (const code of [
      'first',
      'second',
      'third',
      'fourth',
      'wednesday',
      'weekend',
      'valentines',
    ]) {
      expect(english.body).toContain(`data-testid="terms-row-${code}"`)
    }
    expect(english.body).toContain('data-testid="terms-contributions"')
    expect(english.body).toContain('data-testid="terms-rule-forfeit"')
    const arabic = await page('/ar-en/bonus-terms/')
    expect(arabic.body).toContain('dir="rtl"')
    expect(arabic.body).toContain('كيف تعمل المكافآت')
  })

  it('show a rule’s new figures as soon as the operator changes it', async () => {
    const before = await page('/en/bonus-terms/')
    expect(before.body).toContain('10× the bonus')
    const finance = await signInOperator(t.app, await createOperator(t.database.db, ['finance']))
    const edit = (wagering: number, match: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/bonus-rules/fourth',
        headers: finance.headers,
        payload: {
          match_percent: match,
          min_eur: '5000',
          max_eur: '100000',
          wagering_times: wagering,
          valid_days: 7,
          max_bet_eur: '500',
          is_enabled: true,
        },
      })
    expect((await edit(6, 150)).statusCode).toBe(200)
    // Pages for visitors are cached briefly; a signed-in player's page is rendered afresh.
    const player = await createPlayer(t.database.db)
    const { cookie } = await signIn(t.app, player)
    const after = await page('/en/bonus-terms/', { cookie })
    const row = /data-testid="terms-row-fourth".*?<\/tr>/s.exec(after.body)?.[0] ?? ''
    expect(row).toContain('6× the bonus')
    expect(row).toContain('150%')
    expect((await edit(10, 100)).statusCode).toBe(200)
  })
})
