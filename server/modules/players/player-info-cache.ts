import type { Db } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { loadPlayerInfo } from './player-info.ts'
import type { PlayerInfo } from './players.contract.ts'

/**
 * Player info is read on every page a player opens and polled by the client, so it is kept in
 * memory. A player's own state-changing call drops their copy on every instance (see
 * `forgetAfterWrite` in server/app.ts); changes made by someone else (an operator) show within
 * the time-to-live.
 */
export const PLAYER_INFO_TTL_MS = 5_000
const MAX_ENTRIES = 100_000

export interface PlayerInfoCache {
  get(playerId: string): Promise<PlayerInfo | undefined>
  /** Drops the copy here and on every other instance. */
  forget(playerId: string): Promise<void>
}

export function createPlayerInfoCache(options: {
  db: Db
  bus: EventBus
  socketSecret: string
}): PlayerInfoCache {
  const entries = new Map<string, { info: PlayerInfo; loadedAt: number }>()
  options.bus.subscribe('player.changed', ({ playerId }) => {
    entries.delete(playerId)
  })
  return {
    async get(playerId) {
      const hit = entries.get(playerId)
      if (hit && Date.now() - hit.loadedAt < PLAYER_INFO_TTL_MS) return hit.info
      const info = await loadPlayerInfo(options.db, playerId, options.socketSecret)
      if (!info) {
        entries.delete(playerId)
        return undefined
      }
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(playerId, { info, loadedAt: Date.now() })
      return info
    },
    async forget(playerId) {
      entries.delete(playerId)
      await options.bus.publish('player.changed', { playerId })
    },
  }
}
