import type { FastifyBaseLogger } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { forgetEngagementContent } from './engine/content.ts'
import type { EngagementConsumer } from './engine/consumer.ts'
import { DRAIN_BATCH, drainOnce, type DrainOptions } from './engine/drain.ts'

export { forgetEngagementContent } from './engine/content.ts'
export {
  drainOnce,
  MAX_EVENT_ATTEMPTS,
  type DrainDeps,
  type DrainOptions,
  type DrainResult,
} from './engine/drain.ts'

/** How often an instance looks at the inbox without being woken (rows a dead instance left). */
export const ENGINE_POLL_MS = 1000
/**
 * How long a wake waits before draining, so that the events of those milliseconds make one batch
 * (one transaction, and one socket message per trigger for a player who bets fast) rather than a
 * drain per bet; progress still reaches the socket well inside its 250 ms (docs/benchmarks.md).
 */
export const ENGINE_GATHER_MS = 100

export interface EngineOptions {
  pollMs?: number
  /** Rows per transaction (tests and the bench). */
  batch?: number
}

/**
 * The engagement engine: drains the inbox (`engagement_events`) shortly after a bet settles or
 * another event is recorded (`ENGINE_GATHER_MS`), and every second besides. One drain at a time on this instance; a wake that
 * comes during a drain runs another after it. Several instances split the rows (`SKIP LOCKED`).
 */
export function startEngagementEngine(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'site'> & {
    engagementConsumers?: readonly EngagementConsumer[]
  },
  log: FastifyBaseLogger,
  options: EngineOptions = {},
) {
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  const wokenAgain = () => again && !stopped
  const drainDeps = {
    db: deps.db,
    bus: deps.bus,
    messages: (locale: string) => deps.site.messages(locale),
    log,
    consumers: deps.engagementConsumers,
  }
  const drainOptions: DrainOptions = { limit: options.batch ?? DRAIN_BATCH }

  const batch = drainOptions.limit ?? DRAIN_BATCH
  // After a failed batch, its rows are drained one at a time: the one that fails is found and, at
  // its fifth failure, parked (`MAX_EVENT_ATTEMPTS`), and the rest are applied.
  let oneByOne = 0

  async function drainAll(): Promise<void> {
    do {
      again = false
      await new Promise((resolve) => setTimeout(resolve, ENGINE_GATHER_MS))
      // A full batch means more may wait: keep going until a batch comes back short.
      for (;;) {
        if (stopped) return
        const limit = oneByOne > 0 ? 1 : batch
        try {
          const result = await drainOnce(drainDeps, { ...drainOptions, limit })
          oneByOne = Math.max(oneByOne - 1, 0)
          if (result.taken < limit) break
        } catch (error) {
          log.error({ err: error }, 'engagement drain failed')
          if (limit > 1) {
            oneByOne = limit
            continue
          }
          oneByOne = Math.max(oneByOne - 1, 0)
          // A row failed on its own: it is tried again at the next wake or poll.
          return
        }
      }
    } while (wokenAgain())
  }

  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = drainAll().finally(() => {
      running = undefined
    })
  }

  const unsubscribe = [
    deps.bus.subscribe('bet.settled', wake),
    deps.bus.subscribe('engagement.recorded', wake),
    deps.bus.subscribe('engagement.content.changed', () => {
      forgetEngagementContent(deps.db)
    }),
  ]
  const timer = setInterval(wake, options.pollMs ?? ENGINE_POLL_MS)
  timer.unref()
  wake()

  return {
    /** Wakes the engine now and resolves once the inbox it saw is drained (tests). */
    async drained(): Promise<void> {
      wake()
      while (running) await running
    },
    async stop(): Promise<void> {
      stopped = true
      clearInterval(timer)
      for (const off of unsubscribe) off()
      await running
    },
  }
}
