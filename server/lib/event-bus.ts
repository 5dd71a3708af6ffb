import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'
import type { Notification } from '#server/modules/notifications/notifications.contract.ts'
import type { WireLiveBet, WireLiveRound } from '#server/modules/live/live.contract.ts'

/**
 * Domain events, one stream for the whole site (decisions §6, §9). Modules publish here and
 * subscribe here; only `realtime/` turns events into socket messages. With Redis configured, every
 * instance sees every event, so a bet on one instance moves a progress bar on a socket held by
 * another.
 */
export interface DomainEvents {
  /** Settings, menus, pages, redirects or translation overrides changed: drop cached copies. */
  'site.changed': { scope: 'settings' | 'menus' | 'pages' | 'redirects' | 'translations' }
  /** Sessions ended (logout, password change or reset): drop cached copies, close their sockets. */
  'sessions.ended': { idHashes: string[] }
  /** A player's own data changed (profile, verification, 2FA): drop cached player info. */
  'player.changed': { playerId: string }
  /** A notification was created for a player. */
  'notification.created': {
    playerId: string
    notification: Notification & {
      /** Show it as a toast now (marked read when the player opens it). */
      toast: boolean
      /** Light the header's new-notifications indicator and add it to the list as unread. */
      header: boolean
    }
  }
  /** A player signed up (committed); e-mail verification and other welcomes hang off this. */
  'player.registered': { playerId: string }
  /** A quest or achievement trigger moved. */
  'trigger.progress': {
    playerId: string
    trigger: { id: string; progress: { progress: number; expected: number; is_finished: 0 | 1 } }
  }
  /** Progress towards the next prize-wheel spin moved. */
  'wheel.progress': {
    playerId: string
    bonusId: string
    progress: { progress: number; expected: number }
  }
  /**
   * A bet was settled: amounts in minor units of its currency and, for loyalty, quests and
   * tournaments that compare players across currencies, in euro cents at the current rate; all as
   * strings. `multiplier`: the payout over the stake, as decimal text ("1.98").
   */
  'bet.settled': {
    playerId: string
    betId: string
    gameId: string
    currency: string
    stakeMinor: string
    payoutMinor: string
    stakeEurMinor: string
    payoutEurMinor: string
    multiplier: string
  }
  /**
   * A player's balance in one currency changed (committed): minor units as strings. The header
   * shows the new figure at once (`balanceUpdate` on the socket).
   */
  'wallet.changed': {
    playerId: string
    currency_id: string
    cents: string
    bonus_cents: string
    held_cents: string
  }
  /**
   * A live game's round changed phase (betting, running, settled or refunded); everyone watching
   * the game hears it (`liveRound` on the socket). The result and hash only once it has ended.
   */
  'live.round': { game: WireLiveRound['game']; round: WireLiveRound; server_time: string }
  /** A live bet was placed, cashed out or settled; everyone watching the game hears it. */
  'live.bet': { game: WireLiveBet['game']; bet: WireLiveBet }
  /** A deposit was credited to a player's account. */
  'deposit.completed': {
    playerId: string
    depositId: string
    currency: string
    amountMinor: string
  }
}

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
