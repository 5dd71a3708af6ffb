import type { FastifyBaseLogger } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { forgetEngagementContent } from './engine/content.ts'
import { DRAIN_BATCH, drainOnce, type DrainOptions } from './engine/drain.ts'

export { forgetEngagementContent } from './engine/content.ts'
export { drainOnce, type DrainDeps, type DrainOptions, type DrainResult } from './engine/drain.ts'

/** How often an instance looks at the inbox without being woken (rows a dead instance left). */
export const ENGINE_POLL_MS = 1000

export interface EngineOptions {
  pollMs?: number
  /** Rows per transaction (tests and the bench). */
  batch?: number
}

/**
 * The engagement engine: drains the inbox (`engagement_events`) whenever a bet settles or another
 * event is recorded, and every second besides. One drain at a time on this instance; a wake that
 * comes during a drain runs another after it. Several instances split the rows (`SKIP LOCKED`).
 */
export function startEngagementEngine(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'site'>,
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
  }
  const drainOptions: DrainOptions = { limit: options.batch ?? DRAIN_BATCH }

  async function drainAll(): Promise<void> {
    do {
      again = false
      try {
        // A full batch means more may wait: keep going until a batch comes back short.
        for (;;) {
          if (stopped) return
          const result = await drainOnce(drainDeps, drainOptions)
          if (result.taken < (drainOptions.limit ?? DRAIN_BATCH)) break
        }
      } catch (error) {
        log.error({ err: error }, 'engagement drain failed')
        return
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
