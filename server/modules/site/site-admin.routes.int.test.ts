import { and, desc, eq, like } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEFAULT_SECOND_APPROVAL_EUR_MINOR } from '#common/back-office.ts'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { createOperator, signInOperator, type SignedInClient } from '#tests/factories/players.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { MENU_KEYS, type MenuItem } from './site.contract.ts'
import { menus, siteSettings } from './site.tables.ts'
import type {
  OperatorMenu,
  OperatorPage,
  OperatorRedirect,
  OperatorTranslation,
} from './site-admin.contract.ts'
import { DEFAULT_SETTINGS } from './site.service.ts'

// Pages render from the production build the test run made, so a change is checked where the
// players see it: the page itself.
let t: TestApp
let content: SignedInClient
let admin: SignedInClient
let operatorId: string
const published: string[] = []
beforeAll(async () => {
  t = await buildTestApp({ ssr: { mode: 'production', buildDir: inject('pagesBuildDir') } })
  const operator = await createOperator(t.database.db, ['content'])
  operatorId = operator.id
  content = await signInOperator(t.app, operator)
  admin = await signInOperator(t.app, await createOperator(t.database.db, ['admin']))
  t.app.bus.subscribe('site.changed', ({ scope }) => {
    published.push(scope)
  })
})
afterEach(() => {
  published.length = 0
})

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (method: Method, url: string, body?: object, client: SignedInClient = content) =>
  t.app.inject({ method, url, headers: client.headers, ...(body && { payload: body }) })
/** The answer's data once it is a 200 (the caller names its shape). */
const dataOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: unknown }).data
}
const refusal = (response: { json: () => unknown }) =>
  response.json() as {
    errors: { code: string; fields?: Record<string, string[]> }
    message: string
  }
const expectRefused = (
  response: { statusCode: number; body: string; json: () => unknown },
  status: number,
  code: string,
) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(refusal(response).errors.code).toBe(code)
}
const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const publicCall = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...API_HEADERS, ...headers } })
const lastAudit = async (action: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1)
  return row
}

describe('CMS pages', () => {
  const body = (overrides: Partial<OperatorPage> = {}) => ({
    locale: 'en',
    path: '/house-rules/',
    title: 'House rules',
    blocks: [
      { type: 'heading', text: 'Fair play' },
      { type: 'paragraph', text: 'Every game is provably fair.' },
    ],
    isPublished: true,
    ...overrides,
  })

  it('creates a page that the site renders on its next request, audited, and announced', async () => {
    expect((await page('/en/house-rules/')).statusCode).toBe(404)
    const created = dataOf(await call('POST', '/admin/api/pages', body())) as OperatorPage
    expect(created).toMatchObject({ locale: 'en', path: '/house-rules/', layout: 'page' })
    expect(published).toEqual(['pages'])
    const rendered = await page('/en/house-rules/')
    expect(rendered.statusCode).toBe(200)
    expect(rendered.body).toContain('Every game is provably fair.')
    const audit = await lastAudit('site.page.created')
    expect(audit).toMatchObject({ actorType: 'operator', actorId: operatorId })
    expect(audit?.details).toMatchObject({ id: created.id, after: { title: 'House rules' } })

    const read = dataOf(await call('GET', `/admin/api/pages/${created.id}`)) as OperatorPage
    expect(read.blocks).toHaveLength(2)

    const updated = dataOf(
      await call(
        'PUT',
        `/admin/api/pages/${created.id}`,
        body({ title: 'Rules of the house', blocks: [{ type: 'paragraph', text: 'Reworded.' }] }),
      ),
    ) as OperatorPage
    expect(updated.title).toBe('Rules of the house')
    expect((await page('/en/house-rules/')).body).toContain('Reworded.')
    expect((await lastAudit('site.page.updated'))?.details).toMatchObject({
      before: { title: 'House rules' },
      after: { title: 'Rules of the house' },
    })

    await call('PUT', `/admin/api/pages/${created.id}`, body({ isPublished: false }))
    expect((await page('/en/house-rules/')).statusCode).toBe(404)

    dataOf(await call('DELETE', `/admin/api/pages/${created.id}`))
    expectRefused(await call('GET', `/admin/api/pages/${created.id}`), 404, 'site.page_not_found')
    expect((await lastAudit('site.page.deleted'))?.details).toMatchObject({
      id: created.id,
      before: { path: '/house-rules/' },
    })
  })

  it('refuses a path the locale has, on create and on edit, with nothing changed', async () => {
    const taken = await call('POST', '/admin/api/pages', body({ path: '/about-us/' }))
    expectRefused(taken, 409, 'site.page_path_taken')
    expect(refusal(taken).message).toContain('already has a page')

    const own = dataOf(
      await call('POST', '/admin/api/pages', body({ path: '/x-1/' })),
    ) as OperatorPage
    expectRefused(
      await call('PUT', `/admin/api/pages/${own.id}`, body({ path: '/about-us/' })),
      409,
      'site.page_path_taken',
    )
    expect((dataOf(await call('GET', `/admin/api/pages/${own.id}`)) as OperatorPage).path).toBe(
      '/x-1/',
    )
    // Another locale may use the same path.
    dataOf(await call('POST', '/admin/api/pages', body({ locale: 'de', path: '/x-1/' })))
  })

  it.each([
    ['a path without its slashes', { path: 'about' }],
    ['a path with capitals', { path: '/About/' }],
    ['a path leaving the site', { path: '//evil.example/' }],
    ['an unknown locale', { locale: 'xx' }],
    ['an empty title', { title: '  ' }],
    ['a block of another type', { blocks: [{ type: 'script', text: 'alert(1)' }] }],
    ['an empty block', { blocks: [{ type: 'paragraph', text: '' }] }],
    ['an unknown layout', { layout: 'wide' }],
  ])('refuses %s with 400 naming the field', async (_, change) => {
    const response = await call('POST', '/admin/api/pages', body(change as Partial<OperatorPage>))
    expectRefused(response, 400, 'request.invalid')
    expect(Object.keys(refusal(response).errors.fields ?? {})[0]).toMatch(/^body\./)
  })

  it('refuses unknown and malformed ids', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expectRefused(await call('GET', `/admin/api/pages/${unknown}`), 404, 'site.page_not_found')
    expectRefused(
      await call('PUT', `/admin/api/pages/${unknown}`, body()),
      404,
      'site.page_not_found',
    )
    expectRefused(await call('DELETE', `/admin/api/pages/${unknown}`), 404, 'site.page_not_found')
    expectRefused(await call('GET', '/admin/api/pages/42'), 400, 'request.invalid')
    expect(published).toEqual([])
  })

  it('lists pages filtered, sorted and paginated on the server', async () => {
    const german = dataOf(
      await call('GET', '/admin/api/pages?locale=de&sort=-path&pageSize=2'),
    ) as { items: OperatorPage[]; total: number; pageSize: number }
    expect(german.items).toHaveLength(2)
    expect(german.total).toBeGreaterThan(2)
    expect(german.items.every((item) => item.locale === 'de')).toBe(true)
    expect(german.items[0]?.path.localeCompare(german.items[1]?.path ?? '')).toBeGreaterThan(0)
    expect(german.items[0]).not.toHaveProperty('blocks')

    const second = dataOf(
      await call('GET', '/admin/api/pages?locale=de&sort=-path&pageSize=2&page=2'),
    ) as { items: OperatorPage[] }
    expect(second.items[0]?.id).not.toBe(german.items[0]?.id)

    const found = dataOf(await call('GET', '/admin/api/pages?q=ABOUT&locale=en')) as {
      items: OperatorPage[]
      total: number
    }
    expect(found.items.map((item) => item.path)).toEqual(['/about-us/'])
    // A wildcard is a character like any other.
    expect((dataOf(await call('GET', '/admin/api/pages?q=%25')) as { total: number }).total).toBe(0)

    for (const query of ['pageSize=101', 'page=0', 'sort=blocks', 'locale=xx', 'isPublished=yes']) {
      expectRefused(await call('GET', `/admin/api/pages?${query}`), 400, 'request.invalid')
    }
  })
})

describe('menus', () => {
  it('lists every menu of a locale, English’s where the locale has none', async () => {
    await t.database.db
      .delete(menus)
      .where(and(eq(menus.locale, 'fi'), eq(menus.menu, 'shortcuts')))
    const { locale, menus: list } = dataOf(await call('GET', '/admin/api/menus?locale=fi')) as {
      locale: string
      menus: OperatorMenu[]
    }
    expect(locale).toBe('fi')
    expect(list.map((entry) => entry.menu)).toEqual([...MENU_KEYS])
    const shortcuts = list.find((entry) => entry.menu === 'shortcuts')
    expect(shortcuts?.isFallback).toBe(true)
    expect(shortcuts?.items[0]?.url).toMatch(/^\/en\//)
    const header = list.find((entry) => entry.menu === 'header')
    expect(header?.isFallback).toBe(false)
    expect(header?.updatedAt).not.toBeNull()

    const unknown = await call('GET', '/admin/api/menus?locale=xx')
    expectRefused(unknown, 404, 'site.unknown_locale')
    expect(refusal(unknown).message).toContain('“xx”')
    expectRefused(await call('GET', '/admin/api/menus'), 400, 'request.invalid')
  })

  it('saves a German menu label that /de/ shows on its next request, audited', async () => {
    const { menus: list } = dataOf(await call('GET', '/admin/api/menus?locale=de')) as {
      menus: OperatorMenu[]
    }
    const header = list.find((entry) => entry.menu === 'header')?.items ?? []
    const edited = header.map((item, index) =>
      index === 0 ? { ...item, label: 'Spielhalle' } : item,
    )
    // The rendered page is cached for visitors: the change must drop it.
    expect((await page('/de/')).body).not.toContain('Spielhalle')

    const saved = dataOf(
      await call('PUT', '/admin/api/menus/de/header', { items: edited }),
    ) as OperatorMenu & { locale: string }
    expect(saved).toMatchObject({ locale: 'de', menu: 'header', isFallback: false })
    expect(published).toEqual(['menus'])
    const after = (await publicCall('/de/settings/header')).json<{
      data: { header: MenuItem[] }
    }>()
    expect(after.data.header[0]?.label).toBe('Spielhalle')
    expect((await page('/de/')).body).toContain('Spielhalle')
    // Only German changed.
    expect((await page('/en/')).body).not.toContain('Spielhalle')

    const audit = await lastAudit('site.menu.updated')
    expect(audit?.details).toMatchObject({
      locale: 'de',
      menu: 'header',
      before: header,
      after: edited,
    })
  })

  it('gives a locale that showed English’s menu its own', async () => {
    await t.database.db.delete(menus).where(and(eq(menus.locale, 'it'), eq(menus.menu, 'side')))
    const items = [
      { id: 'home', label: 'Casa', url: '/it/' },
      {
        id: 'more',
        label: 'Altro',
        url: '/it/promotions/',
        children: [
          { id: 'help', label: 'Aiuto', url: 'https://help.example/it', isExternal: true },
        ],
      },
    ]
    dataOf(await call('PUT', '/admin/api/menus/it/side', { items }))
    const side = (await publicCall('/it/settings/sidebar')).json<{ data: { side: MenuItem[] } }>()
    expect(side.data.side.map((item) => item.label)).toEqual(['Casa', 'Altro'])
    expect((await lastAudit('site.menu.updated'))?.details).toMatchObject({ before: null })
  })

  it.each([
    ['an entry without a label', [{ id: 'a', label: ' ', url: '/de/' }]],
    ['a script address', [{ id: 'a', label: 'A', url: 'javascript:alert(1)' }]],
    [
      'an address on another site without https',
      [{ id: 'a', label: 'A', url: 'http://x.example' }],
    ],
    ['a protocol-relative address', [{ id: 'a', label: 'A', url: '//x.example/' }]],
    [
      'two entries with one id',
      [
        { id: 'a', label: 'A', url: '/de/' },
        { id: 'b', label: 'B', url: '/de/', children: [{ id: 'a', label: 'C', url: '/de/' }] },
      ],
    ],
  ])('refuses %s with 400, nothing changed', async (_, items) => {
    expectRefused(
      await call('PUT', '/admin/api/menus/de/footer-info', { items }),
      400,
      'request.invalid',
    )
    expect(published).toEqual([])
  })

  it('refuses an unknown menu or locale with 404', async () => {
    const menu = await call('PUT', '/admin/api/menus/de/topbar', { items: [] })
    expectRefused(menu, 404, 'site.menu_unknown')
    expect(refusal(menu).message).toContain('“topbar”')
    expectRefused(
      await call('PUT', '/admin/api/menus/xx/header', { items: [] }),
      404,
      'site.unknown_locale',
    )
    expectRefused(await call('PUT', '/admin/api/menus/de/header', {}), 400, 'request.invalid')
  })
})

describe('settings', () => {
  const settingsOf = async () =>
    dataOf(await call('GET', '/admin/api/settings')) as {
      settings: typeof DEFAULT_SETTINGS
      moneyKeys: string[]
    }

  it('answers every setting and the keys only an admin changes', async () => {
    const { settings, moneyKeys } = await settingsOf()
    expect(settings.languages).toEqual([...LOCALE_PREFIXES])
    expect(moneyKeys).toEqual([
      'conversionSpreadBp',
      'depositWagerMultiplier',
      'maxWinPerBetEurMinor',
      'withdrawalSecondApprovalEurMinor',
    ])
  })

  it('blocks a country for its next visitor, sorted and once, audited', async () => {
    const visit = () => publicCall('/en/settings', { 'x-test-country': 'se' })
    expect((await visit()).json()).toMatchObject({ enabledCountry: { isEnabled: true } })
    const { settings } = dataOf(
      await call('PUT', '/admin/api/settings', {
        blockedCountries: ['US', 'SE', 'KP', 'IR', 'SY', 'CU', 'SE'],
      }),
    ) as { settings: typeof DEFAULT_SETTINGS }
    expect(settings.blockedCountries).toEqual(['CU', 'IR', 'KP', 'SE', 'SY', 'US'])
    expect(published).toEqual(['settings'])
    expect((await visit()).json()).toMatchObject({ enabledCountry: { isEnabled: false } })
    expect((await lastAudit('site.settings.updated'))?.details).toEqual({
      changes: {
        blockedCountries: {
          before: ['US', 'KP', 'IR', 'SY', 'CU'],
          after: ['CU', 'IR', 'KP', 'SE', 'SY', 'US'],
        },
      },
    })
    dataOf(
      await call('PUT', '/admin/api/settings', {
        blockedCountries: DEFAULT_SETTINGS.blockedCountries,
      }),
    )
    expect((await visit()).json()).toMatchObject({ enabledCountry: { isEnabled: true } })
  })

  it('changes the languages the footer offers, keeping the default among them', async () => {
    dataOf(await call('PUT', '/admin/api/settings', { languages: ['en', 'de', 'fi'] }))
    try {
      const footer = (await publicCall('/en/settings/footer')).json<{
        languages: { code: string }[]
      }>()
      expect(footer.languages.map((language) => language.code)).toEqual(['en', 'de', 'fi'])
      expect((await publicCall('/fr/settings/footer')).statusCode).toBe(404)
    } finally {
      dataOf(await call('PUT', '/admin/api/settings', { languages: [...LOCALE_PREFIXES] }))
    }
  })

  it.each([
    ['languages without the default', { languages: ['de', 'fi'] }, 'languages', 'default language'],
    ['a language the site lacks', { languages: ['en', 'xx'] }, 'languages', 'not offered'],
    ['a language twice', { languages: ['en', 'de', 'de'] }, 'languages', 'not offered'],
    [
      'a default outside the languages',
      { languages: ['en', 'de'], defaultLocale: 'fi' },
      'defaultLocale',
      'default language',
    ],
    ['an unknown default', { defaultLocale: 'xx' }, 'defaultLocale', 'not offered'],
    [
      'a country that does not exist',
      { blockedCountries: ['XX'] },
      'blockedCountries',
      'from the list',
    ],
  ])(
    'refuses %s with 400 site.settings_invalid naming the field',
    async (_, body, field, words) => {
      const response = await call('PUT', '/admin/api/settings', body)
      expectRefused(response, 400, 'site.settings_invalid')
      expect(refusal(response).errors.fields?.[field]?.[0]).toContain(words)
      expect(published).toEqual([])
      expect((await settingsOf()).settings.defaultLocale).toBe('en')
    },
  )

  it.each([
    ['no setting', {}],
    ['an unknown setting', { theme: 'dark' }],
    ['a lower-case country code', { blockedCountries: ['us'] }],
    ['an empty language list', { languages: [] }],
    ['a spread above 20 %', { conversionSpreadBp: 2001 }],
    ['a fractional cap', { maxWinPerBetEurMinor: 1.5 }],
  ])('refuses %s with 400 request.invalid', async (_, body) => {
    expectRefused(await call('PUT', '/admin/api/settings', body, admin), 400, 'request.invalid')
  })

  it('lets only an admin change the settings that move money', async () => {
    const amount = { withdrawalSecondApprovalEurMinor: 500_000 }
    expectRefused(await call('PUT', '/admin/api/settings', amount), 403, 'auth.forbidden')
    // Mixed with a content setting the whole change is refused.
    expectRefused(
      await call('PUT', '/admin/api/settings', { ...amount, blockedCountries: ['US'] }),
      403,
      'auth.forbidden',
    )
    expect((await settingsOf()).settings.withdrawalSecondApprovalEurMinor).toBe(
      DEFAULT_SECOND_APPROVAL_EUR_MINOR,
    )
    expect([...(await settingsOf()).settings.blockedCountries].sort()).toEqual(
      [...DEFAULT_SETTINGS.blockedCountries].sort(),
    )
    const { settings } = dataOf(await call('PUT', '/admin/api/settings', amount, admin)) as {
      settings: typeof DEFAULT_SETTINGS
    }
    expect(settings.withdrawalSecondApprovalEurMinor).toBe(500_000)
    const [row] = await t.database.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'withdrawalSecondApprovalEurMinor'))
    expect(row?.value).toBe(500_000)
    dataOf(
      await call(
        'PUT',
        '/admin/api/settings',
        { withdrawalSecondApprovalEurMinor: DEFAULT_SECOND_APPROVAL_EUR_MINOR },
        admin,
      ),
    )
  })

  it('checks two changes sent at once against each other: one of them is refused', async () => {
    const [languages, defaultLocale] = await Promise.all([
      call('PUT', '/admin/api/settings', { languages: ['en', 'de'] }),
      call('PUT', '/admin/api/settings', { defaultLocale: 'fi' }),
    ])
    try {
      expect([languages.statusCode, defaultLocale.statusCode].sort()).toEqual([200, 400])
      const { settings } = await settingsOf()
      expect(settings.languages).toContain(settings.defaultLocale)
    } finally {
      dataOf(
        await call('PUT', '/admin/api/settings', {
          languages: [...LOCALE_PREFIXES],
          defaultLocale: 'en',
        }),
      )
    }
  })
})

describe('translation overrides', () => {
  type List = { items: OperatorTranslation[]; total: number; locale: string }

  it('lists a locale’s texts with the English and the override, searched and paginated', async () => {
    const list = dataOf(await call('GET', '/admin/api/translations?locale=de&pageSize=5')) as List
    expect(list.items).toHaveLength(5)
    expect(list.total).toBeGreaterThan(500)
    const keys = list.items.map((item) => item.key)
    expect(keys).toEqual([...keys].sort())

    const found = dataOf(
      await call('GET', '/admin/api/translations?locale=de&q=home.title'),
    ) as List
    expect(found.items[0]).toMatchObject({
      key: 'home.title',
      shipped: 'Strahlender spielen. Fair gewinnen.',
      override: null,
      updatedAt: null,
    })
    expect(found.items[0]?.english.length).toBeGreaterThan(5)
    // The search reads the texts too, in any case.
    const byText = dataOf(
      await call('GET', '/admin/api/translations?locale=de&q=STRAHLENDER'),
    ) as List
    expect(byText.items.map((item) => item.key)).toContain('home.title')

    expectRefused(
      await call('GET', '/admin/api/translations?locale=xx'),
      404,
      'site.unknown_locale',
    )
    for (const query of ['locale=de&pageSize=0', 'locale=de&onlyOverridden=1', 'q=x']) {
      expectRefused(await call('GET', `/admin/api/translations?${query}`), 400, 'request.invalid')
    }
  })

  it('shows an override on the site’s next request and reverts it, both audited', async () => {
    const saved = dataOf(
      await call('PUT', '/admin/api/translations/de/home.title', { value: 'Heller spielen.' }),
    ) as OperatorTranslation
    expect(saved).toMatchObject({ key: 'home.title', override: 'Heller spielen.' })
    expect(published).toEqual(['translations'])
    const all = (await publicCall('/de/translations/all')).json<{
      general: { home: { title: string } }
    }>()
    expect(all.general.home.title).toBe('Heller spielen.')
    expect((await page('/de/')).body).toContain('Heller spielen.')
    expect((await lastAudit('site.translation.updated'))?.details).toEqual({
      locale: 'de',
      key: 'home.title',
      before: 'Strahlender spielen. Fair gewinnen.',
      after: 'Heller spielen.',
    })

    const overridden = dataOf(
      await call('GET', '/admin/api/translations?locale=de&onlyOverridden=true'),
    ) as List
    expect(overridden.items.map((item) => item.key)).toEqual(['home.title'])

    const reverted = dataOf(
      await call('DELETE', '/admin/api/translations/de/home.title'),
    ) as OperatorTranslation
    expect(reverted.override).toBeNull()
    expect((await page('/de/')).body).not.toContain('Heller spielen.')
    expect((await lastAudit('site.translation.reverted'))?.details).toEqual({
      locale: 'de',
      key: 'home.title',
      before: 'Heller spielen.',
    })
    // Reverting again changes nothing and writes no audit row.
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(like(auditEvents.action, 'site.translation.reverted'))
    dataOf(await call('DELETE', '/admin/api/translations/de/home.title'))
    expect(
      await t.database.db
        .select()
        .from(auditEvents)
        .where(like(auditEvents.action, 'site.translation.reverted')),
    ).toHaveLength(audits.length)
  })

  it('keeps the shipped text’s placeholders, else 400 naming them', async () => {
    const url = '/admin/api/translations/fr/errors.site.unknown_locale'
    const lost = await call('PUT', url, { value: 'Langue inconnue.' })
    expectRefused(lost, 400, 'site.translation_placeholders')
    expect(refusal(lost).message).toContain('({{locale}})')
    const extra = await call('PUT', url, { value: 'Langue {{locale}} {{name}} inconnue.' })
    expectRefused(extra, 400, 'site.translation_placeholders')
    const typo = await call('PUT', url, { value: 'Langue {{locle}} inconnue.' })
    expectRefused(typo, 400, 'site.translation_placeholders')
    dataOf(await call('PUT', url, { value: 'La langue {{ locale }} est inconnue ici.' }))
    // A text without placeholders takes none.
    const none = await call('PUT', '/admin/api/translations/fr/home.title', {
      value: 'Jouez {{x}}',
    })
    expect(refusal(none).message).toContain('(—)')
  })

  it('refuses unknown keys and locales, blank and overlong texts', async () => {
    const key = await call('PUT', '/admin/api/translations/de/home.nothing_here', { value: 'x' })
    expectRefused(key, 404, 'site.translation_key_unknown')
    expect(refusal(key).message).toContain('“home.nothing_here”')
    // A branch of the catalogue is not a text.
    expectRefused(
      await call('PUT', '/admin/api/translations/de/home', { value: 'x' }),
      400,
      'request.invalid',
    )
    expectRefused(
      await call('PUT', '/admin/api/translations/errors.x/home.title', { value: 'x' }),
      404,
      'site.unknown_locale',
    )
    expectRefused(
      await call('PUT', '/admin/api/translations/xx/home.title', { value: 'x' }),
      404,
      'site.unknown_locale',
    )
    expectRefused(
      await call('PUT', '/admin/api/translations/de/home.title', { value: '   ' }),
      400,
      'request.invalid',
    )
    expectRefused(
      await call('PUT', '/admin/api/translations/de/home.title', { value: 'x'.repeat(2001) }),
      400,
      'request.invalid',
    )
    expectRefused(
      await call('DELETE', '/admin/api/translations/de/home.nope'),
      404,
      'site.translation_key_unknown',
    )
    expect(published).toEqual([])
  })
})

describe('redirects', () => {
  const create = (fromPath: string, toPath: string, status = 301) =>
    call('POST', '/admin/api/redirects', { fromPath, toPath, status })

  it('creates a redirect the site follows on its next request, and deletes it', async () => {
    expect((await page('/en/old-offers/')).statusCode).toBe(404)
    const created = dataOf(
      await create('/en/old-offers/', '/en/promotions/', 302),
    ) as OperatorRedirect
    expect(published).toEqual(['redirects'])
    const followed = await page('/en/old-offers/?utm=mail')
    expect(followed.statusCode).toBe(302)
    expect(followed.headers.location).toBe('/en/promotions/?utm=mail')
    expect((await lastAudit('site.redirect.created'))?.details).toMatchObject({
      fromPath: '/en/old-offers/',
      status: 302,
    })

    const list = dataOf(await call('GET', '/admin/api/redirects?q=old-offers')) as {
      items: OperatorRedirect[]
      total: number
    }
    expect(list.items.map((item) => item.id)).toEqual([created.id])

    dataOf(await call('DELETE', `/admin/api/redirects/${created.id}`))
    expect((await page('/en/old-offers/')).statusCode).toBe(404)
    expect((await lastAudit('site.redirect.deleted'))?.details).toMatchObject({ id: created.id })
    expectRefused(
      await call('DELETE', `/admin/api/redirects/${created.id}`),
      404,
      'site.redirect_not_found',
    )
  })

  it('refuses a redirect back to itself, at once or through others', async () => {
    expectRefused(await create('/en/a/', '/en/a/'), 400, 'site.redirect_loop')
    expectRefused(await create('/en/a/', '/en/a/?x=1'), 400, 'site.redirect_loop')
    dataOf(await create('/en/b/', '/en/c/'))
    dataOf(await create('/en/c/', '/en/d/'))
    const loop = await create('/en/d/', '/en/b/')
    expectRefused(loop, 400, 'site.redirect_loop')
    expect(refusal(loop).message).toContain('lead back')
    // Sent at once, two halves of a circle: one of them is refused.
    const [there, back] = await Promise.all([
      create('/en/e/', '/en/f/'),
      create('/en/f/', '/en/e/'),
    ])
    expect([there.statusCode, back.statusCode].sort()).toEqual([200, 400])
  })

  it('refuses a second redirect from one address with 409', async () => {
    expectRefused(await create('/en/welcome-bonus/', '/en/vip/'), 409, 'site.redirect_exists')
  })

  it.each([
    ['a from path without a slash', { fromPath: 'en/x/', toPath: '/en/' }],
    ['a target on another site', { fromPath: '/en/x/', toPath: 'https://evil.example/' }],
    ['a protocol-relative target', { fromPath: '/en/x/', toPath: '//evil.example/' }],
    ['a from path with a query', { fromPath: '/en/x/?a=1', toPath: '/en/' }],
    ['a status other than 301 and 302', { fromPath: '/en/x/', toPath: '/en/', status: 307 }],
    ['a space in the path', { fromPath: '/en/x y/', toPath: '/en/' }],
  ])('refuses %s with 400', async (_, body) => {
    expectRefused(
      await call('POST', '/admin/api/redirects', { status: 301, ...body }),
      400,
      'request.invalid',
    )
    expect(published).toEqual([])
  })

  it('sorts and paginates the list on the server', async () => {
    const first = dataOf(await call('GET', '/admin/api/redirects?sort=-fromPath&pageSize=1')) as {
      items: OperatorRedirect[]
      total: number
    }
    expect(first.items).toHaveLength(1)
    expect(first.total).toBeGreaterThan(1)
    const all = dataOf(await call('GET', '/admin/api/redirects?sort=-fromPath')) as {
      items: OperatorRedirect[]
    }
    expect(all.items[0]?.id).toBe(first.items[0]?.id)
    expectRefused(await call('GET', '/admin/api/redirects?sort=toPath'), 400, 'request.invalid')
    expectRefused(await call('DELETE', '/admin/api/redirects/nope'), 400, 'request.invalid')
  })
})
