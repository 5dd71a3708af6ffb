import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, signInOperator } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import type { PageComponent } from './site.contract.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const get = (url: string, headers: Record<string, string> = API_HEADERS) =>
  t.app.inject({ method: 'GET', url, headers })
const componentsOf = async (lang: string, page: string) => {
  const response = await get(`/${lang}/page/get-page-components?url=${page}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: { components: PageComponent[] } }>().data.components
}
const errorOf = (response: { json: () => unknown }) =>
  response.json() as { errors: { code: string }; message: string }

describe('GET /{lang}/page/get-page-components', () => {
  it('answers the quests and achievements pages’ blocks in every locale', async () => {
    for (const page of ['quests', 'achievements']) {
      for (const locale of LOCALE_PREFIXES) {
        const components = await componentsOf(locale, page)
        expect(
          components.map((c) => c.kind),
          `${page} ${locale}`,
        ).toEqual(['hero', 'steps', 'faq'])
        const [hero, steps, faq] = components
        expect(hero?.image_cdn_url).toBe(`/${page}/art/hero.svg`)
        expect(hero?.image_alt_text.length).toBeGreaterThan(5)
        expect(steps?.items).toHaveLength(3)
        expect(faq?.items).toHaveLength(3)
        for (const component of components) {
          expect(component.title.length).toBeGreaterThan(1)
          expect(component.text.length).toBeGreaterThan(5)
        }
      }
    }
    const [german] = await componentsOf('de', 'quests')
    expect(german?.text).toContain('Sie')
    const [estonian] = await componentsOf('ee', 'achievements')
    expect(estonian?.title).toBe('Saavutused')
  })

  it('answers the wheel’s, lootboxes’ and lottery’s blocks in every locale, a hero first', async () => {
    for (const page of ['fortune-wheel', 'lootboxes', 'lottery']) {
      for (const locale of LOCALE_PREFIXES) {
        const components = await componentsOf(locale, page)
        expect(components[0]?.kind, `${page} ${locale}`).toBe('hero')
        for (const component of components) {
          expect(component.title.length, `${page} ${locale}`).toBeGreaterThan(2)
        }
      }
    }
    const [arabic] = await componentsOf('ar-en', 'lottery')
    expect(arabic?.title).toMatch(/[\u0600-\u06FF]/)
  })

  it('refuses another page with a translated message, and an unknown locale', async () => {
    const unknown = await get('/de/page/get-page-components?url=casino')
    expect(unknown.statusCode).toBe(400)
    expect(errorOf(unknown).errors.code).toBe('page_components.unknown_page')
    expect(errorOf(unknown).message).toContain('Seite')
    expect((await get('/en/page/get-page-components')).statusCode).toBe(400)
    const language = await get('/xx/page/get-page-components?url=quests')
    expect(language.statusCode).toBe(404)
    expect(errorOf(language).errors.code).toBe('site.unknown_locale')
  })
})

describe('operator page components calls', () => {
  const texts = (title: string) =>
    Object.fromEntries(
      LOCALE_PREFIXES.map((locale) => [
        locale,
        { title: `${title} ${locale}`, text: `Text ${locale}`, items: [{ title: 'Q', text: 'A' }] },
      ]),
    )

  it('replaces a page’s blocks, audited, and refuses a missing locale, other pages and non-admins', async () => {
    const admin = (await signInOperator(t.app, await createOperator(t.database.db, ['admin'])))
      .headers
    const support = (await signInOperator(t.app, await createOperator(t.database.db, ['support'])))
      .headers
    const put = (page: string, body: unknown, headers = admin) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/page-components/${page}`,
        headers,
        payload: body as object,
      })

    expect((await get('/admin/api/page-components/quests')).statusCode).toBe(401)
    expect((await get('/admin/api/page-components/quests', support)).statusCode).toBe(403)
    const listed = await get('/admin/api/page-components/achievements', admin)
    expect(listed.json<{ data: { components: unknown[] } }>().data.components).toHaveLength(3)

    const body = { components: [{ kind: 'faq', image_url: null, texts: texts('FAQ') }] }
    expect((await put('lottery', body, support)).statusCode).toBe(403)
    const replaced = await put('lottery', body)
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json<{ data: { components: unknown[] } }>().data.components).toHaveLength(1)
    expect(
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'page_components.replaced')),
    ).toHaveLength(1)

    const withoutFinnish = {
      components: [
        { kind: 'faq', image_url: null, texts: { ...texts('FAQ'), fi: { title: '', text: 'x' } } },
      ],
    }
    const missing = await put('lottery', withoutFinnish)
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing).errors.code).toBe('quests.texts_incomplete')
    const noAlt = await put('lottery', {
      components: [{ kind: 'hero', image_url: '/x.svg', texts: texts('Hero') }],
    })
    expect(errorOf(noAlt).errors.code).toBe('quests.texts_incomplete')
    expect(errorOf(await put('casino', body)).errors.code).toBe('page_components.unknown_page')
    expect(
      (
        await put('lottery', {
          components: [{ kind: 'banner', image_url: null, texts: texts('x') }],
        })
      ).statusCode,
    ).toBe(400)
  })
})
