import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '#common/locales.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { SETTINGS_API_PATHS } from '#tests/helpers/spec-paths.ts'
import { menus, siteSettings, translationOverrides } from './site.tables.ts'
import { MENU_KEYS } from './site.contract.ts'
import { createSiteService } from './site.service.ts'
import { FEATURES, isPathOn, type Feature, type FeatureSwitches } from '#common/features.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const get = (url: string, headers: Record<string, string> = API_HEADERS) =>
  t.app.inject({ method: 'GET', url, headers })

describe('GET /{lang}/settings', () => {
  it('answers the envelope with userData and enabledCountry', async () => {
    const response = await get('/en/settings')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      success: true,
      data: null,
      message: null,
      errors: null,
      userData: null,
      enabledCountry: { code: null, isEnabled: true },
    })
  })

  it('reports a blocked country as not enabled', async () => {
    const response = await get('/de/settings', { ...API_HEADERS, 'x-test-country': 'us' })
    expect(response.json()).toMatchObject({ enabledCountry: { code: 'US', isEnabled: false } })
  })
})

describe('GET /{lang}/translations/all', () => {
  it('returns the general translations of the locale', async () => {
    const response = await get('/de/translations/all')
    expect(response.statusCode).toBe(200)
    const body = response.json<{ general: { errors: { page_not_found: string } } }>()
    expect(body.general.errors.page_not_found).toBe('Seite nicht gefunden')
  })

  it('applies an operator override from the database', async () => {
    await t.database.db
      .insert(translationOverrides)
      .values({ locale: 'fi', key: 'home.title', value: 'Pelaa kirkkaammin' })
    await t.app.bus.publish('site.changed', { scope: 'translations' })
    const body = (await get('/fi/translations/all')).json<{
      general: { home: { title: string } }
    }>()
    expect(body.general.home.title).toBe('Pelaa kirkkaammin')
  })
})

describe('GET /{lang}/settings/footer', () => {
  it('lists the 16 languages with their tags and direction', async () => {
    const body = (await get('/en/settings/footer')).json<{
      languages: { code: string; dir: string }[]
    }>()
    expect(body.languages.map((language) => language.code)).toEqual(
      LOCALES.map((locale) => locale.prefix),
    )
    expect(body.languages.find((language) => language.code === 'ar-en')?.dir).toBe('rtl')
  })

  it('follows the languages setting in the database', async () => {
    await t.database.db
      .update(siteSettings)
      .set({ value: ['en', 'de'] })
      .where(eq(siteSettings.key, 'languages'))
    await t.app.bus.publish('site.changed', { scope: 'settings' })
    try {
      const body = (await get('/en/settings/footer')).json<{ languages: { code: string }[] }>()
      expect(body.languages.map((language) => language.code)).toEqual(['en', 'de'])
      // A language no longer offered is not a locale any more.
      expect((await get('/fi/settings/footer')).statusCode).toBe(404)
    } finally {
      await t.database.db
        .update(siteSettings)
        .set({ value: LOCALES.map((locale) => locale.prefix) })
        .where(eq(siteSettings.key, 'languages'))
      await t.app.bus.publish('site.changed', { scope: 'settings' })
    }
  })
})

describe('menus', () => {
  it('GET /{locale}/settings/sidebar returns the side menu and shortcuts', async () => {
    const body = (await get('/pl/settings/sidebar')).json<{
      data: { side: { id: string; url: string }[]; shortcuts: unknown[] }
    }>()
    // The seeded side menu, less the entries of features that are off.
    const seeded = [
      ['home', ''],
      ['lobby', 'lobby/c/All/'],
      ['live', 'live/c/Live%20Casino/'],
      ['promotions', 'promotions/'],
      ['tournaments', 'tourneys/'],
      ['quests', 'quests/'],
      ['achievements', 'achievements/'],
      ['wheel', 'wheel/'],
      ['lootboxes', 'lootboxes/'],
      ['lottery', 'lottery/'],
      ['loyalty', 'loyalty/'],
      ['vip', 'vip/'],
    ] as const
    expect(body.data.side.map((item) => item.id)).toEqual(
      seeded.filter(([, path]) => isPathOn(`/pl/${path}`)).map(([id]) => id),
    )
    expect(body.data.side.every((item) => item.url.startsWith('/pl/'))).toBe(true)
    expect(body.data.shortcuts.length).toBeGreaterThan(0)
  })

  it('GET /en/settings/header returns the header menu', async () => {
    const body = (await get('/en/settings/header')).json<{
      data: { header: { id: string; url: string }[] }
    }>()
    expect(body.data.header.map((item) => item.id)).toContain('lobby')
    // Tournaments are on (issue 25): their entry leads to the list.
    expect(body.data.header.find((item) => item.id === 'tournaments')).toMatchObject({
      url: '/en/tourneys/',
    })
  })

  it('GET /{locale}/settings/footer/menus returns the footer menus', async () => {
    const body = (await get('/it/settings/footer/menus')).json<{
      data: Record<string, { url: string }[]>
    }>()
    expect(Object.keys(body.data)).toEqual(['footer-info', 'mobile-footer'])
    expect(body.data['footer-info']?.[0]?.url).toMatch(/^\/it\//)
  })

  it('GET /{locale}/rest-content/get-menus returns every menu', async () => {
    const body = (await get('/ee/rest-content/get-menus')).json<{
      data: Record<string, unknown[]>
    }>()
    expect(Object.keys(body.data).sort()).toEqual([...MENU_KEYS].sort())
    // The bonus dialog's menu holds only bonus entries, left out while bonuses are off.
    for (const key of MENU_KEYS.filter((key) => FEATURES.bonuses || key !== 'bonus-modal')) {
      expect(body.data[key]?.length, key).toBeGreaterThan(0)
    }
  })

  it('falls back to the English menus when a locale has none', async () => {
    await t.database.db.delete(menus).where(eq(menus.locale, 'nz'))
    await t.app.bus.publish('site.changed', { scope: 'menus' })
    const body = (await get('/nz/rest-content/get-menus')).json<{
      data: { header: { url: string }[] }
    }>()
    expect(body.data.header[0]?.url).toMatch(/^\/en\//)
  })
})

describe('menus of features that do not exist yet', () => {
  /** The seeded menu entries that lead to a feature's pages, by the feature they belong to. */
  const FEATURE_OF_MENU_ID: Record<string, Feature> = {
    promotions: 'bonuses',
    bonuses: 'bonuses',
    welcome: 'bonuses',
    weekly: 'bonuses',
    'bonus-terms': 'bonuses',
    tournaments: 'tournaments',
    shop: 'shop',
    quests: 'quests',
    achievements: 'achievements',
    wheel: 'wheel',
    lootboxes: 'lootboxes',
    lottery: 'lottery',
    loyalty: 'loyalty',
    vip: 'vip',
  }
  const FEATURE_MENU_IDS = Object.keys(FEATURE_OF_MENU_ID)
  const OFF_FEATURE_IDS = Object.entries(FEATURE_OF_MENU_ID)
    .filter(([, feature]) => !FEATURES[feature])
    .map(([id]) => id)
  const idsOf = (menusByKey: Record<string, { id: string }[]>) =>
    Object.values(menusByKey).flatMap((items) => items.map((item) => item.id))

  it.each(LOCALES.map((locale) => locale.prefix))(
    '%s: the served menus leave out every entry of a feature that is off',
    async (prefix) => {
      const body = (await get(`/${prefix}/rest-content/get-menus`)).json<{
        data: Record<string, { id: string; url: string }[]>
      }>()
      expect(idsOf(body.data).filter((id) => OFF_FEATURE_IDS.includes(id))).toEqual([])
      expect(body.data['mobile-footer']?.map((item) => item.id)).toEqual(
        ['home', 'lobby', 'live', 'promotions', 'account'].filter(
          (id) => !OFF_FEATURE_IDS.includes(id),
        ),
      )
      expect(body.data['bonus-modal']?.length).toBe(FEATURES.bonuses ? 3 : 0)
    },
  )

  it('brings the entries back when the features are turned on', async () => {
    const everyFeatureOn = Object.fromEntries(
      Object.keys(FEATURES).map((feature) => [feature, true]),
    ) as FeatureSwitches
    const site = createSiteService(t.database.db, t.app.bus, everyFeatureOn)
    const menusOn = await site.menus('en')
    expect(idsOf(menusOn)).toEqual(expect.arrayContaining(FEATURE_MENU_IDS))
    expect(menusOn.header.map((item) => item.id)).toEqual([
      'lobby',
      'live',
      'promotions',
      'tournaments',
      'shop',
    ])
    const onlyShop = createSiteService(t.database.db, t.app.bus, {
      ...FEATURES,
      bonuses: false,
      tournaments: false,
      shop: true,
    })
    expect((await onlyShop.menus('en')).header.map((item) => item.id)).toEqual([
      'lobby',
      'live',
      'shop',
    ])
  })
})

describe('bad input', () => {
  const paths = SETTINGS_API_PATHS

  it.each(paths)('%s: an unknown language is 404 with a message', async (path) => {
    const response = await get(path.replace('{lang}', 'xx'))
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      success: false,
      errors: { code: 'site.unknown_locale' },
      message: expect.stringContaining('xx') as unknown,
    })
  })

  it.each(paths)('%s: a malformed language is 400', async (path) => {
    const response = await get(path.replace('{lang}', 'EN!!'))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, errors: { code: 'request.invalid' } })
  })

  it.each(paths)('%s: without the marker header is 400', async (path) => {
    const response = await get(path.replace('{lang}', 'en'), {})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: { code: 'request.marker_missing' } })
  })

  it.each(paths)('%s: a wrong method is 405 with Allow', async (path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: path.replace('{lang}', 'en'),
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('GET')
  })

  it('answers in the player language', async () => {
    const response = await get('/de/settings', {})
    expect(response.json<{ message: string }>().message).not.toBe(
      'This request did not come from the Aurum app.',
    )
  })

  it('an unknown API path is 404 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/player/nothing',
      headers: API_HEADERS,
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ success: false, errors: { code: 'request.not_found' } })
  })

  it('an absurdly long URL is 414', async () => {
    const response = await get(`/en/settings?x=${'a'.repeat(9000)}`)
    expect(response.statusCode).toBe(414)
    expect(response.json()).toMatchObject({ errors: { code: 'request.too_long' } })
  })
})
