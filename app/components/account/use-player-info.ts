import { useEffect } from 'react'
import { create } from 'zustand'
import { apiFetch } from '#app/lib/api.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useUserStore, type PlayerInfo } from '#app/state/user-store.ts'

interface PlayerInfoState {
  status: 'loading' | 'ready' | 'error'
  info: PlayerInfo | null
  /** Whose info it is: another player may sign in in the same tab. */
  playerId: string | null
}

const usePlayerInfoStore = create<PlayerInfoState>()(() => ({
  status: 'loading',
  info: null,
  playerId: null,
}))

let inFlight: { playerId: string; promise: Promise<void> } | undefined
let latestRequest = 0

/**
 * Fetches `GET /player/info`; the cabinet's tabs share one copy, and the user store follows.
 * Panels that show at once share one request; after a change (`fresh`) a new one always goes out.
 */
export function reloadPlayerInfo(playerId: string, fresh = false): Promise<void> {
  if (!fresh && inFlight?.playerId === playerId) return inFlight.promise
  const request = ++latestRequest
  const promise = (async () => {
    const store = usePlayerInfoStore
    if (store.getState().playerId !== playerId) {
      store.setState({ status: 'loading', info: null, playerId })
    } else if (store.getState().status === 'error') {
      store.setState({ status: 'loading' })
    }
    try {
      const { data } = await apiFetch<{ data: PlayerInfo }>('/player/info')
      // A later request (or another player) supersedes this answer.
      if (request !== latestRequest) return
      store.setState({ status: 'ready', info: data })
      // The header and the rest of the site read the user store: keep it in step.
      useUserStore.setState((state) => ({
        user: state.user ? { ...state.user, ...data } : state.user,
      }))
    } catch (error) {
      console.warn('player info', error)
      if (request !== latestRequest) return
      // Info already on screen stays (it is only a refresh that failed); none yet is an error.
      if (store.getState().info === null) store.setState({ status: 'error' })
    } finally {
      if (request === latestRequest) inFlight = undefined
    }
  })()
  inFlight = { playerId, promise }
  return promise
}

/**
 * The signed-in player's info for the cabinet's profile tabs: loaded when a tab first shows, and
 * again (through `reload`) after every change the player makes there.
 */
export function usePlayerInfo() {
  const playerId = useRootData().player?.id ?? null
  const state = usePlayerInfoStore()
  useEffect(() => {
    if (playerId) void reloadPlayerInfo(playerId)
  }, [playerId])
  const isCurrent = state.playerId === playerId
  return {
    status: isCurrent ? state.status : ('loading' as const),
    info: isCurrent ? state.info : null,
    reload: () => (playerId ? reloadPlayerInfo(playerId, true) : Promise.resolve()),
  }
}
