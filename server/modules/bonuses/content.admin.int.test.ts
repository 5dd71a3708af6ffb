import { and, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { createOperator, signInOperator } from '#tests/factories/players.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'

// The console's content calls beyond the role check: lists paged, searched and sorted on the
// server, one item read by id, bad queries refused, and every change audited in its
// transaction with the pages cached for visitors dropped (`site.changed`).

let t: TestApp
let content: Record<string, string>
let contentId: string

beforeAll(async () => {
  t = await buildTestApp()
  const operator = await createOperator(t.database.db, ['content'])
  contentId = operator.id
  content = (await signInOperator(t.app, operator)).headers
})

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: content,
    ...(payload !== undefined && { payload: payload as object }),
  })

interface Page {
  total: number
  page: number
  pageSize: number
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's shape
const dataOf = <T>(response: { body: string }) => (JSON.parse(response.body) as { data: T }).data

/** Each paged list: its path, the rows' key, a sort it takes and how an item names itself. */
const LISTS = [
  { path: 'promotions', key: 'promotions', sort: 'id', one: 'promotion' },
  { path: 'quests', key: 'quests', sort: 'slug', one: 'quest' },
  { path: 'achievements', key: 'quests', sort: 'slug', one: 'quest' },
  { path: 'wheels', key: 'wheels', sort: 'slug', one: 'wheel' },
  { path: 'lootboxes', key: 'lootboxes', sort: 'slug', one: 'lootbox' },
  { path: 'shop-items', key: 'items', sort: 'slug', one: 'item' },
  { path: 'lotteries', key: 'lotteries', sort: 'slug', one: null },
  { path: 'tournaments', key: 'tournaments', sort: 'slug', one: 'tournament' },
] as const

type Row = { id: string | number; slug?: string; texts: Record<string, { title?: string }> }

describe('content lists', () => {
  for (const list of LISTS) {
    it(`${list.path}: pages, searches and sorts on the server`, async () => {
      const whole = dataOf<Page & Record<string, Row[]>>(
        await call('GET', `/admin/api/${list.path}`),
      )
      const rows = whole[list.key] ?? []
      expect(rows.length).toBeGreaterThan(0)
      expect(whole.total).toBe(rows.length)
      expect(whole.page).toBe(1)

      const sorted = dataOf<Page & Record<string, Row[]>>(
        await call('GET', `/admin/api/${list.path}?sort=-${list.sort}&pageSize=1&page=1`),
      )
      expect(sorted.total).toBe(rows.length)
      expect(sorted.pageSize).toBe(1)
      expect(sorted[list.key]).toHaveLength(1)
      const nameOf = (row: Row) => String(list.sort === 'id' ? row.id : row.slug)
      const last = [...rows].map(nameOf).sort((a, b) => b.localeCompare(a))[0]
      expect(nameOf(sorted[list.key]?.[0] as Row)).toBe(last)

      const beyond = dataOf<Page & Record<string, Row[]>>(
        await call('GET', `/admin/api/${list.path}?page=${String(rows.length + 1)}&pageSize=1`),
      )
      expect(beyond[list.key]).toEqual([])
      expect(beyond.total).toBe(rows.length)

      const target = rows[0] as Row
      const word = (target.texts.en?.title ?? nameOf(target)).split(/\s+/)[0] ?? ''
      const found = dataOf<Page & Record<string, Row[]>>(
        await call('GET', `/admin/api/${list.path}?q=${encodeURIComponent(word.toUpperCase())}`),
      )
      expect(found[list.key]?.map((row) => row.id)).toContain(target.id)
      const none = dataOf<Page & Record<string, Row[]>>(
        await call('GET', `/admin/api/${list.path}?q=zz-no-such-words-zz`),
      )
      expect(none).toMatchObject({ total: 0, [list.key]: [] })
    })

    it(`${list.path}: refuses a bad page, page size or sort with 400 request.invalid`, async () => {
      for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'sort=password', 'page=x']) {
        const response = await call('GET', `/admin/api/${list.path}?${query}`)
        expect(response.statusCode, query).toBe(400)
        expect(response.json<{ errors: { code: string } }>().errors.code).toBe('request.invalid')
      }
    })

    it(`${list.path}: reads one item by id, 404 for an unknown one, 400 for a malformed one`, async () => {
      const rows =
        dataOf<Record<string, Row[]>>(await call('GET', `/admin/api/${list.path}?pageSize=1`))[
          list.key
        ] ?? []
      const target = rows[0] as Row
      const response = await call('GET', `/admin/api/${list.path}/${String(target.id)}`)
      expect(response.statusCode).toBe(200)
      const data = dataOf<Record<string, Row> & Row>(response)
      expect((list.one === null ? data : data[list.one])?.id).toBe(target.id)

      const unknown = list.path === 'promotions' ? 'no-such-promotion' : '2147483000'
      expect((await call('GET', `/admin/api/${list.path}/${unknown}`)).statusCode).toBe(404)
      const malformed = list.path === 'promotions' ? 'Not A Slug!' : 'abc'
      expect((await call('GET', `/admin/api/${list.path}/${malformed}`)).statusCode).toBe(400)
    })
  }

  it('reads one category, 404 for an unknown one', async () => {
    const { categories } = dataOf<{ categories: { id: number }[] }>(
      await call('GET', '/admin/api/engagement/categories'),
    )
    const id = categories[0]?.id ?? 0
    const response = await call('GET', `/admin/api/engagement/categories/${String(id)}`)
    expect(dataOf<{ category: { id: number } }>(response).category.id).toBe(id)
    const unknown = await call('GET', '/admin/api/engagement/categories/2147483000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<{ errors: { code: string } }>().errors.code).toBe('quests.not_found')
  })
})

describe('content changes', () => {
  /** Runs `change` and answers the audit rows it wrote and the `site.changed` events it sent. */
  async function observe(change: () => Promise<{ statusCode: number; body: string }>) {
    const auditRows = () =>
      t.database.db
        .select({ id: auditEvents.id, action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.actorId, contentId), eq(auditEvents.actorType, 'operator')))
    const before = new Set((await auditRows()).map((row) => row.id))
    const scopes: string[] = []
    const stop = t.app.bus.subscribe('site.changed', ({ scope }) => {
      scopes.push(scope)
    })
    const response = await change()
    stop()
    expect(response.statusCode, response.body).toBe(200)
    const actions = (await auditRows())
      .filter((row) => !before.has(row.id))
      .map((row) => row.action)
    return { actions, scopes }
  }

  const firstOf = async <T>(path: string, key: string): Promise<T> => {
    const rows = dataOf<Record<string, T[]>>(await call('GET', `/admin/api/${path}`))[key] ?? []
    if (!rows[0]) throw new Error(`no ${path} seeded`)
    return rows[0]
  }

  it('a new promotion is audited, drops the cached pages and shows on the promotions list', async () => {
    const id = `console-${randomUUID().slice(0, 8)}`
    const { actions, scopes } = await observe(() =>
      call('POST', '/admin/api/promotions', {
        id,
        bonus_code: null,
        image_url: '/promotions/art/welcome-bonus.svg',
        starts_at: null,
        ends_at: null,
        texts: {
          en: {
            title: 'Console weekend',
            summary: 'Made in the console',
            body: ['One paragraph.'],
            image_alt: 'A banner',
          },
        },
      }),
    )
    expect(actions).toContain('promotion.created')
    expect(scopes).toContain('pages')
    const shown = await t.app.inject({
      method: 'GET',
      url: '/en/rest-content/promotions',
      headers: API_HEADERS,
    })
    expect(shown.json<{ data: { promotions: { id: string }[] } }>().data.promotions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id })]),
    )
    const withdrawn = await observe(() => call('DELETE', `/admin/api/promotions/${id}`))
    expect(withdrawn.actions).toContain('promotion.disabled')
    expect(withdrawn.scopes).toContain('pages')
  })

  // Each edit sends an item back as it was read: a valid change that must still be audited.
  const EDITS: {
    name: string
    action: string
    run: () => Promise<{ statusCode: number; body: string }>
  }[] = [
    {
      name: 'promotion',
      action: 'promotion.updated',
      run: async () => {
        const row = await firstOf<{ id: string }>('promotions', 'promotions')
        return call('PUT', `/admin/api/promotions/${row.id}`, row)
      },
    },
    {
      name: 'quest',
      action: 'quest.updated',
      run: async () => {
        const row = await firstOf<{ id: number }>('quests', 'quests')
        return call('PUT', `/admin/api/quests/${String(row.id)}`, row)
      },
    },
    {
      name: 'achievement',
      action: 'achievement.updated',
      run: async () => {
        const row = await firstOf<{ id: number }>('achievements', 'quests')
        return call('PUT', `/admin/api/achievements/${String(row.id)}`, row)
      },
    },
    {
      name: 'category',
      action: 'quest_category.updated',
      run: async () => {
        const row = await firstOf<{ id: number }>('engagement/categories', 'categories')
        return call('PUT', `/admin/api/engagement/categories/${String(row.id)}`, row)
      },
    },
    {
      name: 'wheel',
      action: 'wheel.replaced',
      run: async () => {
        const row = await firstOf<{ id: number }>('wheels', 'wheels')
        return call('PUT', `/admin/api/wheels/${String(row.id)}`, row)
      },
    },
    {
      name: 'lootbox',
      action: 'lootbox.replaced',
      run: async () => {
        const row = await firstOf<{ id: number }>('lootboxes', 'lootboxes')
        return call('PUT', `/admin/api/lootboxes/${String(row.id)}`, row)
      },
    },
    {
      name: 'shop item',
      action: 'shop_item.changed',
      run: async () => {
        const row = await firstOf<{ id: number }>('shop-items', 'items')
        return call('PUT', `/admin/api/shop-items/${String(row.id)}`, row)
      },
    },
    {
      name: 'lottery',
      action: 'lottery.changed',
      run: async () => {
        const rows = dataOf<{ lotteries: { id: number; drawn_at: string | null }[] }>(
          await call('GET', '/admin/api/lotteries'),
        ).lotteries
        const row = rows.find((lottery) => lottery.drawn_at === null)
        if (!row) throw new Error('no undrawn lottery seeded')
        return call('PUT', `/admin/api/lotteries/${String(row.id)}`, row)
      },
    },
    {
      name: 'tournament',
      action: 'tournament.changed',
      run: async () => {
        const rows = dataOf<{ tournaments: { id: number; finished_at: string | null }[] }>(
          await call('GET', '/admin/api/tournaments'),
        ).tournaments
        const row = rows.find((tournament) => tournament.finished_at === null)
        if (!row) throw new Error('no running tournament seeded')
        return call('PUT', `/admin/api/tournaments/${String(row.id)}`, row)
      },
    },
    {
      name: 'bonus rule',
      action: 'bonus_rule.updated',
      run: async () => {
        const row = await firstOf<{ code: string }>('bonus-rules', 'rules')
        return call('PUT', `/admin/api/bonus-rules/${row.code}`, row)
      },
    },
    {
      name: 'wagering contributions',
      action: 'bonus_contributions.updated',
      run: async () =>
        call(
          'PUT',
          '/admin/api/bonus-contributions',
          dataOf(await call('GET', '/admin/api/bonus-contributions')),
        ),
    },
    {
      name: 'loyalty levels',
      action: 'loyalty_levels.replaced',
      run: async () =>
        call(
          'PUT',
          '/admin/api/loyalty-levels',
          dataOf(await call('GET', '/admin/api/loyalty-levels')),
        ),
    },
    {
      name: 'VIP tiers',
      action: 'vip_tiers.replaced',
      run: async () =>
        call('PUT', '/admin/api/vip-tiers', dataOf(await call('GET', '/admin/api/vip-tiers'))),
    },
    {
      name: 'page components',
      action: 'page_components.replaced',
      run: async () =>
        call(
          'PUT',
          '/admin/api/page-components/lootboxes',
          dataOf(await call('GET', '/admin/api/page-components/lootboxes')),
        ),
    },
  ]

  for (const edit of EDITS) {
    it(`a ${edit.name} change writes its audit row and drops the cached pages`, async () => {
      const { actions, scopes } = await observe(edit.run)
      expect(actions).toContain(edit.action)
      expect(scopes).toContain('pages')
    })
  }

  it('a refused change writes no audit row and drops nothing', async () => {
    const row = await firstOf<{ id: number; texts: Record<string, unknown> }>('wheels', 'wheels')
    const scopes: string[] = []
    const stop = t.app.bus.subscribe('site.changed', ({ scope }) => {
      scopes.push(scope)
    })
    const before = await t.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, contentId))
    const { de: _, ...withoutGerman } = row.texts
    const response = await call('PUT', `/admin/api/wheels/${String(row.id)}`, {
      ...row,
      texts: withoutGerman,
    })
    stop()
    expect(response.statusCode).toBe(400)
    expect(response.json<{ errors: { code: string } }>().errors.code).toBe(
      'rewards.texts_incomplete',
    )
    const after = await t.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, contentId))
    expect(after).toHaveLength(before.length)
    expect(scopes).toEqual([])
  })
})
