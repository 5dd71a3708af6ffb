import { createHash } from 'node:crypto'
import { inspect } from 'node:util'
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
 * the jobs once every plugin has (`start`), working them only on instances that run jobs
 * (docs/decisions/017-jobs.md).
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
   * are one job. Every working instance asks for the next slot's run as soon as a slot begins,
   * whatever the runs before did (a failed or crashed run does not end the schedule). A slot missed
   * while no instance ran is not made up; the current one runs at the next start. Call before
   * `start`; the handler's data is `{ slot }`.
   */
  every(name: string, intervalMs: number): void
  /**
   * Asks for a run of `name` at `at` (now when past), once per `key`: a second ask with a key whose
   * job still waits, runs or ran within the last 12 hours is ignored. The job's data is `data`.
   * Call it once the jobs started (from a request or a job), after the commit of what it acts on:
   * it writes on a connection of its own (on PGlite, a call inside a transaction would wait
   * forever).
   */
  runAt(name: string, at: Date, key: string, data?: Record<string, unknown>): Promise<void>
  start(): Promise<void>
  /**
   * Stops taking jobs and waits (up to 10 s) for the ones running; a run still going then is
   * handed back (failed, to be retried) so that another instance takes it without waiting for its
   * lease.
   */
  stop(): Promise<void>
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>

export interface JobOptions {
  /**
   * How long a run may take (default 60 s). A run still going then is failed (and retried), and a
   * job whose instance died is taken again once this has passed.
   */
  expireInSeconds?: number
  /** Retries after a failure (default 10); 0 for a queue whose next slot is its retry. */
  retryLimit?: number
  /** The first retry's delay; each next one grows (default 5 s). */
  retryDelaySeconds?: number
}

export interface JobsOptions {
  /** Whether this instance works jobs; an instance that does not still asks for runs. */
  work: boolean
  log: { error(object: object, message: string): void; warn(object: object, message: string): void }
  /** How often a working instance looks for due jobs in each queue (default 1 s). */
  pollingIntervalSeconds?: number
  /** How often a working instance fails the runs whose lease ran out (default 30 s; tests). */
  maintenanceIntervalSeconds?: number
}

/** A job id (uuid-shaped) that is the same for the same queue and key on every instance. */
export function jobIdOf(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const STOP_WAIT_MS = 10_000

type Rows = { rows: unknown[] }

/** The rows of a text's last statement (node-postgres answers a list for several statements). */
const lastRows = (result: pg.QueryResult | pg.QueryResult[]): Rows => ({
  rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [],
})

/**
 * pg-boss's statements on the app's own connections: node-postgres's pool, or the embedded
 * database, whose `query` takes one statement. pg-boss sends its schema changes and maintenance as
 * one text without parameters (`BEGIN; … COMMIT;`); a statement of it that fails leaves that
 * connection inside an aborted transaction, which every later statement on it would fail in (on
 * PGlite, the only connection): such a text runs on a connection of its own and is rolled back.
 * Exported for its tests.
 */
export function bossDb(db: Db): PgBoss.Db {
  const { client } = db._.session as unknown as { client: pg.Pool | Pick<PGlite, 'query' | 'exec'> }
  if (client instanceof pg.Pool) {
    return {
      // pg-boss's types promise `values`; its schema statements come without.
      executeSql: async (text, values: unknown[] | undefined) => {
        if (values !== undefined && values.length > 0) return client.query(text, values)
        const connection = await client.connect()
        try {
          const result = (await connection.query(text)) as pg.QueryResult | pg.QueryResult[]
          connection.release()
          return lastRows(result)
        } catch (error) {
          // A connection that cannot even roll back is closed rather than handed to the app.
          const rolledBack = await connection.query('ROLLBACK').then(
            () => true,
            () => false,
          )
          connection.release(!rolledBack)
          throw error
        }
      },
    }
  }
  return {
    executeSql: async (text, values: unknown[] | undefined) => {
      if (values !== undefined && values.length > 0) return client.query(text, values)
      try {
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      } catch (error) {
        // Outside a transaction ROLLBACK only warns.
        await client.exec('ROLLBACK').catch(() => {})
        throw error
      }
    },
  }
}

interface Queue {
  handler: JobHandler
  options: Required<JobOptions>
  intervalMs?: number
}

interface Taken {
  id: string
  data: Record<string, unknown> | null
  retryCount: number
  retryLimit: number
}

/** A pause that `wake` ends early. */
function pauseOf() {
  let wake: () => void = () => {}
  return {
    wait(ms: number) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          resolve()
        }
        wake = done
      })
    },
    wake: () => wake(),
  }
}

export function createJobs(db: Db, options: JobsOptions): Jobs {
  const { log } = options
  const boss = new PgBoss({
    db: bossDb(db),
    // Maintenance (failing runs whose lease ran out, archiving) runs on working instances only;
    // pg-boss takes a lock so that one of them does it per interval.
    supervise: options.work,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  })
  boss.on('error', (error) => {
    log.warn({ err: error }, 'job queue error')
  })
  const pollMs = Math.max(50, (options.pollingIntervalSeconds ?? 1) * 1000)
  const queues = new Map<string, Queue>()
  /** Each queue's loop (working instances), and what wakes it. */
  const loops: Promise<void>[] = []
  const pauses = new Map<string, ReturnType<typeof pauseOf>>()
  /** The runs in progress on this instance, by job id; `failed` once the job was failed. */
  const running = new Map<string, { name: string; done: Promise<void>; failed: boolean }>()
  let starting: Promise<void> | undefined
  let stopped: Promise<void> | undefined
  let stopping = false
  // Read through a call: the loops' awaits let `stop` change it under them.
  const isStopping = () => stopping

  const queueOf = (name: string): Queue => {
    const queue = queues.get(name)
    if (!queue) throw new Error(`job queue ${name} is not defined`)
    return queue
  }

  const slotId = (name: string, intervalMs: number, slot: number) =>
    jobIdOf(name, `slot:${intervalMs}:${slot}`)

  const askSlot = async (name: string, intervalMs: number, slot: number) => {
    await boss.send(
      name,
      { slot },
      { id: slotId(name, intervalMs, slot), startAfter: new Date(slot * intervalMs) },
    )
  }

  /**
   * One run: the handler within its lease, then the job completed, or failed to be retried. A run
   * that outlives its lease is failed (another may start) and left to finish on its own.
   */
  const runJob = async (name: string, queue: Queue, job: Taken) => {
    // A handler that throws before its first await fails this run, not the queue's loop.
    const attempt = Promise.resolve().then(() => queue.handler(job.data ?? {}))
    const done = attempt.then(
      () => undefined,
      () => undefined,
    )
    const run = { name, done, failed: false }
    running.set(job.id, run)
    let leaseTimer: NodeJS.Timeout | undefined
    const lease = new Promise<'expired'>((resolve) => {
      leaseTimer = setTimeout(() => resolve('expired'), queue.options.expireInSeconds * 1000)
    })
    let failure: unknown
    try {
      const outcome = await Promise.race([attempt, lease])
      if (outcome === 'expired') failure = new Error(`the run outlived its lease`)
    } catch (error) {
      failure = error
    } finally {
      clearTimeout(leaseTimer)
    }
    if (failure === undefined) {
      running.delete(job.id)
      await boss.complete(name, job.id).catch((error: unknown) => {
        // The lease runs out and the job runs again: handlers are idempotent.
        log.warn({ err: error, job: name }, 'job done but not marked done')
      })
      return
    }
    const retries = job.retryCount < job.retryLimit
    log.error(
      { err: failure, job: name, attempt: job.retryCount + 1 },
      retries ? 'job failed; it will be retried' : 'job failed; no retry left',
    )
    const message = failure instanceof Error ? failure.message : inspect(failure)
    run.failed = true
    await boss.fail(name, job.id, { message }).catch((error: unknown) => {
      log.warn({ err: error, job: name }, 'job failed but not marked failed')
    })
    // A run that outlived its lease is still tracked until it ends (`stop` waits for it).
    void done.then(() => running.delete(job.id))
  }

  const workQueue = async (name: string, queue: Queue) => {
    const pause = pauseOf()
    pauses.set(name, pause)
    let askedSlot: number | undefined
    let warnedSlot: number | undefined
    while (!stopping) {
      if (queue.intervalMs !== undefined) {
        const next = Math.floor(Date.now() / queue.intervalMs) + 1
        if (askedSlot !== next) {
          try {
            // A slot this loop did not see begin (a long run, a stalled process) is asked for now
            // as well: once by its id, even if another instance asked for it or ran it.
            if (askedSlot !== undefined && askedSlot < next - 1) {
              await askSlot(name, queue.intervalMs, next - 1)
            }
            await askSlot(name, queue.intervalMs, next)
            askedSlot = next
          } catch (error) {
            if (warnedSlot !== next) log.warn({ err: error, job: name }, 'next run not asked for')
            warnedSlot = next
          }
        }
      }
      // pg-boss's fetch answers nothing when its statement fails.
      const [job] = await boss
        .fetch<Record<string, unknown> | null>(name, { batchSize: 1, includeMetadata: true })
        .catch((error: unknown) => {
          log.warn({ err: error, job: name }, 'jobs not fetched')
          return []
        })
      if (isStopping() && job) {
        // Taken while stopping: handed straight back.
        await boss.fail(name, job.id, { message: 'instance stopping' }).catch(() => {})
        break
      }
      if (job) {
        await runJob(name, queue, job)
        continue
      }
      if (isStopping()) break
      await pause.wait(pollMs)
    }
  }

  /**
   * Creates a queue (nothing when it exists). Instances starting together on a database without
   * it both create its table and attach it to pg-boss's, and PostgreSQL may end one of them as a
   * deadlock before the other commits: that one tries again, and finds the queue.
   */
  const createQueue = async (name: string, queue: PgBoss.Queue) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, queue)
        return
      } catch (error) {
        if (await boss.getQueue(name).catch(() => null)) return
        if (attempt >= 5) throw error
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt))
      }
    }
  }

  const startJobs = async () => {
    await boss.start()
    for (const [name, { options: queueOptions }] of queues) {
      const queue = {
        name,
        expireInSeconds: queueOptions.expireInSeconds,
        retryLimit: queueOptions.retryLimit,
        retryDelay: queueOptions.retryDelaySeconds,
        retryBackoff: true,
      }
      await createQueue(name, queue)
      await boss.updateQueue(name, queue)
    }
    if (!options.work) return
    const now = Date.now()
    for (const [name, queue] of queues) {
      if (queue.intervalMs === undefined) continue
      // The current slot runs now unless it ran already (its job may be archived by now).
      const slot = Math.floor(now / queue.intervalMs)
      const id = slotId(name, queue.intervalMs, slot)
      if (!(await boss.getJobById(name, id, { includeArchive: true }))) {
        await askSlot(name, queue.intervalMs, slot)
      }
    }
    for (const [name, queue] of queues) {
      loops.push(
        workQueue(name, queue).catch((error: unknown) => {
          log.error({ err: error, job: name }, 'job queue stopped working')
        }),
      )
    }
  }

  return {
    define(name, handler, jobOptions = {}) {
      if (starting) throw new Error(`job queue ${name} defined after the start`)
      if (queues.has(name)) throw new Error(`job queue ${name} defined twice`)
      queues.set(name, {
        handler,
        options: {
          expireInSeconds: jobOptions.expireInSeconds ?? 60,
          retryLimit: jobOptions.retryLimit ?? 10,
          retryDelaySeconds: jobOptions.retryDelaySeconds ?? 5,
        },
      })
    },
    every(name, intervalMs) {
      if (starting) throw new Error(`job queue ${name} scheduled after the start`)
      if (!Number.isInteger(intervalMs) || intervalMs < 1000) {
        throw new Error(
          `job queue ${name}: the interval must be a whole number of ms, at least 1000`,
        )
      }
      queueOf(name).intervalMs = intervalMs
    },
    async runAt(name, at, key, data = {}) {
      queueOf(name)
      if (!starting) throw new Error(`job ${name} asked for before the jobs started`)
      await starting
      await boss.send(name, data, { id: jobIdOf(name, key), startAfter: at })
      if (at.getTime() <= Date.now()) pauses.get(name)?.wake()
    },
    start() {
      starting ??= startJobs()
      return starting
    },
    stop() {
      stopped ??= stopJobs()
      return stopped
    },
  }

  async function stopJobs() {
    stopping = true
    if (!starting) return
    await starting.catch(() => {})
    for (const pause of pauses.values()) pause.wake()
    let timer: NodeJS.Timeout | undefined
    const waited = await Promise.race([
      Promise.all([...loops, ...[...running.values()].map((run) => run.done)]).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), STOP_WAIT_MS)
      }),
    ])
    clearTimeout(timer)
    if (!waited) {
      for (const [id, run] of running) {
        // One failed at its lease's end may be another instance's run by now.
        if (run.failed) continue
        log.warn({ job: run.name }, 'job still running at stop; handed back')
        await boss.fail(run.name, id, { message: 'instance stopped' }).catch(() => {})
      }
    }
    await boss.stop({ graceful: false, close: false })
  }
}
