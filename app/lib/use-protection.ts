import { useCallback, useEffect } from 'react'
import { useRootData } from '#app/lib/use-root-data.ts'
import {
  loadProtection,
  sendProtection,
  setProtection,
  useProtectionStore,
  type ProtectionState,
} from '#app/state/protection-store.ts'

export type { ProtectionState }

/**
 * The signed-in player's protection state, loaded when a part that shows it first renders:
 * `status` (loading until the first answer, error when none came), `protection` (null for a
 * visitor or until loaded), `reload()` to ask again, `replace(state)` with the state a
 * protection call answered, and `send(path, call)` to make such a call.
 */
export function useProtection() {
  const playerId = useRootData().player?.id ?? null
  const store = useProtectionStore()
  useEffect(() => {
    if (playerId) void loadProtection(playerId)
  }, [playerId])
  const reload = useCallback(
    () => (playerId ? loadProtection(playerId, true) : Promise.resolve()),
    [playerId],
  )
  const replace = useCallback(
    (state: ProtectionState) => {
      if (playerId) setProtection(playerId, state)
    },
    [playerId],
  )
  const send = useCallback(
    (path: Parameters<typeof sendProtection>[1], call: Parameters<typeof sendProtection>[2]) =>
      playerId
        ? sendProtection(playerId, path, call)
        : Promise.reject(new Error('No player is signed in')),
    [playerId],
  )
  const isCurrent = playerId !== null && store.playerId === playerId
  return {
    status: isCurrent ? store.status : ('loading' as const),
    protection: isCurrent ? store.state : null,
    reload,
    replace,
    send,
  }
}
