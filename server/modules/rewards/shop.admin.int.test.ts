import { and, eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES, type LocalePrefix } from '#common/locales.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import type { ShopItem } from './rewards.contract.ts'
import { lootboxes } from './rewards.tables.ts'
import type { OperatorShopItem } from './shop.admin.contract.ts'

let t: TestApp
let admin: Record<string, string>
let lootboxId: number
beforeAll(async () => {
  t = await buildTestApp()
  admin = (await signInOperator(t.app, await createOperator(t.database.db, ['admin']))).headers
  const [box] = await t.database.db
    .insert(lootboxes)
    .values({
      slug: `admin-test-box-${randomUUID().slice(0, 8)}`,
      texts: everywhere(() => ({ title: 'Box', text: 'A box', imageAlt: 'A box' })) as Record<
        LocalePrefix,
        { title: string; text: string; imageAlt: string }
      >,
      imageUrl: '/lootboxes/test.svg',
      validDays: 7,
    })
    .returning()
  if (!box) throw new Error('no lootbox')
  lootboxId = box.id
})

function everywhere<T>(value: (locale: string) => T) {
  return Object.fromEntries(LOCALE_PREFIXES.map((locale) => [locale, value(locale)]))
}

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined && { payload: payload as object }),
  })

const body = (overrides: Record<string, unknown> = {}) => ({
  slug: `box-${randomUUID().slice(0, 8)}`,
  kind: 'lootbox',
  prize: { kind: 'lootbox', lootboxId },
  price_coins_minor: '25000',
  stock: 50,
  per_player_limit: 3,
  limit_period: 'week',
  image_url: '/shop/bronze-lootbox.svg',
  sort: 5,
  is_enabled: true,
  texts: everywhere((locale) => ({
    title: `Title ${locale}`,
    text: `Text ${locale}`,
    imageAlt: `Alt ${locale}`,
  })),
  ...overrides,
})

const itemOf = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: { item: OperatorShopItem } }>().data.item
}

const expectError = (response: Awaited<ReturnType<typeof call>>, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

const shopItems = async () => {
  const response = await call('GET', '/fi/shop/items', API_HEADERS)
  return response.json<{ data: { items: ShopItem[] } }>().data.items
}

describe('the operators’ shop calls', () => {
  it('need an admin operator', async () => {
    expectError(
      await call('GET', '/admin/api/shop-items', API_HEADERS),
      401,
      'auth.sign_in_required',
    )
    const support = await signInOperator(t.app, await createOperator(t.database.db, ['support']))
    expectError(await call('GET', '/admin/api/shop-items', support.headers), 403, 'auth.forbidden')
    expectError(
      await call('POST', '/admin/api/shop-items', support.headers, body()),
      403,
      'auth.forbidden',
    )
    const player = await signIn(t.app, await createPlayer(t.database.db))
    expectError(
      await call('POST', '/admin/api/shop-items', player.headers, body()),
      401,
      'auth.sign_in_required',
    )
  })

  it('create an item the shop shows at once, audited', async () => {
    await shopItems()
    const created = itemOf(await call('POST', '/admin/api/shop-items', admin, body()))
    expect(created).toMatchObject({ price_coins_minor: '25000', stock: 50, per_player_limit: 3 })
    const shown = (await shopItems()).find((item) => item.id === created.id)
    expect(shown).toMatchObject({ title: 'Title fi', price_coins: 250, limit_period: 'week' })
    const listed = await call('GET', '/admin/api/shop-items', admin)
    expect(
      listed.json<{ data: { items: OperatorShopItem[] } }>().data.items.map((item) => item.id),
    ).toContain(created.id)
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'shop_item.created'), eq(auditEvents.actorType, 'operator')),
      )
    expect(audits.some((audit) => JSON.stringify(audit.details).includes(created.slug))).toBe(true)
  })

  it('change an item, and withdraw it from the shop', async () => {
    const created = itemOf(await call('POST', '/admin/api/shop-items', admin, body()))
    const changed = itemOf(
      await call(
        'PUT',
        `/admin/api/shop-items/${created.id}`,
        admin,
        body({ slug: created.slug, price_coins_minor: '150', stock: null, is_enabled: false }),
      ),
    )
    expect(changed).toMatchObject({ price_coins_minor: '150', stock: null, is_enabled: false })
    expect((await shopItems()).some((item) => item.id === created.id)).toBe(false)
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'shop_item.changed'),
          sql`${auditEvents.details}->'after'->>'id' = ${String(created.id)}`,
        ),
      )
    expect(audit?.details).toMatchObject({
      before: { price_coins_minor: '25000' },
      after: { price_coins_minor: '150' },
    })
    expectError(
      await call('PUT', '/admin/api/shop-items/2000000000', admin, body()),
      404,
      'rewards.not_found',
    )
  })

  it.each([
    ['a price of 0', { price_coins_minor: '0' }, 400, 'request.invalid'],
    ['a negative stock', { stock: -1 }, 400, 'request.invalid'],
    ['a limit of 0', { per_player_limit: 0 }, 400, 'request.invalid'],
    ['an unknown period', { limit_period: 'month' }, 400, 'request.invalid'],
    ['a bad slug', { slug: 'Not A Slug' }, 400, 'request.invalid'],
    ['a kind other than the prize’s', { kind: 'bonus' }, 400, 'rewards.invalid_prize'],
    [
      'an unknown lootbox',
      { prize: { kind: 'lootbox', lootboxId: 999999 } },
      400,
      'rewards.invalid_prize',
    ],
    [
      'bonus money past the cap',
      { kind: 'bonus', prize: { kind: 'bonus', eurMinor: '100000000' } },
      400,
      'rewards.invalid_prize',
    ],
    [
      'a locale left out',
      { texts: { en: { title: 'Only', text: 'English', imageAlt: 'Alt' } } },
      400,
      'rewards.texts_incomplete',
    ],
    [
      'an empty title',
      {
        texts: everywhere((l) => ({ title: l === 'ar-en' ? ' ' : 'T', text: 'T', imageAlt: 'A' })),
      },
      400,
      'rewards.texts_incomplete',
    ],
  ] as const)('refuse %s', async (_, overrides, status, code) => {
    expectError(await call('POST', '/admin/api/shop-items', admin, body(overrides)), status, code)
  })

  it('refuse a slug another item has', async () => {
    const first = itemOf(await call('POST', '/admin/api/shop-items', admin, body()))
    const second = itemOf(await call('POST', '/admin/api/shop-items', admin, body()))
    expectError(
      await call('POST', '/admin/api/shop-items', admin, body({ slug: first.slug })),
      409,
      'rewards.slug_taken',
    )
    expectError(
      await call('PUT', `/admin/api/shop-items/${second.id}`, admin, body({ slug: first.slug })),
      409,
      'rewards.slug_taken',
    )
  })
})
