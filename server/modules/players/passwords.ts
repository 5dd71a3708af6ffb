import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/**
 * Our argon2id parameters: 64 MiB, three passes, one lane: RFC 9106's second recommended option
 * (section 4, for hosts that cannot give a hash 2 GiB), with one lane because each hash runs on
 * one thread of our pool. The floor the issue sets (and OWASP's minimum) is 19 MiB and two passes;
 * at that cost a login's other work (HTTP, the lookup, the audit row, about 3 ms of CPU) was a
 * quarter of a login and held a flood to 62-70 % of what the cores can hash (docs/benchmarks.md).
 * Written out so a library update cannot lower them silently. Raising them makes every stored hash
 * older than ours, and each is upgraded at the player's next login.
 */
export const ARGON2_MEMORY_COST_KIB = 65_536
export const ARGON2_TIME_COST = 3
export const ARGON2_PARALLELISM = 1

/**
 * Hashes run in worker threads of our own, one per core, which the server renices to the lowest
 * priority (nice 19, `setPasswordHashNice`) where Linux lets a thread be named
 * (`/proc/thread-self`). A login flood then takes only
 * the CPU the event loop leaves: in libuv's pool the four hashing threads competed with the loop
 * as equals and the p99 of every other call grew twentyfold (docs/benchmarks.md). Elsewhere the
 * threads keep the normal priority. Plain JavaScript evaluated in the worker, so it needs no
 * file of its own in the bundled server nor a TypeScript loader in tests.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
let thread
try {
  const task = require('node:fs').readlinkSync('/proc/thread-self')
  thread = Number(task.slice(task.lastIndexOf('/') + 1))
} catch {}
const renice = (nice) => {
  try {
    if (thread !== undefined) require('node:os').setPriority(thread, nice)
  } catch {}
}
renice(workerData.nice)
const argon2 = require(workerData.argon2)
parentPort.on('message', ({ op, a, b, options, nice }) => {
  if (op === 'nice') return renice(nice)
  try {
    const result = op === 'hash' ? argon2.hashSync(a, options) : argon2.verifySync(a, b)
    parentPort.postMessage({ result })
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) })
  }
})`

type Job = { op: 'hash'; a: string; options: object } | { op: 'verify'; a: string; b: string }
interface Pending {
  job: Job
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

/**
 * The argon2 workers, started on first use. A job goes straight to the worker with the fewest
 * jobs in hand and waits in that worker's own inbox: a worker that finishes starts its next job at
 * once instead of idling until a busy event loop gets round to handing it one (under a login
 * flood that gap cost a third of the hashing capacity). Each worker answers in order.
 */
function createArgon2Pool(size: number) {
  const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2')
  const inHand = new Map<Worker, Pending[]>()
  let nice = 0

  const start = () => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2: argon2Path, nice },
    })
    const jobs: Pending[] = []
    inHand.set(worker, jobs)
    worker.on('message', (message: { result?: unknown; error?: string }) => {
      const pending = jobs.shift()
      if (message.error === undefined) pending?.resolve(message.result)
      else pending?.reject(new Error(message.error))
      // Held open only while hashing: an idle pool never keeps a script or a test run alive.
      if (jobs.length === 0) worker.unref()
    })
    // A worker that dies (out of memory) fails the job it was on; the rest go to the others.
    worker.once('error', (error) => {
      inHand.delete(worker)
      worker.removeAllListeners('message')
      const [current, ...waiting] = jobs
      current?.reject(error)
      for (const pending of waiting) submit(pending)
    })
    return worker
  }

  const submit = (pending: Pending) => {
    let chosen: Worker | undefined
    let fewest = Infinity
    for (const [worker, jobs] of inHand) {
      if (jobs.length < fewest) {
        chosen = worker
        fewest = jobs.length
      }
    }
    const worker = chosen && (fewest === 0 || inHand.size >= size) ? chosen : start()
    const jobs = inHand.get(worker) as Pending[]
    jobs.push(pending)
    worker.ref()
    worker.postMessage(pending.job)
  }

  return {
    run: <T>(job: Job): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        submit({ job, resolve: resolve as (value: unknown) => void, reject })
      }),
    setNice(value: number) {
      nice = value
      for (const worker of inHand.keys()) worker.postMessage({ op: 'nice', nice })
    },
  }
}

const pool = createArgon2Pool(availableParallelism())
const argon2 = <T>(job: Job) => pool.run<T>(job)

/**
 * The scheduling priority of the hashing threads (`PASSWORD_HASH_NICE`, set by server/app.ts):
 * 19 lets the event loop win the CPU from a login flood; 0, the normal priority, is what scripts
 * and test runs get, where busy processes alongside would otherwise starve every hash.
 */
export function setPasswordHashNice(nice: number): void {
  pool.setNice(nice)
}

/** argon2id (the library's default algorithm) with our parameters, computed off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return argon2<string>({
    op: 'hash',
    a: password,
    options: {
      memoryCost: ARGON2_MEMORY_COST_KIB,
      timeCost: ARGON2_TIME_COST,
      parallelism: ARGON2_PARALLELISM,
    },
  })
}

const verify = (stored: string, password: string) =>
  argon2<boolean>({ op: 'verify', a: stored, b: password })

export interface Argon2Parameters {
  algorithm: string
  version: number
  memoryCostKib: number
  timeCost: number
  parallelism: number
}

const PHC_PATTERN = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/

/** The parameters written in a PHC-format argon2 hash, or undefined when it is not one. */
export function parseArgon2Parameters(stored: string): Argon2Parameters | undefined {
  const match = PHC_PATTERN.exec(stored)
  if (!match) return undefined
  const [, algorithm = '', version, memory, time, lanes] = match
  return {
    algorithm,
    version: Number(version),
    memoryCostKib: Number(memory),
    timeCost: Number(time),
    parallelism: Number(lanes),
  }
}

/**
 * True when a stored hash is weaker than what `hashPassword` makes now: another argon2 variant or
 * version, less memory or fewer passes, or a format we cannot read. The caller rehashes it with
 * the password it has just verified.
 */
export function needsRehash(stored: string): boolean {
  const parameters = parseArgon2Parameters(stored)
  if (!parameters) return true
  return (
    parameters.algorithm !== 'argon2id' ||
    parameters.version !== 19 ||
    parameters.memoryCostKib < ARGON2_MEMORY_COST_KIB ||
    parameters.timeCost < ARGON2_TIME_COST ||
    parameters.parallelism < ARGON2_PARALLELISM
  )
}

// Verifying against a real hash when the account does not exist keeps the answer time the same,
// so timing does not tell which e-mail addresses have accounts.
let decoyHash: Promise<string> | undefined

/** True when the password matches; with no stored hash, spends the same time and answers false. */
export async function verifyPassword(stored: string | undefined, password: string) {
  if (stored === undefined) {
    decoyHash ??= hashPassword('decoy password that matches no account')
    await verify(await decoyHash, password)
    return false
  }
  return verify(stored, password)
}
