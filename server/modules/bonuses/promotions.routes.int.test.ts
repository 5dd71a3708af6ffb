import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { BONUS_CODES } from '#common/bonus-rules.ts'
import { LOCALES } from '#common/locales.ts'
import { SEEDED_PROMOTIONS, seedPromotions } from '#db/seed/promotions.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import type { Promotion } from './bonuses.contract.ts'
import { promotions, promotionTexts } from './bonuses.tables.ts'
import type { BonusTerms, OperatorPromotion } from './promotions.contract.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...API_HEADERS, ...headers } })

const list = async (locale: string, headers: Record<string, string> = {}) => {
  const response = await get(`/${locale}/rest-content/promotions`, headers)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: { promotions: Promotion[] } }>().data.promotions
}

const terms = async (query = '', headers: Record<string, string> = {}) => {
  const response = await get(`/bonus/terms${query}`, headers)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: BonusTerms }>().data
}

describe('the seeded promotions', () => {
  it('hold one promotion per bonus code, in every locale, with its art', async () => {
    for (const locale of LOCALES) {
      const shown = await list(locale.prefix)
      expect(
        shown.map((promotion) => promotion.bonus_code),
        locale.prefix,
      ).toEqual([...BONUS_CODES])
      for (const promotion of shown) {
        expect(promotion.title.length, locale.prefix).toBeGreaterThan(5)
        expect(promotion.body.length).toBe(3)
        expect(promotion.image_url).toBe(`/promotions/art/${promotion.id}.svg`)
        expect(promotion.image_alt.length).toBeGreaterThan(5)
      }
    }
  })

  it('are written in the locale, quoting the rules in its currency', async () => {
    const [german] = await list('de')
    expect(german?.title).toContain('Willkommensbonus')
    expect(german?.summary).toContain('15,00')
    const [australian] = await list('au')
    // The spec's own AUD range for the first deposit: 25 to 300.
    expect(australian?.summary).toContain('25.00')
    expect(australian?.summary).toContain('300.00')
    const [arabic] = await list('ar-en')
    expect(arabic?.title).toMatch(/[\u0600-\u06FF]/)
  })

  it('are not added twice when the seed runs again', async () => {
    const before = await t.database.db.select({ n: count() }).from(promotionTexts)
    await seedPromotions(t.database.db)
    const after = await t.database.db.select({ n: count() }).from(promotionTexts)
    expect(after).toEqual(before)
    expect(before[0]?.n).toBe(BONUS_CODES.length * LOCALES.length)
  })
})

describe('GET /promotions and /promotions/:id', () => {
  const id = SEEDED_PROMOTIONS.third
  const restore = () =>
    t.database.db
      .update(promotions)
      .set({ isEnabled: true, startsAt: null, endsAt: null, countries: [] })
      .where(eq(promotions.id, id))

  it('answers one promotion in the locale asked for', async () => {
    const response = await get(`/fr/rest-content/promotions/${id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json<{ data: { promotion: Promotion } }>().data.promotion).toMatchObject({
      id,
      bonus_code: 'third',
    })
  })

  it('answers 404 for a language the site does not have, 400 for a malformed id', async () => {
    expect((await get('/xx/rest-content/promotions')).statusCode).toBe(404)
    expect((await get(`/xx/rest-content/promotions/${id}`)).statusCode).toBe(404)
    expect((await get('/en/rest-content/promotions/Bad%20Id')).statusCode).toBe(400)
  })

  it('answers 404 in the path’s language for an unknown id', async () => {
    const response = await get('/de/rest-content/promotions/no-such-offer')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Diese Aktion ist nicht verfügbar.',
      errors: { code: 'promotions.not_found' },
    })
  })

  it('hides a disabled promotion from the list and answers 404 for it', async () => {
    await t.database.db.update(promotions).set({ isEnabled: false }).where(eq(promotions.id, id))
    expect((await list('en')).map((promotion) => promotion.id)).not.toContain(id)
    expect((await get(`/en/rest-content/promotions/${id}`)).statusCode).toBe(404)
    await restore()
  })

  it('hides a promotion before it starts and after it ends', async () => {
    const day = 24 * 60 * 60 * 1000
    await t.database.db
      .update(promotions)
      .set({ startsAt: new Date(Date.now() + day) })
      .where(eq(promotions.id, id))
    expect((await get(`/en/rest-content/promotions/${id}`)).statusCode).toBe(404)
    await t.database.db
      .update(promotions)
      .set({ startsAt: new Date(Date.now() - 2 * day), endsAt: new Date(Date.now() - day) })
      .where(eq(promotions.id, id))
    expect((await get(`/en/rest-content/promotions/${id}`)).statusCode).toBe(404)
    expect((await list('en')).map((promotion) => promotion.id)).not.toContain(id)
    await restore()
    expect((await get(`/en/rest-content/promotions/${id}`)).statusCode).toBe(200)
  })

  it('hides a promotion in a locale it has no words in', async () => {
    await t.database.db
      .delete(promotionTexts)
      .where(and(eq(promotionTexts.promotionId, id), eq(promotionTexts.locale, 'pl')))
    expect((await get(`/pl/rest-content/promotions/${id}`)).statusCode).toBe(404)
    expect((await list('pl')).map((promotion) => promotion.id)).not.toContain(id)
    expect((await get(`/en/rest-content/promotions/${id}`)).statusCode).toBe(200)
  })

  it('shows a promotion limited to countries only there', async () => {
    await t.database.db
      .update(promotions)
      .set({ countries: ['DE'] })
      .where(eq(promotions.id, id))
    const ids = async (country?: string) =>
      (await list('en', country ? { 'x-test-country': country } : {})).map((p) => p.id)
    expect(await ids('DE')).toContain(id)
    expect(await ids('FI')).not.toContain(id)
    // Not knowing the country is not being in it.
    expect(await ids()).not.toContain(id)
    expect(
      (await get(`/en/rest-content/promotions/${id}`, { 'x-test-country': 'FI' })).statusCode,
    ).toBe(404)
    await restore()
  })
})

describe('GET /bonus/terms', () => {
  it('answers the live rules in euros for a visitor', async () => {
    const live = await terms()
    expect(live.currency).toBe('EUR')
    expect(live.rules.map((rule) => rule.code)).toEqual([...BONUS_CODES])
    expect(live.rules[0]).toEqual({
      code: 'first',
      deposit_number: 1,
      window: null,
      match_percent: 100,
      deposit_min: '1500',
      deposit_max: '20000',
      wagering_times: 10,
      valid_days: 7,
      max_bet: '500',
    })
    expect(live.rules.find((rule) => rule.code === 'weekend')).toMatchObject({
      window: 'weekend',
      deposit_number: null,
      match_percent: 50,
    })
    expect(live.contributions[0]).toEqual({ category: 'slots', percent: 100 })
  })

  it('takes the spec’s own range for a currency that has one, and converts the rest', async () => {
    const aud = await terms('?currency=AUD')
    expect(aud.rules[0]).toMatchObject({ deposit_min: '2500', deposit_max: '30000' })
    // `second` has no AUD range of its own: its euro range at the rates, two significant figures.
    const second = aud.rules.find((rule) => rule.code === 'second')
    expect(second?.deposit_min).toMatch(/^[1-9]\d00$/)
  })

  it('defaults to the signed-in player’s currency', async () => {
    const player = await createPlayer(t.database.db, { currency: 'PLN' })
    const { headers } = await signIn(t.app, player)
    const live = await terms('', headers)
    expect(live.currency).toBe('PLN')
    expect(live.rules[0]).toMatchObject({ deposit_min: '9000', deposit_max: '92000' })
    // An explicit currency still wins.
    expect((await terms('?currency=EUR', headers)).currency).toBe('EUR')
  })

  it('refuses an unsupported currency with 400', async () => {
    expect((await get('/bonus/terms?currency=XYZ')).statusCode).toBe(400)
    expect((await get('/bonus/terms?currency=eur')).statusCode).toBe(400)
  })

  it('changes as soon as the operator edits a rule, so the terms can never disagree with it', async () => {
    const finance = await signInOperator(t.app, await createOperator(t.database.db, ['finance']))
    const put = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'PUT', url, headers: finance.headers, payload })
      expect(response.statusCode, response.body).toBe(200)
    }
    const rule = (overrides: object) => ({
      match_percent: 75,
      min_eur: '1500',
      max_eur: '30000',
      wagering_times: 10,
      valid_days: 7,
      max_bet_eur: '500',
      is_enabled: true,
      ...overrides,
    })
    const contributions = (crash: number) => ({
      contributions: [
        { category: 'slots', percent: 100 },
        { category: 'table-games', percent: 10 },
        { category: 'live-casino', percent: 10 },
        { category: 'crash', percent: crash },
        { category: 'originals', percent: 10 },
      ],
    })
    // Read once first, so a cached copy of the rules exists that the edit has to replace.
    expect((await terms()).rules.find((r) => r.code === 'second')?.match_percent).toBe(75)

    await put(
      '/admin/api/bonus-rules/second',
      rule({
        match_percent: 120,
        wagering_times: 8,
        valid_days: 14,
        max_bet_eur: '300',
        min_eur: '2500',
      }),
    )
    await put('/admin/api/bonus-rules/valentines', {
      ...rule({ max_eur: null, min_eur: '2000', match_percent: 50 }),
      is_enabled: false,
    })
    await put('/admin/api/bonus-contributions', contributions(40))
    const live = await terms()
    expect(live.rules.find((r) => r.code === 'second')).toMatchObject({
      match_percent: 120,
      wagering_times: 8,
      valid_days: 14,
      deposit_min: '2500',
      max_bet: '300',
    })
    expect(live.rules.map((r) => r.code)).not.toContain('valentines')
    expect(live.contributions).toContainEqual({ category: 'crash', percent: 40 })

    await put('/admin/api/bonus-rules/second', rule({}))
    await put(
      '/admin/api/bonus-rules/valentines',
      rule({ max_eur: null, min_eur: '2000', match_percent: 50 }),
    )
    await put('/admin/api/bonus-contributions', contributions(10))
    expect((await terms()).rules.find((r) => r.code === 'second')?.match_percent).toBe(75)
  })
})

describe('the operator’s promotions API', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    bonus_code: 'weekend',
    image_url: '/promotions/art/weekend-reload.svg',
    starts_at: null,
    ends_at: null,
    countries: [],
    sort_order: 500,
    is_enabled: true,
    texts: {
      en: {
        title: 'Spring reload',
        summary: 'A reload for spring.',
        body: ['Deposit and play.'],
        image_alt: 'Blossoms',
      },
      de: {
        title: 'Frühlings-Reload',
        summary: 'Ein Reload für den Frühling.',
        body: ['Einzahlen und spielen.'],
        image_alt: 'Blüten',
      },
    },
    ...overrides,
  })
  const admin = async () =>
    (await signInOperator(t.app, await createOperator(t.database.db, ['admin']))).headers
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  it('refuses visitors, players and operators without the admin role', async () => {
    expect((await get('/admin/api/promotions')).statusCode).toBe(401)
    const player = await createPlayer(t.database.db)
    const { headers } = await signIn(t.app, player)
    expect((await get('/admin/api/promotions', headers)).statusCode).toBe(401)
    expect(
      (await send('POST', '/admin/api/promotions', headers, { id: 'x', ...body() })).statusCode,
    ).toBe(401)
    const support = await signInOperator(
      t.app,
      await createOperator(t.database.db, ['support', 'finance']),
    )
    expect((await get('/admin/api/promotions', support.headers)).statusCode).toBe(403)
    expect(
      (await send('DELETE', `/admin/api/promotions/${SEEDED_PROMOTIONS.first}`, support.headers))
        .statusCode,
    ).toBe(403)
  })

  it('creates, replaces and withdraws a promotion, audited, and the pages follow', async () => {
    const headers = await admin()
    const created = await send('POST', '/admin/api/promotions', headers, {
      id: 'spring-reload',
      ...body(),
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json<{ data: { promotion: OperatorPromotion } }>().data.promotion).toMatchObject(
      {
        id: 'spring-reload',
        bonus_code: 'weekend',
        is_enabled: true,
        texts: { en: { title: 'Spring reload' }, de: { title: 'Frühlings-Reload' } },
      },
    )
    expect((await get('/de/rest-content/promotions/spring-reload')).statusCode).toBe(200)
    expect((await get('/fr/rest-content/promotions/spring-reload')).statusCode).toBe(404)

    const again = await send('POST', '/admin/api/promotions', headers, {
      id: 'spring-reload',
      ...body(),
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ errors: { code: 'promotions.exists' } })

    // A PUT replaces the texts as a whole: German left out stops showing it in German.
    const replaced = await send(
      'PUT',
      '/admin/api/promotions/spring-reload',
      headers,
      body({
        bonus_code: null,
        countries: ['FI'],
        texts: { en: { title: 'Spring news', summary: 'News.', body: [], image_alt: 'Blossoms' } },
      }),
    )
    expect(replaced.statusCode, replaced.body).toBe(200)
    const promotion = replaced.json<{ data: { promotion: OperatorPromotion } }>().data.promotion
    expect(promotion).toMatchObject({ bonus_code: null, countries: ['FI'] })
    expect(Object.keys(promotion.texts)).toEqual(['en'])
    expect(
      (await get('/de/rest-content/promotions/spring-reload', { 'x-test-country': 'FI' }))
        .statusCode,
    ).toBe(404)
    expect(
      (await get('/en/rest-content/promotions/spring-reload', { 'x-test-country': 'FI' }))
        .statusCode,
    ).toBe(200)

    const withdrawn = await send('DELETE', '/admin/api/promotions/spring-reload', headers)
    expect(withdrawn.statusCode).toBe(200)
    expect(
      withdrawn.json<{ data: { promotion: OperatorPromotion } }>().data.promotion.is_enabled,
    ).toBe(false)
    expect(
      (await get('/en/rest-content/promotions/spring-reload', { 'x-test-country': 'FI' }))
        .statusCode,
    ).toBe(404)

    const listed = await get('/admin/api/promotions', headers)
    expect(
      listed.json<{ data: { promotions: OperatorPromotion[] } }>().data.promotions.map((p) => p.id),
    ).toContain('spring-reload')

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorType, 'operator'))
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['promotion.created', 'promotion.updated', 'promotion.disabled']),
    )
  })

  it('answers 404 for an unknown id and 400 for a bad body', async () => {
    const headers = await admin()
    expect(
      (await send('PUT', '/admin/api/promotions/nothing-here', headers, body())).statusCode,
    ).toBe(404)
    expect((await send('DELETE', '/admin/api/promotions/nothing-here', headers)).statusCode).toBe(
      404,
    )
    const bad = [
      body({ image_url: 'javascript:alert(1)' }),
      body({ bonus_code: 'tuesday' }),
      body({ texts: {} }),
      body({ texts: { xx: body().texts.en } }),
      body({ starts_at: '2027-03-01T00:00:00Z', ends_at: '2027-02-01T00:00:00Z' }),
      body({ countries: ['finland'] }),
    ]
    for (const payload of bad) {
      const response = await send('POST', '/admin/api/promotions', headers, {
        id: 'bad-one',
        ...payload,
      })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    expect(
      (await send('POST', '/admin/api/promotions', headers, { id: 'Bad Id', ...body() }))
        .statusCode,
    ).toBe(400)
  })
})
