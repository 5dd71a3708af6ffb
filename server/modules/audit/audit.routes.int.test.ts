import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createOperator,
  createPlayer,
  signInOperator,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { auditEvents } from './audit.tables.ts'
import type { AuditEventRow } from './audit.contract.ts'

let t: TestApp
let auditor: SignedInClient
let operator: Awaited<ReturnType<typeof createOperator>>
let player: Awaited<ReturnType<typeof createPlayer>>

beforeAll(async () => {
  t = await buildTestApp()
  operator = await createOperator(t.database.db, ['support'])
  auditor = await signInOperator(t.app, await createOperator(t.database.db, ['auditor']))
  player = await createPlayer(t.database.db, { firstName: 'Pia' })
  // Known events about one player, a day apart.
  await t.database.db.insert(auditEvents).values([
    {
      actorType: 'player',
      actorId: player.id,
      playerId: player.id,
      action: 'login.succeeded',
      ip: '203.0.113.7',
      userAgent: 'Firefox',
      createdAt: new Date('2026-03-01T10:00:00Z'),
    },
    {
      actorType: 'operator',
      actorId: operator.id,
      playerId: player.id,
      action: 'player.locked',
      ip: '198.51.100.2',
      details: { reason: 'chargeback, "urgent"' },
      createdAt: new Date('2026-03-02T23:59:59Z'),
    },
    {
      actorType: 'system',
      actorId: null,
      playerId: player.id,
      action: 'bonus.expired',
      createdAt: new Date('2026-03-03T00:00:00Z'),
    },
  ])
})

const get = (url: string, client: SignedInClient = auditor) =>
  t.app.inject({ method: 'GET', url, headers: client.headers })
const itemsOf = async (url: string) => {
  const response = await get(url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: { items: AuditEventRow[]; total: number } }>().data
}

describe('GET /admin/api/audit', () => {
  it('answers the events newest first, with who acted and whom it concerned', async () => {
    const { items, total } = await itemsOf(`/admin/api/audit?playerId=${player.id}`)
    expect(total).toBe(3)
    expect(items.map((item) => item.action)).toEqual([
      'bonus.expired',
      'player.locked',
      'login.succeeded',
    ])
    expect(items[1]).toMatchObject({
      actorType: 'operator',
      actor: { email: operator.email, name: 'Olli Operator' },
      playerEmail: player.email,
      ip: '198.51.100.2',
      details: { reason: 'chargeback, "urgent"' },
    })
    expect(items[2]?.actor).toEqual({ email: player.email, name: 'Pia Tester' })
    expect(items[0]?.actor).toBeNull()
  })

  it.each([
    ['actorType=operator', ['player.locked']],
    ['action=login.succeeded', ['login.succeeded']],
    ['action=bonus.', ['bonus.expired']],
    ['from=2026-03-02&to=2026-03-02', ['player.locked']],
    ['from=2026-03-03', ['bonus.expired']],
    ['to=2026-03-01', ['login.succeeded']],
    ['q=firefox', ['login.succeeded']],
    ['q=chargeback', ['player.locked']],
  ])('filters by %s', async (query, actions) => {
    const { items } = await itemsOf(`/admin/api/audit?playerId=${player.id}&${query}`)
    expect(items.map((item) => item.action)).toEqual(actions)
  })

  it('filters by the acting operator and pages', async () => {
    const byActor = await itemsOf(`/admin/api/audit?actorId=${operator.id}`)
    expect(byActor.items.map((item) => item.action)).toEqual(['player.locked'])
    const second = await itemsOf(`/admin/api/audit?playerId=${player.id}&pageSize=2&page=2`)
    expect(second.total).toBe(3)
    expect(second.items.map((item) => item.action)).toEqual(['login.succeeded'])
  })

  it.each([
    ['from after to', 'from=2026-03-04&to=2026-03-01'],
    ['a malformed day', 'from=2026-13-01'],
    ['a malformed id', 'actorId=42'],
    ['an unknown actor type', 'actorType=robot'],
    ['an action with spaces', 'action=drop%20table'],
    ['a page too large', 'pageSize=101'],
  ])('refuses %s with 400', async (_name, query) => {
    const refused = await get(`/admin/api/audit?${query}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ errors: { code: 'request.invalid' } })
  })
})

describe('GET /admin/api/audit.csv', () => {
  it('streams the filtered log as CSV, a plain link being enough', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/api/audit.csv?playerId=${player.id}`,
      headers: { cookie: auditor.cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"')
    const lines = response.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'time,actor_type,actor_id,actor_email,actor_name,player_id,player_email,action,ip,user_agent,details',
    )
    expect(lines).toHaveLength(4)
    expect(lines[2]).toBe(
      [
        '2026-03-02T23:59:59.000Z',
        'operator',
        operator.id,
        operator.email,
        'Olli Operator',
        player.id,
        player.email,
        'player.locked',
        '198.51.100.2',
        '',
        '"{""reason"":""chargeback, \\""urgent\\""""}"',
      ].join(','),
    )
  })

  it('refuses bad filters, a visitor and a role without the log', async () => {
    const bad = await get('/admin/api/audit.csv?from=2026-03-04&to=2026-03-01')
    expect(bad.statusCode).toBe(400)
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/admin/api/audit.csv',
      headers: API_HEADERS,
    })
    expect(visitor.statusCode).toBe(401)
    const support = await signInOperator(t.app, operator)
    expect((await get('/admin/api/audit.csv', support)).statusCode).toBe(403)
  })
})

describe('the audit log is append-only', () => {
  it('the database refuses UPDATE and DELETE', async () => {
    const [row] = await t.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.playerId, player.id))
      .limit(1)
    const id = row?.id ?? ''
    await expect(
      t.database.db.execute(sql`update audit_events set action = 'edited' where id = ${id}`),
    ).rejects.toThrow()
    await expect(
      t.database.db.execute(sql`delete from audit_events where id = ${id}`),
    ).rejects.toThrow()
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow()
    const [still] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.id, id))
    expect(still?.action).not.toBe('edited')
  })
})
