import { and, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { hashServerSeed } from '#server/modules/originals/index.ts'
import {
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
  testSecretBox,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import type { OperatorLottery } from './lottery.admin.contract.ts'
import { lotteries } from './rewards.tables.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

let t: TestApp
let admin: SignedInClient
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
  const operator = await createOperator(db(), ['admin'])
  admin = await signInOperator(t.app, operator)
})

const every = <T>(value: (locale: string) => T) =>
  Object.fromEntries(LOCALE_PREFIXES.map((locale) => [locale, value(locale)]))

function aBody(overrides: Record<string, unknown> = {}) {
  const now = Date.now()
  return {
    slug: `lottery-${randomUUID().slice(0, 8)}`,
    texts: every((locale) => ({ title: `Lottery ${locale}`, text: 'Win', imageAlt: 'Art' })),
    image_url: '/lottery/weekly.svg',
    sales_open_at: new Date(now + DAY).toISOString(),
    sales_close_at: new Date(now + 7 * DAY).toISOString(),
    draw_at: new Date(now + 7 * DAY + HOUR).toISOString(),
    ticket_every_eur_minor: '2500',
    max_tickets_per_player: 50,
    is_enabled: true,
    prizes: [
      {
        rank: 1,
        prize: { kind: 'cash', eurMinor: '10000' },
        texts: every(() => ({ label: '100 €' })),
      },
      {
        rank: 2,
        prize: { kind: 'coins', coinsMinor: '20000' },
        texts: every(() => ({ label: '200 coins' })),
      },
    ],
    ...overrides,
  }
}

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, client = admin) =>
  t.app.inject({
    method,
    url,
    headers: client.headers,
    payload: payload as Record<string, unknown>,
  })

const codeOf = (reply: { json: () => unknown }) =>
  (reply.json() as { errors: { code: string } }).errors.code

const created = async (overrides: Record<string, unknown> = {}) => {
  const reply = await send('POST', '/admin/api/lotteries', aBody(overrides))
  expect(reply.statusCode, reply.body).toBe(200)
  return reply.json<{ data: OperatorLottery }>().data
}

describe('operators’ lottery calls', () => {
  it('creates a lottery with a sealed seed whose hash is published, audited', async () => {
    const lottery = await created()
    expect(lottery).toMatchObject({ server_seed: null, ticket_count: 0, drawn_at: null })
    const [row] = await db().select().from(lotteries).where(eq(lotteries.id, lottery.id))
    const seed = testSecretBox.open(row?.serverSeedSealed ?? '')
    expect(hashServerSeed(seed)).toBe(lottery.server_seed_hash)
    expect(JSON.stringify(lottery)).not.toContain(seed)
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'lottery.created')))
    expect(audits.some((audit) => JSON.stringify(audit.details).includes(lottery.slug))).toBe(true)

    const list = await t.app.inject({
      method: 'GET',
      url: '/admin/api/lotteries',
      headers: admin.headers,
    })
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(seed)
    expect(
      list
        .json<{ data: { lotteries: OperatorLottery[] } }>()
        .data.lotteries.some((entry) => entry.id === lottery.id),
    ).toBe(true)
  })

  it('refuses bad bodies and changes nothing', async () => {
    const before = await db().select({ id: lotteries.id }).from(lotteries)
    const now = Date.now()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ sales_close_at: new Date(now + HOUR).toISOString() }, 400, 'request.invalid'],
      [{ draw_at: new Date(now + 2 * DAY).toISOString() }, 400, 'request.invalid'],
      [
        {
          sales_open_at: new Date(now - 3 * DAY).toISOString(),
          sales_close_at: new Date(now - 2 * DAY).toISOString(),
          draw_at: new Date(now - DAY).toISOString(),
        },
        400,
        'request.invalid',
      ],
      [
        { texts: { en: { title: 'Only English', text: 'Win', imageAlt: 'Art' } } },
        400,
        'rewards.texts_incomplete',
      ],
      [
        {
          prizes: [
            {
              rank: 1,
              prize: { kind: 'cash', eurMinor: '99999999' },
              texts: every(() => ({ label: 'Too much' })),
            },
          ],
        },
        400,
        'rewards.invalid_prize',
      ],
      [
        {
          prizes: [
            {
              rank: 1,
              prize: { kind: 'lootbox', lootboxId: 999_999 },
              texts: every(() => ({ label: 'Box' })),
            },
          ],
        },
        400,
        'rewards.invalid_prize',
      ],
      [
        {
          prizes: [
            {
              rank: 2,
              prize: { kind: 'coins', coinsMinor: '100' },
              texts: every(() => ({ label: 'x' })),
            },
          ],
        },
        400,
        'request.invalid',
      ],
      [{ prizes: [] }, 400, 'request.invalid'],
      [{ ticket_every_eur_minor: '-5' }, 400, 'request.invalid'],
    ]
    for (const [overrides, status, code] of cases) {
      const reply = await send('POST', '/admin/api/lotteries', aBody(overrides))
      expect(reply.statusCode, JSON.stringify(overrides)).toBe(status)
      expect(codeOf(reply)).toBe(code)
    }
    expect(await db().select({ id: lotteries.id }).from(lotteries)).toHaveLength(before.length)
  })

  it('refuses players, visitors, a taken slug and an unknown id', async () => {
    const player = await createPlayer(db())
    const client = await signIn(t.app, { email: player.email, password: player.password })
    expect((await send('POST', '/admin/api/lotteries', aBody(), client)).statusCode).toBe(401)
    const finance = await createOperator(db(), ['finance'])
    const financeClient = await signInOperator(t.app, finance)
    expect((await send('POST', '/admin/api/lotteries', aBody(), financeClient)).statusCode).toBe(
      403,
    )
    const lottery = await created()
    const taken = await send('POST', '/admin/api/lotteries', aBody({ slug: lottery.slug }))
    expect(taken.statusCode).toBe(409)
    expect(codeOf(taken)).toBe('rewards.slug_taken')
    const unknown = await send('PUT', '/admin/api/lotteries/999999', aBody())
    expect(unknown.statusCode).toBe(404)
    expect(codeOf(unknown)).toBe('rewards.not_found')
  })

  it('changes texts and prizes any time before the draw, the schedule only before sales open', async () => {
    const body = aBody()
    const lottery = await created(body)
    const moved = {
      ...body,
      sales_open_at: new Date(Date.now() + 2 * DAY).toISOString(),
    }
    const reply = await send('PUT', `/admin/api/lotteries/${lottery.id}`, moved)
    expect(reply.statusCode, reply.body).toBe(200)
    expect(reply.json<{ data: OperatorLottery }>().data.server_seed_hash).toBe(
      lottery.server_seed_hash,
    )

    // Sales open now: the schedule is fixed, the words are not.
    const opened = new Date(Date.now() - HOUR)
    await db().update(lotteries).set({ salesOpenAt: opened }).where(eq(lotteries.id, lottery.id))
    const current = { ...moved, sales_open_at: opened.toISOString() }
    const later = await send('PUT', `/admin/api/lotteries/${lottery.id}`, {
      ...current,
      draw_at: new Date(Date.now() + 9 * DAY).toISOString(),
    })
    expect(later.statusCode).toBe(409)
    expect(codeOf(later)).toBe('lottery.closed')
    const renamed = await send('PUT', `/admin/api/lotteries/${lottery.id}`, {
      ...current,
      texts: every((locale) => ({ title: `Renamed ${locale}`, text: 'Win', imageAlt: 'Art' })),
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json<{ data: OperatorLottery }>().data.texts.de?.title).toBe('Renamed de')

    // Drawn: nothing changes any more.
    await db().update(lotteries).set({ drawnAt: new Date() }).where(eq(lotteries.id, lottery.id))
    const afterDraw = await send('PUT', `/admin/api/lotteries/${lottery.id}`, current)
    expect(afterDraw.statusCode).toBe(409)
    expect(codeOf(afterDraw)).toBe('lottery.closed')
  })
})
