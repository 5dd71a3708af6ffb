import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'

/**
 * Domain events, one stream for the whole site. Modules publish here and subscribe here; only
 * `realtime/` turns events into socket messages. With Redis configured, every instance sees every
 * event, so a bet on one instance moves a progress bar on a socket held by another.
 *
 * Each module declares the events it publishes in its own `<module>.events.ts`, by declaration
 * merging into this interface (`declare module '#server/lib/event-bus.ts'`): the bus stays a
 * library that knows no module, and every publisher and subscriber still sees each payload's type.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents
type Listener<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>

export interface EventBus {
  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void>
  subscribe<K extends DomainEventName>(name: K, listener: Listener<K>): () => void
  close(): Promise<void>
}

const CHANNEL = 'aurum:events'

interface Options {
  onListenerError: (error: unknown, name: DomainEventName) => void
  /** Publishing and subscribing connections; when given, events cross instances. */
  redis?: { pub: Redis; sub: Redis }
}

export async function createEventBus(options: Options): Promise<EventBus> {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)

  const dispatch = (name: DomainEventName, payload: unknown) => {
    for (const listener of emitter.listeners(name)) {
      // A failing subscriber must not stop the others nor the publisher.
      Promise.resolve()
        .then(() => (listener as (p: unknown) => unknown)(payload))
        .catch((error: unknown) => options.onListenerError(error, name))
    }
  }

  const redis = options.redis
  // Each instance dispatches its own events at once and skips their echo from Redis, so a change
  // it publishes (a site setting, say) is seen by its next request, not only once Redis answers.
  const instanceId = randomUUID()
  if (redis) {
    await redis.sub.subscribe(CHANNEL)
    redis.sub.on('message', (channel: string, message: string) => {
      if (channel !== CHANNEL) return
      const { from, name, payload } = JSON.parse(message) as {
        from: string
        name: DomainEventName
        payload: unknown
      }
      if (from !== instanceId) dispatch(name, payload)
    })
  }

  return {
    async publish(name, payload) {
      dispatch(name, payload)
      if (redis)
        await redis.pub.publish(CHANNEL, JSON.stringify({ from: instanceId, name, payload }))
    },
    subscribe(name, listener) {
      const handler = listener as (payload: unknown) => void
      emitter.on(name, handler)
      return () => emitter.off(name, handler)
    },
    async close() {
      emitter.removeAllListeners()
      if (redis) await redis.sub.unsubscribe(CHANNEL)
    },
  }
}
