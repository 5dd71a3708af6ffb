import { create } from 'zustand'
import { apiFetch } from '#app/lib/api.ts'
import type { CatalogueGame } from '#server/modules/catalogue/catalogue.contract.ts'
import { useUserStore } from './user-store.ts'

/**
 * Where the signed-in player's recently played list stands. The list itself lives in the user
 * store (kept in session storage so a reload shows it at once); this only says whether
 * it is being fetched or the last fetch failed, which is not worth persisting.
 */
export type RecentlyPlayedStatus = 'idle' | 'loading' | 'ready' | 'error'

export const useRecentlyPlayedStatus = create<{ status: RecentlyPlayedStatus }>()(() => ({
  status: 'idle',
}))

let inFlight: Promise<void> | undefined

/**
 * Fetches the list again. The side menu and the phone's drawer both ask on the same navigation,
 * so calls made while one is running share it.
 */
export function loadRecentlyPlayed(): Promise<void> {
  inFlight ??= (async () => {
    useRecentlyPlayedStatus.setState({ status: 'loading' })
    try {
      const { data } = await apiFetch<{ data: { games: CatalogueGame[] } }>(
        '/player/get-recently-played-games',
      )
      useUserStore.setState({ recentlyPlayedGames: data.games })
      useRecentlyPlayedStatus.setState({ status: 'ready' })
    } catch (error) {
      console.warn('recently played', error)
      useRecentlyPlayedStatus.setState({ status: 'error' })
    } finally {
      inFlight = undefined
    }
  })()
  return inFlight
}
