import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { executePrepared, openDatabase, type Database, type Db } from '#db/client.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { withDatabase } from '#tests/setup/global-database.ts'
import { bossDb, createJobs, jobIdOf, type Jobs, type JobsOptions } from './jobs.ts'

const template = inject('databaseTemplate')
const isPostgres = template.kind === 'postgres'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

/** Every instance a test starts, stopped after it. */
const started: Jobs[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop()))
})

/** What the instances logged: a test that expects no failure checks it is empty. */
const logged: { level: 'error' | 'warn'; message: string; object: object }[] = []
const log: JobsOptions['log'] = {
  error: (object, message) => logged.push({ level: 'error', message, object }),
  warn: (object, message) => logged.push({ level: 'warn', message, object }),
}

function instance(db: Db, work: boolean, extra: Partial<JobsOptions> = {}): Jobs {
  const jobs = createJobs(db, { work, log, pollingIntervalSeconds: 0.1, ...extra })
  started.push(jobs)
  return jobs
}

/** A queue name of the test's own: every test shares the file's database. */
const queueName = () => `test-${randomUUID().slice(0, 8)}`

const stateOf = async (db: Db, id: string) => {
  const result = await db.execute(sql`select state from pgboss.job where id = ${id}::uuid`)
  const [row] = (result as { rows: { state: string }[] }).rows
  return row?.state
}

const eventually = (check: () => unknown, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 50 })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('runAt', () => {
  it('runs a job at its time, not before, and once however often its key is asked for', async () => {
    const name = queueName()
    const runs: { at: number; data: Record<string, unknown> }[] = []
    const jobs = instance(database.db, true)
    jobs.define(name, async (data) => {
      runs.push({ at: Date.now(), data })
    })
    await jobs.start()
    const at = new Date(Date.now() + 1500)
    await jobs.runAt(name, at, 'the-key', { lotteryId: 7 })
    await jobs.runAt(name, at, 'the-key', { lotteryId: 8 })
    await sleep(1000)
    expect(runs).toEqual([])
    await eventually(() => expect(runs).toHaveLength(1))
    expect(runs[0]?.at).toBeGreaterThanOrEqual(at.getTime())
    expect(runs[0]?.data).toEqual({ lotteryId: 7 })
    // Asked again once it ran: still one run.
    await jobs.runAt(name, new Date(), 'the-key', { lotteryId: 9 })
    await sleep(800)
    expect(runs).toHaveLength(1)
    expect(await stateOf(database.db, jobIdOf(name, 'the-key'))).toBe('completed')
  })

  it('is asked for by an instance that does not work jobs and run by one that does', async () => {
    const name = queueName()
    const runs: Record<string, unknown>[] = []
    const asking = instance(database.db, false)
    asking.define(name, () => Promise.reject(new Error('a non-working instance never runs a job')))
    const working = instance(database.db, true)
    working.define(name, async (data) => {
      runs.push(data)
    })
    await asking.start()
    await asking.runAt(name, new Date(), 'asked-elsewhere', { from: 'api' })
    await sleep(500)
    expect(runs).toEqual([])
    await working.start()
    await eventually(() => expect(runs).toEqual([{ from: 'api' }]))
  })

  it('retries a handler that throws, and the retry succeeds', async () => {
    const name = queueName()
    let attempts = 0
    const jobs = instance(database.db, true)
    jobs.define(
      name,
      async () => {
        attempts++
        if (attempts === 1) throw new Error('the first attempt fails')
      },
      { retryDelaySeconds: 1 },
    )
    await jobs.start()
    const before = logged.length
    await jobs.runAt(name, new Date(), 'flaky')
    await eventually(() => expect(attempts).toBe(2), 15_000)
    await eventually(async () =>
      expect(await stateOf(database.db, jobIdOf(name, 'flaky'))).toBe('completed'),
    )
    expect(logged.slice(before)).toMatchObject([
      { level: 'error', message: 'job failed; it will be retried', object: { job: name } },
    ])
  })

  it('refuses an undefined queue, a definition after the start and an ask before it', async () => {
    const jobs = instance(database.db, false)
    jobs.define('known', async () => {})
    await expect(jobs.runAt('known', new Date(), 'early')).rejects.toThrow(
      'before the jobs started',
    )
    await jobs.start()
    await expect(jobs.runAt('unknown', new Date(), 'k')).rejects.toThrow('not defined')
    expect(() => jobs.define('late', async () => {})).toThrow('after the start')
  })
})

describe('every', () => {
  it('asks for the next slot whatever the run did: a handler that always throws still runs each slot', async () => {
    const name = queueName()
    const slots: number[] = []
    const jobs = instance(database.db, true)
    jobs.define(
      name,
      async (data) => {
        slots.push(Number(data.slot))
        throw new Error('always fails')
      },
      { retryLimit: 0 },
    )
    jobs.every(name, 1000)
    await jobs.start()
    await eventually(() => expect(slots.length).toBeGreaterThanOrEqual(4), 15_000)
    // One run per slot, none skipped, no retry (the next slot is the retry).
    const sorted = [...new Set(slots)].sort((a, b) => a - b)
    expect(sorted).toEqual(slots)
    const first = sorted[0] ?? 0
    expect(sorted).toEqual(sorted.map((_, index) => first + index))
  })

  it('does not run the current slot again on a restart', async () => {
    const name = queueName()
    const slots: number[] = []
    const define = (jobs: Jobs) => {
      jobs.define(name, async (data) => {
        slots.push(Number(data.slot))
      })
      jobs.every(name, 60_000)
    }
    const first = instance(database.db, true)
    define(first)
    await first.start()
    await eventually(() => expect(slots).toHaveLength(1))
    await first.stop()
    const second = instance(database.db, true)
    define(second)
    await second.start()
    await sleep(800)
    // Unless the minute turned meanwhile.
    expect(new Set(slots).size).toBe(slots.length)
  })

  it.runIf(isPostgres)(
    'runs each slot once across two instances, each with its own connections',
    async () => {
      const [current] = await executePrepared<{ name: string }>(
        database.db,
        'test_current_database',
        'select current_database() as name',
        [],
      )
      if (!current || template.kind !== 'postgres') throw new Error('PostgreSQL only')
      const other = await openDatabase({ url: withDatabase(template.url, current.name) })
      try {
        const name = queueName()
        const runs: { slot: number; by: string }[] = []
        const instances = [database.db, other.db].map((db, index) => {
          const jobs = instance(db, true)
          jobs.define(
            name,
            async (data) => {
              runs.push({ slot: Number(data.slot), by: `instance ${index}` })
              await sleep(50)
              // Every other slot fails: the schedule goes on.
              if (Number(data.slot) % 2 === 0) throw new Error('an even slot fails')
            },
            { retryLimit: 0 },
          )
          jobs.every(name, 1000)
          return jobs
        })
        await Promise.all(instances.map((jobs) => jobs.start()))
        await sleep(5500)
        await Promise.all(instances.map((jobs) => jobs.stop()))
        const slots = runs.map((run) => run.slot).sort((a, b) => a - b)
        expect(new Set(slots).size).toBe(slots.length)
        expect(slots.length).toBeGreaterThanOrEqual(4)
        const first = slots[0] ?? 0
        expect(slots).toEqual(slots.map((_, index) => first + index))
      } finally {
        await other.close()
      }
    },
  )
})

describe.runIf(isPostgres)('instances starting together', () => {
  it('all start on a fresh database: one creates the schema and each queue, none fails', async () => {
    // A database of its own, without the pgboss schema yet, and three instances each with a pool.
    const fresh = await createTestDatabase()
    const [current] = await executePrepared<{ name: string }>(
      fresh.db,
      'test_current_database',
      'select current_database() as name',
      [],
    )
    if (!current || template.kind !== 'postgres') throw new Error('PostgreSQL only')
    const url = withDatabase(template.url, current.name)
    const others = await Promise.all([openDatabase({ url }), openDatabase({ url })])
    try {
      const names = [queueName(), queueName(), queueName()]
      const instances = [fresh.db, ...others.map((other) => other.db)].map((db) => {
        const jobs = instance(db, true)
        for (const name of names) jobs.define(name, async () => {})
        return jobs
      })
      await Promise.all(instances.map((jobs) => jobs.start()))
      await Promise.all(instances.map((jobs) => jobs.stop()))
    } finally {
      await Promise.all(others.map((other) => other.close()))
      await fresh.close()
    }
  })
})

describe('leases and stopping', () => {
  it('takes again a job whose instance died mid-run once its lease runs out', async () => {
    const name = queueName()
    const runs: string[] = []
    const asking = instance(database.db, false)
    asking.define(name, async () => {}, { expireInSeconds: 1, retryDelaySeconds: 1 })
    await asking.start()
    await asking.runAt(name, new Date(), 'crashed')
    const id = jobIdOf(name, 'crashed')
    // What an instance that took the job and died leaves: the job active, nobody running it.
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}::uuid`,
    )
    const working = instance(database.db, true, { maintenanceIntervalSeconds: 1 })
    working.define(
      name,
      async () => {
        runs.push('again')
      },
      { expireInSeconds: 1, retryDelaySeconds: 1 },
    )
    await working.start()
    await eventually(() => expect(runs).toEqual(['again']), 20_000)
    await eventually(async () => expect(await stateOf(database.db, id)).toBe('completed'))
  })

  it('stop() waits for a running handler, whose job ends completed', async () => {
    const name = queueName()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let began = false
    let finished = false
    const jobs = instance(database.db, true)
    jobs.define(name, async () => {
      began = true
      await gate
      finished = true
    })
    await jobs.start()
    await jobs.runAt(name, new Date(), 'slow')
    await eventually(() => expect(began).toBe(true))
    let stopped = false
    const stopping = jobs.stop().then(() => (stopped = true))
    await sleep(500)
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(finished).toBe(true)
    expect(await stateOf(database.db, jobIdOf(name, 'slow'))).toBe('completed')
  })
})

describe('the database adapter', () => {
  it('rolls back a text of statements that fails, leaving the connection usable', async () => {
    const adapter = bossDb(database.db)
    await expect(adapter.executeSql('BEGIN; SELECT 1; SELECT 1 / 0; COMMIT;', [])).rejects.toThrow()
    // On PGlite (one connection) or the pool's last-used connection: not left aborted.
    const result = await database.db.execute(sql`select 1 as one`)
    expect((result as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }])
  })
})
