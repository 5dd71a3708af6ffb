import type { Db } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { signSocketToken } from '#server/modules/realtime/index.ts'
import {
  loadPlayerInfo,
  withSocketToken,
  type LoadMoneyTotals,
  type SharedPlayerInfo,
} from './player-info.ts'
import type { PlayerInfo } from './players.contract.ts'

/**
 * Player info is read on every page a player opens and polled by the client, so it is kept in
 * memory. A player's own state-changing call drops their copy on every instance (see
 * `server/plugins/api-scope.ts`); changes made by someone else (an operator) show within
 * the time-to-live.
 */
export const PLAYER_INFO_TTL_MS = 5_000
const MAX_ENTRIES = 100_000

export interface PlayerInfoCache {
  /** The player's info for one of their sessions (the socket token names it). */
  get(playerId: string, sessionId: string): Promise<PlayerInfo | undefined>
  /**
   * The whole `GET /player/info` answer (the envelope around the info) as JSON bytes, made once
   * per load around the session's socket token: serialising the object per call cost about a
   * quarter of the route's time.
   */
  answer(playerId: string, sessionId: string): Promise<Buffer | undefined>
  /** Drops the copy here and on every other instance. */
  forget(playerId: string): Promise<void>
}

interface Entry {
  info: SharedPlayerInfo
  /** The answer's bytes before and after the token's JSON string. */
  answerHead: Buffer
  answerTail: Buffer
  loadedAt: number
}

/**
 * Stands for the token in the serialised answer. Note: found with its key and quotes, which a
 * player's own text cannot forge (quotes inside a JSON string are escaped).
 */
const TOKEN_SLOT = '"token":"socket-token-slot"'

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
    const info = await loadPlayerInfo(options.db, playerId, options.loadMoney)
    if (!info) {
      entries.delete(playerId)
      return undefined
    }
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value
      if (oldest !== undefined) entries.delete(oldest)
    }
    // The bytes sit beside the object and go with it: one entry, one invalidation.
    const json = JSON.stringify(ok({ ...info, token: 'socket-token-slot' }))
    const slot = json.indexOf(TOKEN_SLOT) + '"token":'.length
    const loaded = {
      info,
      answerHead: Buffer.from(json.slice(0, slot)),
      answerTail: Buffer.from(json.slice(slot + '"socket-token-slot"'.length)),
      loadedAt: Date.now(),
    }
    entries.set(playerId, loaded)
    return loaded
  }
  return {
    async get(playerId, sessionId) {
      const found = await entry(playerId)
      return found && withSocketToken(found.info, options.socketSecret, sessionId)
    },
    async answer(playerId, sessionId) {
      const found = await entry(playerId)
      if (!found) return undefined
      const token = signSocketToken(options.socketSecret, { playerId, sessionId })
      return Buffer.concat([found.answerHead, Buffer.from(JSON.stringify(token)), found.answerTail])
    },
    async forget(playerId) {
      entries.delete(playerId)
      await options.bus.publish('player.changed', { playerId })
    },
  }
}
