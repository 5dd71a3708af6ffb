import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { executePrepared } from '#db/client.ts'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig } from '#server/config/env.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { createEventBus } from '#server/lib/event-bus.ts'
import { accountBalance, checkBooks, COIN } from '#server/modules/ledger/index.ts'
import { setPlayLimit } from '#server/modules/limits/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { cardDeposit } from '#tests/factories/bonuses.ts'
import { completeProfile, createPlayer, signIn, socketTokenOf } from '#tests/factories/players.ts'
import { fundedClient } from '#tests/factories/wallet.ts'
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createTask, drainDepsOf, insertBet, onGame } from '#tests/helpers/engagement.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { withDatabase } from '#tests/setup/global-database.ts'
import {
  engagementEvents,
  playerLoyalty,
  templateRewards,
  triggerProgress,
} from './engagement.tables.ts'
import { drainOnce, forgetEngagementContent, MAX_EVENT_ATTEMPTS } from './engine.ts'

const template = inject('databaseTemplate')
const isPostgres = template.kind === 'postgres'

let t: TestApp

/** Waits for the engine (a bet wakes it at once; other rows at its next poll, within a second). */
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 8000, interval: 50 })
beforeAll(async () => {
  t = await buildTestApp({ env: { ENGAGEMENT_ENGINE: 'true' } })
})

const diceBet = (headers: Record<string, string>, amount = '100') =>
  t.app.inject({
    method: 'POST',
    url: '/games/originals/dice/bet',
    headers,
    payload: {
      amount,
      currency: 'EUR',
      target: 5000,
      direction: 'under',
      client_request_id: randomUUID(),
    },
  })

async function progressOf(db: TestApp['database']['db'], playerId: string, triggerId: number) {
  const [row] = await db
    .select()
    .from(triggerProgress)
    .where(and(eq(triggerProgress.playerId, playerId), eq(triggerProgress.triggerId, triggerId)))
  return row
}

async function inboxOf(db: TestApp['database']['db'], playerId: string) {
  return db.select().from(engagementEvents).where(eq(engagementEvents.playerId, playerId))
}

const coinsOf = (db: TestApp['database']['db'], playerId: string) =>
  accountBalance(db, { playerId, kind: 'cash', currency: COIN })

/**
 * The coins paid under one key: the test's own task or level (the seeded quests and achievements
 * pay their own coins to the same players).
 */
async function paidUnder(db: TestApp['database']['db'], key: string) {
  const rows = await db
    .select({ amountMinor: ledgerTransfers.amountMinor })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, key))
  return rows.map((row) => row.amountMinor)
}

const questKey = (playerId: string, templateId: number, period = '') =>
  `coins:quest:${playerId}:${String(templateId)}:${period}`

/** The player's notifications of a type about the test's own task (or any level). */
async function notificationsOf(db: TestApp['database']['db'], playerId: string, type: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.playerId, playerId), eq(notifications.type, type)))
  return rows.filter((row) => type === 'level_up' || row.text.includes('Test task'))
}

/** Puts a player's applied bets back in the inbox: the same events, a second time. */
async function replayBets(db: TestApp['database']['db'], playerId: string) {
  await db.execute(sql`
    insert into engagement_events (kind, source_id, player_id)
    select 'bet', id::text, player_id from bets where player_id = ${playerId}
    on conflict do nothing`)
}

/** A task written to the tables, and the engine told (as the operator's calls tell it). */
async function task(input: Parameters<typeof createTask>[1]) {
  const created = await createTask(t.database.db, input)
  await t.app.bus.publish('engagement.content.changed', {})
  return created
}

describe('the engagement engine in the app', () => {
  it('moves a trigger on a Dice bet and publishes its progress', async () => {
    const { triggers } = await task({
      triggers: [{ rules: onGame('dice'), expected: 100n }],
    })
    const trigger = triggers[0]
    if (!trigger) throw new Error('no trigger')
    const { player, client } = await fundedClient(t)
    const seen: DomainEvents['trigger.progress'][] = []
    const stop = t.app.bus.subscribe('trigger.progress', (event) => {
      if (event.playerId === player.id && event.trigger.id === trigger.id) seen.push(event)
    })
    try {
      expect((await diceBet(client.headers)).statusCode).toBe(200)
      await eventually(() => expect(seen).toHaveLength(1))
      expect(seen[0]?.trigger).toEqual({
        id: trigger.id,
        progress: { progress: 1, expected: 100, is_finished: 0 },
      })
      expect((await progressOf(t.database.db, player.id, trigger.id))?.progress).toBe(1n)
    } finally {
      stop()
    }
  })

  it('counts a stake in euros on an accumulating trigger and leaves other games out', async () => {
    const { triggers } = await task({
      triggers: [
        { rules: onGame('originals', 'accumulate'), expected: 10_000n },
        { rules: onGame('crash'), expected: 10n },
      ],
    })
    const [stakes, crash] = triggers
    if (!stakes || !crash) throw new Error('no triggers')
    const { player, client } = await fundedClient(t)
    expect((await diceBet(client.headers, '250')).statusCode).toBe(200)
    await eventually(async () => expect(await inboxOf(t.database.db, player.id)).toEqual([]))
    expect((await progressOf(t.database.db, player.id, stakes.id))?.progress).toBe(250n)
    expect(await progressOf(t.database.db, player.id, crash.id)).toBeUndefined()
  })

  it('pays a finished task once, notifies once, and a replayed event pays nothing', async () => {
    const { template, triggers } = await task({
      rewardCoinsMinor: 12_345n,
      triggers: [{ rules: onGame('dice'), expected: 2n }],
    })
    const trigger = triggers[0]
    if (!trigger) throw new Error('no trigger')
    const { player, client } = await fundedClient(t)
    for (let bet = 0; bet < 3; bet++) expect((await diceBet(client.headers)).statusCode).toBe(200)
    await eventually(async () => expect(await inboxOf(t.database.db, player.id)).toEqual([]))
    const row = await progressOf(t.database.db, player.id, trigger.id)
    // Capped at expected once finished: the bar stays at 100 %.
    expect(row?.progress).toBe(2n)
    expect(row?.finishedAt).not.toBeNull()
    expect(await paidUnder(t.database.db, questKey(player.id, template.id))).toEqual([12_345n])
    const notices = await notificationsOf(t.database.db, player.id, 'quest_task_complete')
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toBe(
      'Task complete: Test task (Test quest). 123.45 coins have been added to your balance.',
    )
    expect(notices[0]?.url).toMatch(/^\/en\/quests-details\/\d+$/)

    await replayBets(t.database.db, player.id)
    await eventually(async () => expect(await inboxOf(t.database.db, player.id)).toEqual([]))
    expect(await paidUnder(t.database.db, questKey(player.id, template.id))).toEqual([12_345n])
    expect(
      await t.database.db
        .select()
        .from(templateRewards)
        .where(
          and(eq(templateRewards.playerId, player.id), eq(templateRewards.templateId, template.id)),
        ),
    ).toHaveLength(1)
    expect(await notificationsOf(t.database.db, player.id, 'quest_task_complete')).toHaveLength(1)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('gives a barred player no progress, points or coins', async () => {
    const { triggers } = await task({
      rewardCoinsMinor: 100n,
      triggers: [{ rules: onGame('dice'), expected: 1n }],
    })
    const trigger = triggers[0]
    if (!trigger) throw new Error('no trigger')
    const player = await createPlayer(t.database.db)
    await setPlayLimit(t.database.db, {
      playerId: player.id,
      currency: 'EUR',
      rates: await loadRates(t.database.db),
      kind: 'loss',
      period: 'day',
      amountMinor: 0n,
    })
    await insertBet(t.database.db, player.id, { stakeMinor: 500_00n })
    await eventually(async () => expect(await inboxOf(t.database.db, player.id)).toEqual([]))
    expect(await progressOf(t.database.db, player.id, trigger.id)).toBeUndefined()
    expect(
      await t.database.db.select().from(playerLoyalty).where(eq(playerLoyalty.playerId, player.id)),
    ).toEqual([])
    expect(await coinsOf(t.database.db, player.id)).toBe(0n)
  })

  it('counts the own-money part of stakes as points and pays a level once', async () => {
    const { triggers } = await task({
      kind: 'achievement',
      triggers: [{ event: 'level_up', expected: 2n }],
    })
    const levelTrigger = triggers[0]
    if (!levelTrigger) throw new Error('no trigger')
    const player = await createPlayer(t.database.db)
    // 120 € staked, 30 € of it bonus money: 90 points, level 1 still.
    await insertBet(t.database.db, player.id, {
      game: 'no-quest-game',
      stakeMinor: 120_00n,
      bonusStakeMinor: 30_00n,
    })
    await eventually(async () => expect(await inboxOf(t.database.db, player.id)).toEqual([]))
    const [before] = await t.database.db
      .select()
      .from(playerLoyalty)
      .where(eq(playerLoyalty.playerId, player.id))
    expect(before).toMatchObject({ pointsMinor: 90_00n, level: 1 })
    // 10 € more: 100 points, level 2 (500 coins in the migration's defaults).
    await insertBet(t.database.db, player.id, { game: 'no-quest-game', stakeMinor: 10_00n })
    await eventually(async () => {
      expect(await inboxOf(t.database.db, player.id)).toEqual([])
      expect((await progressOf(t.database.db, player.id, levelTrigger.id))?.progress).toBe(2n)
    })
    expect(await paidUnder(t.database.db, `coins:level:${player.id}:2`)).toEqual([500_00n])
    const coinsBefore = await coinsOf(t.database.db, player.id)
    const notices = await notificationsOf(t.database.db, player.id, 'level_up')
    expect(notices.map((notice) => notice.text)).toEqual([
      'Congratulations! You have reached level 2: Explorer. 500 coins have been added to your balance.',
    ])
    // The level set back by hand and reached again pays and tells nothing more.
    await t.database.db
      .update(playerLoyalty)
      .set({ level: 1 })
      .where(eq(playerLoyalty.playerId, player.id))
    await insertBet(t.database.db, player.id, { game: 'no-quest-game', stakeMinor: 1n })
    await eventually(async () => {
      const [after] = await t.database.db
        .select()
        .from(playerLoyalty)
        .where(eq(playerLoyalty.playerId, player.id))
      expect(after?.level).toBe(2)
      expect(await inboxOf(t.database.db, player.id)).toEqual([])
    })
    expect(await paidUnder(t.database.db, `coins:level:${player.id}:2`)).toEqual([500_00n])
    // The seeded achievements may count the extra bet; a level pays no more.
    expect(await coinsOf(t.database.db, player.id)).toBeLessThan(coinsBefore + 500_00n)
    expect(await notificationsOf(t.database.db, player.id, 'level_up')).toHaveLength(1)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('counts a sign-in once a day and a credited deposit by its euro amount', async () => {
    const { triggers } = await task({
      triggers: [
        { event: 'login', expected: 7n },
        {
          event: 'deposit',
          rules: [
            {
              type: 'accumulate',
              condition_type: null,
              condition_value: null,
              is_progress_marker: 1,
            },
          ],
          expected: 100_00n,
        },
      ],
    })
    const [logins, deposits] = triggers
    if (!logins || !deposits) throw new Error('no triggers')
    const player = await createPlayer(t.database.db)
    await completeProfile(t.database.db, player.id)
    const client = await signIn(t.app, player)
    await signIn(t.app, player)
    expect((await cardDeposit(t.app, client.headers, '2000')).statusCode).toBe(200)
    await eventually(async () => {
      expect(await inboxOf(t.database.db, player.id)).toEqual([])
      expect((await progressOf(t.database.db, player.id, deposits.id))?.progress).toBe(20_00n)
    })
    expect((await progressOf(t.database.db, player.id, logins.id))?.progress).toBe(1n)
  })

  it('parks an event that keeps failing on its own and applies the events behind it', async () => {
    const { triggers } = await task({ triggers: [{ event: 'login', expected: 3n }] })
    const logins = triggers[0]
    if (!logins) throw new Error('no trigger')
    // A sign-in of a player who no longer exists: its progress row breaks the players key.
    const ghost = randomUUID()
    await t.database.db
      .insert(engagementEvents)
      .values({ kind: 'login', sourceId: `${ghost}:2026-01-01`, playerId: ghost })
    const player = await createPlayer(t.database.db)
    await signIn(t.app, player)
    await vi.waitFor(
      async () => {
        expect(await inboxOf(t.database.db, player.id)).toEqual([])
        const [parked] = await inboxOf(t.database.db, ghost)
        expect(parked?.attempts).toBe(MAX_EVENT_ATTEMPTS)
      },
      { timeout: 20_000, interval: 100 },
    )
    expect((await progressOf(t.database.db, player.id, logins.id))?.progress).toBe(1n)
    // Parked: never taken again.
    await t.app.bus.publish('engagement.recorded', { kind: 'login' })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await inboxOf(t.database.db, ghost))[0]?.attempts).toBe(MAX_EVENT_ATTEMPTS)
    await t.database.db.delete(engagementEvents).where(eq(engagementEvents.playerId, ghost))
  })

  it('leaves out events outside a quest’s window', async () => {
    const { triggers } = await task({
      endsAt: new Date(Date.now() - 60_000),
      startsAt: new Date(Date.now() - 3_600_000),
      triggers: [{ rules: onGame('dice'), expected: 5n }],
    })
    const trigger = triggers[0]
    if (!trigger) throw new Error('no trigger')
    const player = await createPlayer(t.database.db)
    await insertBet(t.database.db, player.id)
    await eventually(async () => expect(await inboxOf(t.database.db, player.id)).toEqual([]))
    expect(await progressOf(t.database.db, player.id, trigger.id)).toBeUndefined()
  })
})

describe.runIf(isPostgres)('exactly once on PostgreSQL (no app: the test drains)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('splits the inbox between drains running at once and applies each event once', async () => {
    const { db } = database
    const bus = await createEventBus({ onListenerError: () => {} })
    const { triggers: counting } = await createTask(db, {
      triggers: [{ rules: onGame('dice'), expected: 1000n }],
    })
    const { template } = await createTask(db, {
      rewardCoinsMinor: 500n,
      triggers: [{ rules: onGame('dice'), expected: 3n }],
    })
    const counter = counting[0]
    if (!counter) throw new Error('no trigger')
    forgetEngagementContent(db)
    const player = await createPlayer(db)
    for (let bet = 0; bet < 40; bet++) await insertBet(db, player.id)
    const deps = drainDepsOf(db, bus)
    let taken = 0
    const loop = async () => {
      for (;;) {
        const result = await drainOnce(deps, { limit: 3 })
        taken += result.taken
        if (result.taken === 0) return
      }
    }
    await Promise.all([loop(), loop(), loop(), loop()])
    expect(taken).toBe(40)
    expect((await progressOf(db, player.id, counter.id))?.progress).toBe(40n)
    expect(await paidUnder(db, questKey(player.id, template.id))).toEqual([500n])
    expect(
      await db.select().from(templateRewards).where(eq(templateRewards.templateId, template.id)),
    ).toHaveLength(1)
    expect(await inboxOf(db, player.id)).toEqual([])
    expect((await checkBooks(db)).isBalanced).toBe(true)
  })

  it('a drain killed before its commit leaves its events for the next, which pays once', async () => {
    const { db } = database
    const bus = await createEventBus({ onListenerError: () => {} })
    const { template: task, triggers } = await createTask(db, {
      rewardCoinsMinor: 700n,
      triggers: [{ rules: onGame('dice'), expected: 1n }],
    })
    const trigger = triggers[0]
    if (!trigger) throw new Error('no trigger')
    forgetEngagementContent(db)
    const player = await createPlayer(db)
    await insertBet(db, player.id)
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
      ['tsx', 'tests/helpers/engagement-drain-child.ts', withDatabase(template.url, current.name)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    )
    // npx forwards the child's death as its own exit: a SIGKILL, or 128 + 9.
    expect(exit.signal === 'SIGKILL' || exit.code === 137, stderr).toBe(true)
    expect(await inboxOf(db, player.id)).toHaveLength(1)
    expect(await progressOf(db, player.id, trigger.id)).toBeUndefined()
    expect(await coinsOf(db, player.id)).toBe(0n)

    const deps = drainDepsOf(db, bus)
    // The killed process's connection lets go of its rows once the server sees it gone.
    await eventually(async () => expect((await drainOnce(deps)).taken).toBe(1))
    expect(await paidUnder(db, questKey(player.id, task.id))).toEqual([700n])
    await replayBets(db, player.id)
    await drainOnce(deps)
    expect(await paidUnder(db, questKey(player.id, task.id))).toEqual([700n])
    expect(await notificationsOf(db, player.id, 'quest_task_complete')).toHaveLength(1)
    expect((await checkBooks(db)).isBalanced).toBe(true)
  })
})

// eslint-disable-next-line no-restricted-syntax -- the test runner's switch, not app configuration
describe.runIf(isPostgres && process.env.TEST_REDIS_URL)('two instances', () => {
  it('a bet on one instance reaches the player’s socket on the other', async () => {
    const first = await buildTestApp({ env: { ENGAGEMENT_ENGINE: 'true' } })
    const second = await buildApp({
      config: toConfig(
        parseEnv({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          SESSION_SECRET: TEST_SESSION_SECRET,
          COUNTRY_HEADER: 'x-test-country',
          // eslint-disable-next-line no-restricted-syntax -- the test runner's switch
          REDIS_URL: process.env.TEST_REDIS_URL,
          RATE_LIMIT_MAX: '1000000',
          PASSWORD_HASH_NICE: '0',
        }),
        () => TEST_SESSION_SECRET,
      ),
      database: first.database,
      closeDatabase: false,
      ssr: { mode: 'off' },
    })
    try {
      await second.ready()
      const { triggers } = await createTask(first.database.db, {
        triggers: [{ rules: onGame('dice'), expected: 50n }],
      })
      await first.app.bus.publish('engagement.content.changed', {})
      const trigger = triggers[0]
      if (!trigger) throw new Error('no trigger')
      const { client } = await fundedClient(first)
      await second.listen({ port: 0, host: '127.0.0.1' })
      const address = second.server.address()
      if (!address || typeof address === 'string') throw new Error('no port')
      const token = await socketTokenOf(second, client)
      const socket = connect(`http://127.0.0.1:${address.port}`, {
        transports: ['websocket'],
        query: { token },
        reconnection: false,
      })
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve)
          socket.once('connect_error', reject)
        })
        const received = new Promise((resolve) => {
          socket.on('triggerProgressUpdate', (update: { trigger: { id: number } }) => {
            if (update.trigger.id === trigger.id) resolve(update)
          })
        })
        const answer = await first.app.inject({
          method: 'POST',
          url: '/games/originals/dice/bet',
          headers: client.headers,
          payload: {
            amount: '100',
            currency: 'EUR',
            target: 5000,
            direction: 'under',
            client_request_id: randomUUID(),
          },
        })
        expect(answer.statusCode).toBe(200)
        await expect(received).resolves.toEqual({
          trigger: { id: trigger.id, progress: { progress: 1, expected: 50, is_finished: 0 } },
        })
      } finally {
        socket.disconnect()
      }
    } finally {
      await second.close()
    }
  })
})
