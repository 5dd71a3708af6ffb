import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { OperatorRole } from '#common/back-office.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { itChecksRoles, operatorsByRole, type RoleCase } from '#tests/helpers/role-matrix.ts'
import type { SignedInClient } from '#tests/factories/players.ts'

// Every content call of the console against every role: content (and admin) edit, the auditor
// reads, support, kyc and finance are refused, except where a call says otherwise (finance edits
// the bonus rules and the loyalty tables, which set money; a player's bonuses are read by those
// who read a player's page).

let t: TestApp
let operators: Record<OperatorRole, SignedInClient>
// `:id` until the seeded content is read: the test names show the path's pattern.
const ids = {
  promotion: ':id',
  quest: ':id',
  achievement: ':id',
  category: ':id',
  wheel: ':id',
  lootbox: ':id',
  shopItem: ':id',
  lottery: ':id',
  tournament: ':id',
}
const bodies: Record<string, unknown> = {}
let ruleCode = ':code'

const read = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: operators.admin.headers })
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`)
  return response.json<{ data: T }>().data
}
const first = <T>(rows: T[], what: string): T => {
  const [row] = rows
  if (!row) throw new Error(`the seed has no ${what}`)
  return row
}

beforeAll(async () => {
  t = await buildTestApp()
  operators = await operatorsByRole(t)
  // Each write gets a body the schema accepts (the role check follows validation): an item of
  // the seeded content, sent back as it is.
  const promotion = first(
    (await read<{ promotions: { id: string }[] }>('/admin/api/promotions')).promotions,
    'promotion',
  )
  ids.promotion = promotion.id
  bodies.promotion = promotion
  const quest = first(
    (await read<{ quests: { id: number }[] }>('/admin/api/quests')).quests,
    'quest',
  )
  ids.quest = String(quest.id)
  bodies.quest = quest
  const achievement = first(
    (await read<{ quests: { id: number }[] }>('/admin/api/achievements')).quests,
    'achievement',
  )
  ids.achievement = String(achievement.id)
  bodies.achievement = achievement
  const category = first(
    (await read<{ categories: { id: number }[] }>('/admin/api/engagement/categories')).categories,
    'category',
  )
  ids.category = String(category.id)
  bodies.category = category
  const wheel = first(
    (await read<{ wheels: { id: number }[] }>('/admin/api/wheels')).wheels,
    'wheel',
  )
  ids.wheel = String(wheel.id)
  bodies.wheel = wheel
  const lootbox = first(
    (await read<{ lootboxes: { id: number }[] }>('/admin/api/lootboxes')).lootboxes,
    'lootbox',
  )
  ids.lootbox = String(lootbox.id)
  bodies.lootbox = lootbox
  const item = first(
    (await read<{ items: { id: number }[] }>('/admin/api/shop-items')).items,
    'item',
  )
  ids.shopItem = String(item.id)
  bodies.shopItem = item
  const lottery = first(
    (await read<{ lotteries: { id: number }[] }>('/admin/api/lotteries')).lotteries,
    'lottery',
  )
  ids.lottery = String(lottery.id)
  bodies.lottery = lottery
  const tournament = first(
    (await read<{ tournaments: { id: number }[] }>('/admin/api/tournaments')).tournaments,
    'tournament',
  )
  ids.tournament = String(tournament.id)
  bodies.tournament = tournament
  const rule = first(
    (await read<{ rules: { code: string }[] }>('/admin/api/bonus-rules')).rules,
    'bonus rule',
  )
  bodies.rule = rule
  ruleCode = rule.code
  bodies.contributions = await read('/admin/api/bonus-contributions')
  bodies.levels = await read('/admin/api/loyalty-levels')
  bodies.tiers = await read('/admin/api/vip-tiers')
  bodies.components = await read('/admin/api/page-components/quests')
})

const READ: OperatorRole[] = ['content', 'auditor']
const WRITE: OperatorRole[] = ['content']
const MONEY_READ: OperatorRole[] = ['finance', 'content', 'auditor']
const MONEY_WRITE: OperatorRole[] = ['finance', 'content']

describe('content calls by role', () => {
  it('has a seeded item of every kind to call with', () => {
    expect(Object.values(ids)).not.toContain(':id')
  })

  // Cases are built lazily: their ids and bodies come from the seeded content read above.
  const lazy = (build: () => RoleCase): RoleCase => {
    const placeholder = { method: 'GET', url: '', allowed: [] } as RoleCase
    return new Proxy(placeholder, { get: (_, key) => build()[key as keyof RoleCase] })
  }
  const cases: RoleCase[] = [
    {
      method: 'GET',
      url: '/admin/api/promotions?page=1&pageSize=5&sort=-updated_at',
      allowed: READ,
    },
    lazy(() => ({ method: 'GET', url: `/admin/api/promotions/${ids.promotion}`, allowed: READ })),
    lazy(() => ({
      method: 'POST',
      url: '/admin/api/promotions',
      body: { ...(bodies.promotion as object), id: `roles-${randomUUID().slice(0, 8)}` },
      allowed: WRITE,
    })),
    lazy(() => ({
      method: 'PUT',
      url: `/admin/api/promotions/${ids.promotion}`,
      body: bodies.promotion,
      allowed: WRITE,
    })),
    { method: 'DELETE', url: '/admin/api/promotions/no-such-promotion', allowed: WRITE },

    { method: 'GET', url: '/admin/api/bonus-rules', allowed: MONEY_READ },
    lazy(() => ({
      method: 'PUT',
      url: `/admin/api/bonus-rules/${ruleCode}`,
      body: bodies.rule,
      allowed: MONEY_WRITE,
    })),
    { method: 'GET', url: '/admin/api/bonus-contributions', allowed: MONEY_READ },
    lazy(() => ({
      method: 'PUT',
      url: '/admin/api/bonus-contributions',
      body: bodies.contributions,
      allowed: MONEY_WRITE,
    })),
    {
      method: 'GET',
      url: `/admin/api/players/${randomUUID()}/bonuses`,
      allowed: ['support', 'kyc', 'finance', 'auditor'],
    },

    { method: 'GET', url: '/admin/api/engagement/categories', allowed: READ },
    lazy(() => ({
      method: 'GET',
      url: `/admin/api/engagement/categories/${ids.category}`,
      allowed: READ,
    })),
    lazy(() => ({
      method: 'POST',
      url: '/admin/api/engagement/categories',
      body: { ...(bodies.category as object), slug: `roles-${randomUUID().slice(0, 8)}` },
      allowed: WRITE,
    })),
    lazy(() => ({
      method: 'PUT',
      url: `/admin/api/engagement/categories/${ids.category}`,
      body: bodies.category,
      allowed: WRITE,
    })),
    { method: 'DELETE', url: '/admin/api/engagement/categories/2147483000', allowed: WRITE },

    ...(['quest', 'achievement'] as const).flatMap((kind): RoleCase[] => [
      { method: 'GET', url: `/admin/api/${kind}s?q=a&sort=slug`, allowed: READ },
      lazy(() => ({ method: 'GET', url: `/admin/api/${kind}s/${ids[kind]}`, allowed: READ })),
      lazy(() => ({
        method: 'POST',
        url: `/admin/api/${kind}s`,
        body: { ...(bodies[kind] as object), slug: `roles-${randomUUID().slice(0, 8)}` },
        allowed: WRITE,
      })),
      lazy(() => ({
        method: 'PUT',
        url: `/admin/api/${kind}s/${ids[kind]}`,
        body: bodies[kind],
        allowed: WRITE,
      })),
      { method: 'DELETE', url: `/admin/api/${kind}s/2147483000`, allowed: WRITE },
    ]),

    ...(
      [
        ['wheels', 'wheel'],
        ['lootboxes', 'lootbox'],
        ['shop-items', 'shopItem'],
        ['lotteries', 'lottery'],
        ['tournaments', 'tournament'],
      ] as const
    ).flatMap(([path, key]): RoleCase[] => [
      { method: 'GET', url: `/admin/api/${path}?page=1&pageSize=10&sort=-id`, allowed: READ },
      lazy(() => ({ method: 'GET', url: `/admin/api/${path}/${ids[key]}`, allowed: READ })),
      lazy(() => ({
        method: 'POST',
        url: `/admin/api/${path}`,
        body: { ...(bodies[key] as object), slug: `roles-${randomUUID().slice(0, 8)}` },
        allowed: WRITE,
      })),
      lazy(() => ({
        method: 'PUT',
        url: `/admin/api/${path}/${ids[key]}`,
        body: bodies[key],
        allowed: WRITE,
      })),
    ]),

    { method: 'GET', url: '/admin/api/loyalty-levels', allowed: MONEY_READ },
    lazy(() => ({
      method: 'PUT',
      url: '/admin/api/loyalty-levels',
      body: bodies.levels,
      allowed: MONEY_WRITE,
    })),
    { method: 'GET', url: '/admin/api/vip-tiers', allowed: MONEY_READ },
    lazy(() => ({
      method: 'PUT',
      url: '/admin/api/vip-tiers',
      body: bodies.tiers,
      allowed: MONEY_WRITE,
    })),
    { method: 'GET', url: '/admin/api/page-components/quests', allowed: READ },
    lazy(() => ({
      method: 'PUT',
      url: '/admin/api/page-components/quests',
      body: bodies.components,
      allowed: WRITE,
    })),
  ]

  itChecksRoles(
    () => t,
    () => operators,
    cases,
  )
})
