import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { executePrepared, type Database, type Db } from '#db/client.ts'
import { createEventBus } from '#server/lib/event-bus.ts'
import { createJobs, jobIdOf } from '#server/lib/jobs.ts'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig } from '#server/config/env.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import {
  createOperator,
  createPlayer,
  signInOperator,
  testSecretBox,
} from '#tests/factories/players.ts'
import { buildTestApp, TEST_SESSION_SECRET } from '#tests/helpers/build-test-app.ts'
import { drainDepsOf, everyLocale } from '#tests/helpers/engagement.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { withDatabase } from '#tests/setup/global-database.ts'
import type { OperatorLottery } from './lottery.admin.contract.ts'
import { defineLotteryDraws, drawDueLottery, LOTTERY_DRAWS_QUEUE } from './lottery-draw.ts'
import { issueLotteryTickets } from './lottery-tickets.ts'
import { lotteries, lotteryPrizes, lotteryWinners } from './rewards.tables.ts'

const template = inject('databaseTemplate')
const isPostgres = template.kind === 'postgres'
const eventually = (check: () => unknown, timeout = 8000) =>
  vi.waitFor(check, { timeout, interval: 50 })
const quiet = { warn: () => {}, error: () => {} }

/** The state of a job (`created`, `active`, `retry`, `completed`, `failed`), if it exists. */
const jobState = async (db: Db, key: string) => {
  const id = jobIdOf(LOTTERY_DRAWS_QUEUE, key)
  const result = await db.execute(sql`select state from pgboss.job where id = ${id}::uuid`)
  const [row] = (result as { rows: { state: string }[] }).rows
  return row?.state
}

const paidUnder = (db: Db, key: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `prize:${key}`))

describe('the app’s draws, its jobs worked', () => {
  it('draws a lottery an operator created at its draw time, through the job the call asked for', async () => {
    const { app, database } = await buildTestApp({ env: { JOBS: 'true' } })
    const { db } = database
    const admin = await signInOperator(app, await createOperator(db, ['admin']))
    const every = <T>(value: T) =>
      Object.fromEntries(LOCALE_PREFIXES.map((locale) => [locale, value]))
    const now = Date.now()
    const reply = await app.inject({
      method: 'POST',
      url: '/admin/api/lotteries',
      headers: admin.headers,
      payload: {
        slug: `soon-${randomUUID().slice(0, 8)}`,
        texts: every({ title: 'Soon', text: 'Win', imageAlt: 'Art' }),
        image_url: '/lottery/weekly.svg',
        sales_open_at: new Date(now - 3_600_000).toISOString(),
        sales_close_at: new Date(now + 5000).toISOString(),
        draw_at: new Date(now + 5000).toISOString(),
        ticket_every_eur_minor: null,
        max_tickets_per_player: 5,
        is_enabled: true,
        prizes: [
          { rank: 1, prize: { kind: 'coins', coinsMinor: '500' }, texts: every({ label: '5' }) },
        ],
      },
    })
    expect(reply.statusCode, reply.body).toBe(200)
    const lottery = reply.json<{ data: OperatorLottery }>().data
    const key = `lottery:${lottery.id}:${lottery.draw_at}`
    expect(await jobState(db, key)).toBe('created')
    const player = await createPlayer(db)
    await db.transaction((tx) =>
      issueLotteryTickets(tx, {
        playerId: player.id,
        count: 1,
        source: 'bought',
        key: `shop:${randomUUID()}`,
        now: new Date(),
        lotteryId: lottery.id,
      }),
    )
    const drawn = new Promise((resolve) => {
      const off = app.bus.subscribe('lottery.drawn', (event) => {
        if (event.lotteryId !== lottery.id) return
        off()
        resolve(event)
      })
    })
    await expect(drawn).resolves.toEqual({ playerId: player.id, lotteryId: lottery.id, won: true })
    const [row] = await db.select().from(lotteries).where(eq(lotteries.id, lottery.id))
    const drawAt = Date.parse(lottery.draw_at)
    // Within about a second of its time (the catch-up alone might be 30 s late).
    expect(row?.drawnAt?.getTime()).toBeGreaterThanOrEqual(drawAt)
    expect(row?.drawnAt?.getTime()).toBeLessThan(drawAt + 3000)
    await eventually(async () => expect(await jobState(db, key)).toBe('completed'))
    expect(await paidUnder(db, `lottery:${lottery.id}:1`)).toHaveLength(1)
  })
})

describe.runIf(isPostgres)('the draw with two instances on PostgreSQL', () => {
  it('both work the draws, asked at once: one draw, every prize paid once', async () => {
    const first = await buildTestApp({ env: { JOBS: 'true' } })
    const second = await buildApp({
      config: toConfig(
        parseEnv({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          SESSION_SECRET: TEST_SESSION_SECRET,
          COUNTRY_HEADER: 'x-test-country',
          RATE_LIMIT_MAX: '1000000',
          PASSWORD_HASH_NICE: '0',
          ENGAGEMENT_ENGINE: 'false',
          JOBS: 'true',
        }),
        () => TEST_SESSION_SECRET,
      ),
      database: first.database,
      closeDatabase: false,
      ssr: { mode: 'off' },
    })
    // A third instance, one that does not work jobs (an API-only one), asks for a run.
    const asking = createJobs(first.database.db, { work: false, log: quiet })
    try {
      await second.ready()
      const { db } = first.database
      const drainWords = drainDepsOf(db, first.app.bus)
      defineLotteryDraws(asking, { ...drainWords, secretBox: testSecretBox })
      await asking.start()
      const seed = newServerSeed()
      const [lottery] = await db
        .insert(lotteries)
        .values({
          slug: `race-${randomUUID().slice(0, 8)}`,
          texts: everyLocale({ title: 'Race', text: 'Win', imageAlt: 'Art' }),
          imageUrl: '/lottery/weekly.svg',
          salesOpenAt: new Date(Date.now() - 86_400_000),
          salesCloseAt: new Date(Date.now() + 60_000),
          drawAt: new Date(Date.now() + 60_000),
          maxTicketsPerPlayer: 10,
          serverSeedSealed: testSecretBox.seal(seed),
          serverSeedHash: hashServerSeed(seed),
        })
        .returning()
      if (!lottery) throw new Error('no lottery')
      await db.insert(lotteryPrizes).values(
        [1, 2, 3].map((rank) => ({
          lotteryId: lottery.id,
          rank,
          prize: { kind: 'coins' as const, coinsMinor: `${rank * 1000}` },
          texts: everyLocale({ label: `Rank ${rank}` }),
        })),
      )
      const holders = await Promise.all([createPlayer(db), createPlayer(db), createPlayer(db)])
      for (const holder of holders) {
        await db.transaction((tx) =>
          issueLotteryTickets(tx, {
            playerId: holder.id,
            count: 2,
            source: 'bought',
            key: `shop:${randomUUID()}`,
            now: new Date(),
            lotteryId: lottery.id,
          }),
        )
      }
      await db
        .update(lotteries)
        .set({ salesCloseAt: new Date(Date.now() - 1000), drawAt: new Date(Date.now() - 1000) })
        .where(eq(lotteries.id, lottery.id))

      // The run both working instances race for, and each asked twice more at the same moment.
      const apps = [first.app, second]
      const calls = [
        asking.runAt(LOTTERY_DRAWS_QUEUE, new Date(), 'race').then(() => null),
        ...apps.flatMap((app) => {
          const words = drainDepsOf(db, app.bus)
          const deps = {
            db,
            bus: app.bus,
            secretBox: testSecretBox,
            messages: words.messages,
            log: words.log,
          }
          return [drawDueLottery(deps), drawDueLottery(deps)]
        }),
      ]
      const results = await Promise.all(calls)
      const drawnHere = results.filter((result) => result === lottery.id)
      expect(drawnHere.length).toBeLessThanOrEqual(1)

      // Whoever drew it, it was drawn once, and the asked run ran.
      await eventually(async () => {
        const [row] = await db.select().from(lotteries).where(eq(lotteries.id, lottery.id))
        expect(row?.drawnAt).not.toBeNull()
      })
      await eventually(async () => expect(await jobState(db, 'race')).toBe('completed'))
      const winners = await db
        .select()
        .from(lotteryWinners)
        .where(eq(lotteryWinners.lotteryId, lottery.id))
      expect(winners.map((winner) => winner.rank).sort()).toEqual([1, 2, 3])
      for (const rank of [1, 2, 3]) {
        expect(await paidUnder(db, `lottery:${lottery.id}:${rank}`)).toHaveLength(1)
      }
      for (const holder of holders) {
        const told = await db
          .select()
          .from(notifications)
          .where(eq(notifications.playerId, holder.id))
        expect(told.filter((row) => row.type === 'lottery_result')).toHaveLength(1)
      }
      expect((await checkBooks(db)).isBalanced).toBe(true)
    } finally {
      await asking.stop()
      await second.close()
    }
  })
})

describe.runIf(isPostgres)(
  'a draw killed before its commit (no app: the test works the jobs)',
  () => {
    let database: Database
    beforeAll(async () => {
      database = await createTestDatabase()
    })
    afterAll(async () => {
      await database.close()
    })

    it('leaves the lottery due, nothing paid; its job is run again after its lease', async () => {
      const { db } = database
      const seed = newServerSeed()
      const [lottery] = await db
        .insert(lotteries)
        .values({
          slug: `killed-${randomUUID().slice(0, 8)}`,
          texts: everyLocale({ title: 'Killed', text: 'Win', imageAlt: 'Art' }),
          imageUrl: '/lottery/weekly.svg',
          salesOpenAt: new Date(Date.now() - 86_400_000),
          salesCloseAt: new Date(Date.now() + 60_000),
          drawAt: new Date(Date.now() + 60_000),
          maxTicketsPerPlayer: 10,
          serverSeedSealed: testSecretBox.seal(seed),
          serverSeedHash: hashServerSeed(seed),
        })
        .returning()
      if (!lottery) throw new Error('no lottery')
      await db.insert(lotteryPrizes).values({
        lotteryId: lottery.id,
        rank: 1,
        prize: { kind: 'coins', coinsMinor: '4200' },
        texts: everyLocale({ label: '42 coins' }),
      })
      const holder = await createPlayer(db)
      await db.transaction((tx) =>
        issueLotteryTickets(tx, {
          playerId: holder.id,
          count: 3,
          source: 'bought',
          key: `shop:${randomUUID()}`,
          now: new Date(),
          lotteryId: lottery.id,
        }),
      )
      await db
        .update(lotteries)
        .set({ salesCloseAt: new Date(Date.now() - 1000), drawAt: new Date(Date.now() - 1000) })
        .where(eq(lotteries.id, lottery.id))
      if (template.kind !== 'postgres') throw new Error('PostgreSQL only')
      const [current] = await executePrepared<{ name: string }>(
        db,
        'test_current_database',
        'select current_database() as name',
        [],
      )
      if (!current) throw new Error('no database name')
      const child = spawn(
        'npx',
        ['tsx', 'tests/helpers/lottery-draw-child.ts', withDatabase(template.url, current.name)],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      )
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      )
      // npx forwards the child's death as its own exit: a SIGKILL, or 128 + 9.
      expect(exit.signal === 'SIGKILL' || exit.code === 137, stderr).toBe(true)
      const [after] = await db.select().from(lotteries).where(eq(lotteries.id, lottery.id))
      expect(after).toMatchObject({ drawnAt: null, serverSeed: null })
      expect(await paidUnder(db, `lottery:${lottery.id}:1`)).toEqual([])
      // The dead instance still holds the job.
      expect(await jobState(db, 'killed-draw')).toBe('active')

      const bus = await createEventBus({ onListenerError: () => {} })
      const words = drainDepsOf(db, bus)
      const jobs = createJobs(db, {
        work: true,
        log: quiet,
        pollingIntervalSeconds: 0.1,
        maintenanceIntervalSeconds: 1,
      })
      defineLotteryDraws(jobs, { ...words, secretBox: testSecretBox })
      try {
        await jobs.start()
        // Drawn by this instance: by the job taken again after its lease (2 s), or by the
        // catch-up's first run once the killed connection let go of the row.
        await eventually(async () => {
          const [row] = await db.select().from(lotteries).where(eq(lotteries.id, lottery.id))
          expect(row?.drawnAt).not.toBeNull()
        }, 20_000)
        await eventually(
          async () => expect(await jobState(db, 'killed-draw')).toBe('completed'),
          20_000,
        )
      } finally {
        await jobs.stop()
      }
      expect(await drawDueLottery({ ...words, secretBox: testSecretBox })).toBeNull()
      expect(await paidUnder(db, `lottery:${lottery.id}:1`)).toHaveLength(1)
      const told = await db
        .select()
        .from(notifications)
        .where(eq(notifications.playerId, holder.id))
      expect(told.filter((row) => row.type === 'lottery_result')).toHaveLength(1)
      expect((await checkBooks(db)).isBalanced).toBe(true)
    })
  },
)
