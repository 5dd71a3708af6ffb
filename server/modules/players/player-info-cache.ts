import type { Db } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { loadPlayerInfo, type LoadMoneyTotals } from './player-info.ts'
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
  /**
   * The whole `GET /player/info` answer (the envelope around the info) as JSON bytes, made once
   * per load: serialising the object per call cost about a quarter of the route's time.
   */
  answer(playerId: string): Promise<Buffer | undefined>
  /** Drops the copy here and on every other instance. */
  forget(playerId: string): Promise<void>
}

interface Entry {
  info: PlayerInfo
  answer: Buffer
  loadedAt: number
}

export function createPlayerInfoCache(options: {
  db: Db
  bus: EventBus
  socketSecret: string
  /** The wallet's figures (`availableToWithdraw`, `totalDepositAmounts`). */
  loadMoney: LoadMoneyTotals
}): PlayerInfoCache {
  const entries = new Map<string, Entry>()
  options.bus.subscribe('player.changed', ({ playerId }) => {
    entries.delete(playerId)
  })
  const entry = async (playerId: string): Promise<Entry | undefined> => {
    const hit = entries.get(playerId)
    if (hit && Date.now() - hit.loadedAt < PLAYER_INFO_TTL_MS) return hit
    const info = await loadPlayerInfo(options.db, playerId, options.socketSecret, options.loadMoney)
    if (!info) {
      entries.delete(playerId)
      return undefined
    }
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value
      if (oldest !== undefined) entries.delete(oldest)
    }
    // The bytes sit beside the object and go with it: one entry, one invalidation.
    const loaded = { info, answer: Buffer.from(JSON.stringify(ok(info))), loadedAt: Date.now() }
    entries.set(playerId, loaded)
    return loaded
  }
  return {
    async get(playerId) {
      return (await entry(playerId))?.info
    },
    async answer(playerId) {
      return (await entry(playerId))?.answer
    },
    async forget(playerId) {
      entries.delete(playerId)
      await options.bus.publish('player.changed', { playerId })
    },
  }
}
