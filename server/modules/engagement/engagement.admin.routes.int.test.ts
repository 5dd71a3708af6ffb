import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import type { Quest } from './engagement.contract.ts'
import { questCategories, triggerProgress } from './engagement.tables.ts'
import type { OperatorCategory, OperatorQuest } from './quests.admin.contract.ts'

let t: TestApp
let admin: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  admin = (await signInOperator(t.app, await createOperator(t.database.db, ['admin']))).headers
})

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

const everywhere = <T>(value: (locale: string) => T) =>
  Object.fromEntries(LOCALE_PREFIXES.map((locale) => [locale, value(locale)]))

const categoryId = async (slug: string) => {
  const [row] = await t.database.db
    .select()
    .from(questCategories)
    .where(eq(questCategories.slug, slug))
  if (!row) throw new Error(`no category ${slug}`)
  return row.id
}

const questBody = async (slug: string, overrides: Record<string, unknown> = {}) => ({
  category_id: await categoryId('daily'),
  slug,
  image_url: '/quests/art/dice-warm-up.svg',
  texts: everywhere((locale) => ({
    title: `Quest ${locale}`,
    text: `Text ${locale}`,
    imageAlt: `Alt ${locale}`,
  })),
  repeat: 'daily',
  starts_at: null,
  ends_at: null,
  sort: 1,
  is_enabled: true,
  templates: [
    {
      texts: everywhere((locale) => ({ title: `Task ${locale}` })),
      reward_coins: 2.5,
      triggers: [
        {
          event: 'bet',
          rules: [
            {
              type: 'number_actions',
              condition_type: 'game',
              condition_value: 'mines',
              is_progress_marker: 1,
            },
          ],
          expected: '4',
          min_stake_eur: '0',
        },
      ],
    },
  ],
  ...overrides,
})

const errorOf = (response: { json: () => unknown }) =>
  response.json() as { errors: { code: string }; message: string }

describe('operator quest calls: guards', () => {
  it('answers 401 without an operator and 403 for the support or finance role', async () => {
    expect((await call('GET', '/admin/api/quests', API_HEADERS)).statusCode).toBe(401)
    const player = await signIn(t.app, await createPlayer(t.database.db))
    expect((await call('GET', '/admin/api/quests', player.headers)).statusCode).toBe(401)
    const support = await signInOperator(
      t.app,
      await createOperator(t.database.db, ['support', 'finance']),
    )
    for (const url of [
      '/admin/api/quests',
      '/admin/api/achievements',
      '/admin/api/engagement/categories',
    ]) {
      const response = await call('GET', url, support.headers)
      expect(response.statusCode, url).toBe(403)
      expect(errorOf(response).errors.code).toBe('auth.forbidden')
    }
    const create = await call(
      'POST',
      '/admin/api/quests',
      support.headers,
      await questBody('refused'),
    )
    expect(create.statusCode).toBe(403)
  })
})

describe('operator quest calls', () => {
  it('lists the seeded quests and achievements with their triggers', async () => {
    const quests = (await call('GET', '/admin/api/quests', admin)).json<{
      data: { quests: OperatorQuest[] }
    }>().data.quests
    const warmUp = quests.find((quest) => quest.slug === 'dice-warm-up')
    expect(warmUp?.templates[0]?.reward_coins).toBe(5)
    expect(warmUp?.templates[0]?.triggers[0]).toMatchObject({
      event: 'bet',
      expected: '3',
      min_stake_eur: '0',
    })
    expect(Object.keys(warmUp?.texts ?? {})).toHaveLength(16)
    const achievements = (await call('GET', '/admin/api/achievements', admin)).json<{
      data: { quests: OperatorQuest[] }
    }>().data.quests
    expect(achievements.length).toBeGreaterThanOrEqual(20)
    expect(achievements.every((a) => a.kind === 'achievement')).toBe(true)
  })

  it('creates a quest that the page shows at once, and audits it', async () => {
    await call('GET', '/en/quest/get-quests-categories', API_HEADERS)
    const created = await call('POST', '/admin/api/quests', admin, await questBody('mines-trio'))
    expect(created.statusCode, created.body).toBe(200)
    const quest = created.json<{ data: { quest: OperatorQuest } }>().data.quest
    expect(quest).toMatchObject({ slug: 'mines-trio', kind: 'quest', repeat: 'daily' })
    expect(quest.templates[0]?.reward_coins).toBe(2.5)
    const page = await call('GET', '/fr/quest/get-quests-categories', API_HEADERS)
    const shown = page
      .json<{ data: { categories: { quests: Quest[] }[] } }>()
      .data.categories.flatMap((c) => c.quests)
      .find((q) => q.slug === 'mines-trio')
    expect(shown?.title).toBe('Quest fr')
    expect(shown?.questTemplates[0]?.reward_amount_coins).toBe(2.5)
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'quest.created'), eq(auditEvents.actorType, 'operator')))
    expect(audits.length).toBe(1)
  })

  it('refuses bad bodies with a translated reason', async () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      [
        'a missing locale',
        {
          texts: Object.fromEntries(
            Object.entries((await questBody('x')).texts).filter(([locale]) => locale !== 'ee'),
          ),
        },
        400,
        'quests.texts_incomplete',
      ],
      [
        'an empty locale',
        {
          texts: { ...(await questBody('x')).texts, pl: { title: ' ', text: 'a', imageAlt: 'b' } },
        },
        400,
        'quests.texts_incomplete',
      ],
      ['an unknown category', { category_id: 999_999 }, 400, 'quests.unknown_category'],
      [
        'an achievement category',
        { category_id: await categoryId('first-steps') },
        400,
        'quests.unknown_category',
      ],
      [
        'an end before the start',
        { starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' },
        400,
        'quests.invalid_schedule',
      ],
      ['a taken slug', { slug: 'dice-warm-up' }, 409, 'quests.slug_taken'],
      ['a bad slug', { slug: 'Not A Slug' }, 400, 'request.invalid'],
      ['no templates', { templates: [] }, 400, 'request.invalid'],
    ]
    const base = await questBody('bad-one')
    const trigger = base.templates[0]?.triggers[0]
    const withTrigger = (changes: Record<string, unknown>) => ({
      templates: [{ ...base.templates[0], triggers: [{ ...trigger, ...changes }] }],
    })
    const marker = {
      type: 'number_actions',
      condition_type: null,
      condition_value: null,
      is_progress_marker: 1,
    }
    cases.push(
      [
        'two progress markers',
        withTrigger({ rules: [marker, marker] }),
        400,
        'quests.progress_marker',
      ],
      [
        'no progress marker',
        withTrigger({ rules: [{ ...marker, is_progress_marker: 0 }] }),
        400,
        'quests.progress_marker',
      ],
      ['expected 0', withTrigger({ expected: '0' }), 400, 'request.invalid'],
      [
        'an unknown rule type',
        withTrigger({ rules: [{ ...marker, type: 'win_multiplier' }] }),
        400,
        'request.invalid',
      ],
      ['an unknown event', withTrigger({ event: 'spin' }), 400, 'request.invalid'],
    )
    for (const [name, overrides, status, code] of cases) {
      const response = await call(
        'POST',
        '/admin/api/quests',
        { ...admin, 'accept-language': 'de' },
        { ...base, ...overrides },
      )
      expect(response.statusCode, name).toBe(status)
      expect(errorOf(response).errors.code, name).toBe(code)
      expect(errorOf(response).message.length, name).toBeGreaterThan(5)
    }
    // An achievement has no repeat and no dates.
    const achievement = await call('POST', '/admin/api/achievements', admin, {
      ...base,
      slug: 'repeating-achievement',
      category_id: await categoryId('first-steps'),
    })
    expect(errorOf(achievement).errors.code).toBe('quests.invalid_schedule')
  })

  it('keeps progress on a change by id, refuses to drop a task in use, and disables rather than deletes', async () => {
    const created = (
      await call('POST', '/admin/api/quests', admin, await questBody('kept-progress'))
    ).json<{
      data: { quest: OperatorQuest }
    }>().data.quest
    const template = created.templates[0]
    const trigger = template?.triggers[0]
    if (!template || !trigger) throw new Error('no template')
    const player = await createPlayer(t.database.db)
    await t.database.db
      .insert(triggerProgress)
      .values({ playerId: player.id, triggerId: trigger.id, periodKey: '2026-11-26', progress: 2n })

    const body = await questBody('kept-progress')
    const changed = await call('PUT', `/admin/api/quests/${String(created.id)}`, admin, {
      ...body,
      templates: [
        {
          ...body.templates[0],
          id: template.id,
          reward_coins: 7,
          triggers: [{ ...body.templates[0]?.triggers[0], id: trigger.id, expected: '6' }],
        },
      ],
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const after = changed.json<{ data: { quest: OperatorQuest } }>().data.quest
    expect(after.templates[0]?.triggers[0]).toMatchObject({ id: trigger.id, expected: '6' })
    expect(after.templates[0]?.reward_coins).toBe(7)
    const rows = await t.database.db
      .select()
      .from(triggerProgress)
      .where(eq(triggerProgress.triggerId, trigger.id))
    expect(rows).toHaveLength(1)

    // Left out: its trigger has progress.
    const dropped = await call('PUT', `/admin/api/quests/${String(created.id)}`, admin, body)
    expect(dropped.statusCode).toBe(409)
    expect(errorOf(dropped).errors.code).toBe('quests.in_use')
    // Someone else's trigger id.
    const foreign = await call('PUT', `/admin/api/quests/${String(created.id)}`, admin, {
      ...body,
      templates: [
        {
          ...body.templates[0],
          id: template.id,
          triggers: [{ ...body.templates[0]?.triggers[0], id: 1 }],
        },
      ],
    })
    expect(foreign.statusCode).toBe(404)
    expect((await call('PUT', '/admin/api/quests/999999', admin, body)).statusCode).toBe(404)
    expect(
      (await call('PUT', '/admin/api/achievements/' + String(created.id), admin, body)).statusCode,
    ).toBe(404)

    const disabled = await call('DELETE', `/admin/api/quests/${String(created.id)}`, admin)
    expect(disabled.json<{ data: { quest: OperatorQuest } }>().data.quest.is_enabled).toBe(false)
    expect(
      await t.database.db
        .select()
        .from(triggerProgress)
        .where(eq(triggerProgress.triggerId, trigger.id)),
    ).toHaveLength(1)
    const page = (await call('GET', '/en/quest/get-quests-categories', API_HEADERS)).json<{
      data: { categories: { quests: Quest[] }[] }
    }>()
    expect(page.data.categories.flatMap((c) => c.quests).map((q) => q.slug)).not.toContain(
      'kept-progress',
    )
    expect((await call('DELETE', '/admin/api/quests/abc', admin)).statusCode).toBe(400)
  })
})

describe('operator category calls', () => {
  it('creates, changes and hides a category', async () => {
    const texts = everywhere((locale) => ({ title: `Weekend ${locale}` }))
    const created = await call('POST', '/admin/api/engagement/categories', admin, {
      kind: 'quest',
      slug: 'weekend',
      sort: 99,
      is_enabled: true,
      texts,
    })
    expect(created.statusCode, created.body).toBe(200)
    const category = created.json<{ data: { category: OperatorCategory } }>().data.category
    const again = await call('POST', '/admin/api/engagement/categories', admin, {
      kind: 'quest',
      slug: 'weekend',
      sort: 1,
      is_enabled: true,
      texts,
    })
    expect(errorOf(again).errors.code).toBe('quests.slug_taken')
    const missing = await call('POST', '/admin/api/engagement/categories', admin, {
      kind: 'quest',
      slug: 'weekend-2',
      sort: 1,
      is_enabled: true,
      texts: { en: { title: 'Only English' } },
    })
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing).errors.code).toBe('quests.texts_incomplete')
    const badKind = await call('POST', '/admin/api/engagement/categories', admin, {
      kind: 'lottery',
      slug: 'x',
      sort: 1,
      is_enabled: true,
      texts,
    })
    expect(badKind.statusCode).toBe(400)

    const renamed = await call(
      'PUT',
      `/admin/api/engagement/categories/${String(category.id)}`,
      admin,
      {
        slug: 'weekend-quests',
        sort: 98,
        is_enabled: true,
        texts,
      },
    )
    expect(renamed.json<{ data: { category: OperatorCategory } }>().data.category.slug).toBe(
      'weekend-quests',
    )
    expect(
      (
        await call('PUT', '/admin/api/engagement/categories/999999', admin, {
          slug: 'nope',
          sort: 1,
          is_enabled: true,
          texts,
        })
      ).statusCode,
    ).toBe(404)
    const hidden = await call(
      'DELETE',
      `/admin/api/engagement/categories/${String(category.id)}`,
      admin,
    )
    expect(hidden.json<{ data: { category: OperatorCategory } }>().data.category.is_enabled).toBe(
      false,
    )
    const list = (await call('GET', '/admin/api/engagement/categories', admin)).json<{
      data: { categories: OperatorCategory[] }
    }>()
    expect(list.data.categories.find((c) => c.id === category.id)?.is_enabled).toBe(false)
  })
})
