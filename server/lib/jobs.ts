import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import PgBoss from 'pg-boss'
import type { Db } from '#db/client.ts'

/**
 * Durable jobs kept in the database (pg-boss, schema `pgboss`), each run once however many
 * instances run: a job is taken with `FOR UPDATE SKIP LOCKED`, and one whose instance died is
 * taken again when its lease (`expireInSeconds`) runs out. A handler may therefore run again
 * after a crash: every handler does work that is idempotent by the rows it changes (a tournament
 * paid once by its `finished_at`, a lottery drawn once by its `drawn_at`).
 *
 * The library knows no module: modules `define` their queues in their plugins, and the app starts
 * the jobs once every plugin has (`start`), working them only on instances that run jobs.
 */
export interface Jobs {
  /**
   * Declares the queue `name` and what runs its jobs. Call before `start`. A handler that throws is
   * retried (`retryLimit` times, with a growing delay from `retryDelaySeconds`).
   */
  define(name: string, handler: JobHandler, options?: JobOptions): void
  /**
   * A run of `name` in every slot of `intervalMs` (slots count from the epoch), once across
   * instances: each slot's job has an id derived from the slot, so the instances' requests for it
   * are one job. A slot missed while no instance ran is not made up; the next one runs.
   */
  every(name: string, intervalMs: number): void
  /**
   * Asks for a run of `name` at `at` (now when past), once per `key`: a second ask with a key whose
   * job still waits or ran lately is ignored. The job's data is `data`.
   */
  runAt(name: string, at: Date, key: string, data?: Record<string, unknown>): Promise<void>
  start(): Promise<void>
  /** Stops taking jobs and waits (up to 10 s) for the ones running. */
  stop(): Promise<void>
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>

export interface JobOptions {
  /** How long a run may take before another instance takes the job again (default 60 s). */
  expireInSeconds?: number
  /** Retries after a failure (default 10). */
  retryLimit?: number
  /** The first retry's delay; each next one grows (default 5 s). */
  retryDelaySeconds?: number
}

export interface JobsOptions {
  /** Whether this instance works jobs; an instance that does not still asks for runs. */
  work: boolean
  log: { error(object: object, message: string): void; warn(object: object, message: string): void }
  /** How often a working instance looks for due jobs (default 1 s). */
  pollingIntervalSeconds?: number
}

/** A job id (uuid-shaped) that is the same for the same queue and key on every instance. */
export function jobIdOf(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * pg-boss's statements on the app's own connections: node-postgres's pool, or the embedded
 * database, whose `query` takes one statement (pg-boss sends its schema changes as one text without
 * parameters, which `exec` runs).
 */
function bossDb(db: Db): PgBoss.Db {
  const { client } = db._.session as unknown as { client: pg.Pool | Pick<PGlite, 'query' | 'exec'> }
  if (client instanceof pg.Pool) {
    return { executeSql: (text, values) => client.query(text, values) }
  }
  return {
    // pg-boss's types promise `values`; its schema statements come without.
    executeSql: async (text, values: unknown[] | undefined) => {
      if (values === undefined || values.length === 0) {
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      return client.query(text, values)
    },
  }
}

export function createJobs(db: Db, options: JobsOptions): Jobs {
  const boss = new PgBoss({
    db: bossDb(db),
    // Maintenance (expiring leases, archiving) runs on working instances only.
    supervise: options.work,
    schedule: false,
    maintenanceIntervalSeconds: 30,
  })
  boss.on('error', (error) => {
    options.log.warn({ err: error }, 'job queue error')
  })
  const queues = new Map<string, { handler: JobHandler; options: JobOptions }>()
  const intervals = new Map<string, number>()
  let started = false
  let stopping = false

  const slotJob = async (name: string, intervalMs: number, slot: number) => {
    if (stopping) return
    await boss.send(
      name,
      { slot },
      {
        id: jobIdOf(name, `slot:${slot}`),
        startAfter: new Date(slot * intervalMs),
      },
    )
  }

  return {
    define(name, handler, jobOptions = {}) {
      if (started) throw new Error(`job queue ${name} defined after the start`)
      if (queues.has(name)) throw new Error(`job queue ${name} defined twice`)
      queues.set(name, { handler, options: jobOptions })
    },
    every(name, intervalMs) {
      if (!queues.has(name)) throw new Error(`job queue ${name} is not defined`)
      intervals.set(name, intervalMs)
    },
    async runAt(name, at, key, data = {}) {
      if (!queues.has(name)) throw new Error(`job queue ${name} is not defined`)
      await boss.send(name, data, { id: jobIdOf(name, key), startAfter: at })
    },
    async start() {
      started = true
      await boss.start()
      for (const [name, { options: jobOptions }] of queues) {
        const queue = {
          name,
          expireInSeconds: jobOptions.expireInSeconds ?? 60,
          retryLimit: jobOptions.retryLimit ?? 10,
          retryDelay: jobOptions.retryDelaySeconds ?? 5,
          retryBackoff: true,
        }
        // Another instance may be creating it at the same moment.
        await boss.createQueue(name, queue).catch(async (error: unknown) => {
          if (!(await boss.getQueue(name))) throw error
        })
        await boss.updateQueue(name, queue)
      }
      if (!options.work) return
      for (const [name, { handler }] of queues) {
        const intervalMs = intervals.get(name)
        await boss.work<Record<string, unknown>>(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 },
          async ([job]) => {
            if (!job) return
            try {
              await handler(job.data)
            } catch (error) {
              options.log.error({ err: error, job: name }, 'job failed; it will be retried')
              throw error
            } finally {
              // The next slot is asked for whatever this run did: a failing run retries on its
              // own and does not stop the schedule.
              const slot = job.data.slot
              if (intervalMs !== undefined && typeof slot === 'number') {
                await slotJob(name, intervalMs, slot + 1).catch((error: unknown) => {
                  options.log.warn({ err: error, job: name }, 'next run not scheduled')
                })
              }
            }
          },
        )
      }
      const now = Date.now()
      for (const [name, intervalMs] of intervals) {
        const slot = Math.floor(now / intervalMs)
        await slotJob(name, intervalMs, slot)
        await slotJob(name, intervalMs, slot + 1)
      }
    },
    async stop() {
      stopping = true
      if (!started) return
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
    },
  }
}
