import { create } from 'zustand'
import { apiFetch } from '#app/lib/api.ts'
import type { ProtectionState } from '#server/modules/limits/protection.contract.ts'

export type { ProtectionState }

/**
 * The signed-in player's protection state (`GET /player/protection`): breaks, the reality check,
 * the play-time limit and whether the deposit-limit prompt was answered. One copy for the cabinet,
 * the deposit dialog and the dashboard; every protection call answers the new state, which
 * replaces it here.
 */
export interface ProtectionStore {
  status: 'loading' | 'ready' | 'error'
  state: ProtectionState | null
  /**
   * This browser's clock when `state` arrived: with its `server_time`, how far the browser's clock
   * is off the server's, whose clock every due time is on.
   */
  receivedAtMs: number
  /** Whose state it is: another player may sign in in the same tab. */
  playerId: string | null
}

export const useProtectionStore = create<ProtectionStore>()(() => ({
  status: 'loading',
  state: null,
  receivedAtMs: 0,
  playerId: null,
}))

let inFlight: { playerId: string; promise: Promise<void> } | undefined
let latestRequest = 0

/**
 * Fetches the player's state once for every part that shows at the same time; `fresh` always asks
 * again (after a refusal that names a bar, the state on screen may be out of date).
 */
export function loadProtection(playerId: string, fresh = false): Promise<void> {
  if (!fresh && inFlight?.playerId === playerId) return inFlight.promise
  const request = ++latestRequest
  const promise = (async () => {
    const store = useProtectionStore
    if (store.getState().playerId !== playerId) {
      store.setState({ status: 'loading', state: null, playerId })
    } else if (store.getState().status === 'error') {
      store.setState({ status: 'loading' })
    }
    try {
      const { data } = await apiFetch<{ data: ProtectionState }>('/player/protection')
      if (request !== latestRequest) return
      store.setState({ status: 'ready', state: data, receivedAtMs: Date.now(), playerId })
    } catch (error) {
      console.warn('player protection', error)
      if (request !== latestRequest) return
      // A state already on screen stays (only a refresh failed); none yet is an error.
      if (store.getState().state === null) store.setState({ status: 'error' })
    } finally {
      if (request === latestRequest) inFlight = undefined
    }
  })()
  inFlight = { playerId, promise }
  return promise
}

/** The state a protection call answered; it supersedes any read still on its way. */
export function setProtection(playerId: string, state: ProtectionState): void {
  latestRequest += 1
  inFlight = undefined
  useProtectionStore.setState({ status: 'ready', state, receivedAtMs: Date.now(), playerId })
}

/**
 * A protection call that answers the new state (`/player/protection/<path>`): the state on screen
 * becomes the answer. Throws the server's ApiError (its message already in the player's language).
 */
export async function sendProtection(
  playerId: string,
  path:
    'break' | 'lapse' | 'reality-check' | 'reality-check/continue' | 'play-time' | 'limit-prompt',
  call: { method: 'POST' | 'PUT'; body?: unknown },
): Promise<ProtectionState> {
  const { data } = await apiFetch<{ data: ProtectionState }>(`/player/protection/${path}`, call)
  setProtection(playerId, data)
  return data
}
