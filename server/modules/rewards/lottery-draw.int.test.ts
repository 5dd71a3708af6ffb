import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { executePrepared, type Database, type Db } from '#db/client.ts'
import { createEventBus } from '#server/lib/event-bus.ts'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig } from '#server/config/env.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { createPlayer, testSecretBox } from '#tests/factories/players.ts'
import { buildTestApp, TEST_SESSION_SECRET } from '#tests/helpers/build-test-app.ts'
import { drainDepsOf, everyLocale } from '#tests/helpers/engagement.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { withDatabase } from '#tests/setup/global-database.ts'
import { drawDueLottery } from './lottery-draw.ts'
import { issueLotteryTickets } from './lottery-tickets.ts'
import { lotteries, lotteryPrizes, lotteryWinners } from './rewards.tables.ts'

const template = inject('databaseTemplate')
const isPostgres = template.kind === 'postgres'
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 8000, interval: 50 })

const paidUnder = (db: Db, key: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `prize:${key}`))

describe.runIf(isPostgres)('the draw with two instances on PostgreSQL', () => {
  it('both poll at once: one draw, every prize paid once', async () => {
    const first = await buildTestApp()
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
        }),
        () => TEST_SESSION_SECRET,
      ),
      database: first.database,
      closeDatabase: false,
      ssr: { mode: 'off' },
    })
    try {
      await second.ready()
      const { db } = first.database
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

      // Both instances' own pollers wake (an operator's edit reschedules them), and each is
      // asked twice more at the same moment.
      const apps = [first.app, second]
      const calls = apps.flatMap((app) => {
        const words = drainDepsOf(db, app.bus)
        const deps = {
          db,
          bus: app.bus,
          secretBox: testSecretBox,
          messages: words.messages,
          log: words.log,
        }
        return [
          app.bus.publish('rewards.content.changed', {}),
          drawDueLottery(deps),
          drawDueLottery(deps),
        ]
      })
      const results = await Promise.all(calls)
      const drawnHere = results.filter((result) => result === lottery.id)
      expect(drawnHere.length).toBeLessThanOrEqual(1)

      // Whoever drew it, it was drawn once.
      for (let wait = 0; wait < 100; wait++) {
        const [row] = await db.select().from(lotteries).where(eq(lotteries.id, lottery.id))
        if (row?.drawnAt) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
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
      await second.close()
    }
  })
})

describe.runIf(isPostgres)('a draw killed before its commit (no app: the test draws)', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('leaves the lottery due, with nothing paid, and the next poll draws it once', async () => {
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

    const bus = await createEventBus({ onListenerError: () => {} })
    const words = drainDepsOf(db, bus)
    const deps = { db, bus, secretBox: testSecretBox, messages: words.messages, log: words.log }
    // The killed process's connection lets go of the row once the server sees it gone.
    await eventually(async () => expect(await drawDueLottery(deps)).toBe(lottery.id))
    expect(await drawDueLottery(deps)).toBeNull()
    expect(await paidUnder(db, `lottery:${lottery.id}:1`)).toHaveLength(1)
    const told = await db.select().from(notifications).where(eq(notifications.playerId, holder.id))
    expect(told.filter((row) => row.type === 'lottery_result')).toHaveLength(1)
    expect((await checkBooks(db)).isBalanced).toBe(true)
  })
})
