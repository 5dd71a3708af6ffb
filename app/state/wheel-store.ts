import { useEffect } from 'react'
import { create } from 'zustand'
import type { Wheel } from '#server/modules/rewards/rewards.contract.ts'

/** What moves on a wheel between page loads: the bar toward the next spin and the spins waiting. */
export type WheelLive = Pick<Wheel, 'progress' | 'player_can_spin' | 'spins_available'>

/**
 * The wheel page's live side: each wheel's progress as the page brought it and as the socket's
 * `fortuneWheelProgressUpdate` (or a spin's answer) moved it since.
 */
export interface WheelState {
  wheels: Record<number, WheelLive>
  set(wheelId: number, live: WheelLive): void
  reset(): void
}

export const useWheelStore = create<WheelState>()((set) => ({
  wheels: {},
  set: (wheelId, live) => set((state) => ({ wheels: { ...state.wheels, [wheelId]: live } })),
  reset: () => set({ wheels: {} }),
}))

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

/**
 * The socket's `fortuneWheelProgressUpdate` (`{ wheelId, progress: { progress, expected },
 * player_can_spin, spins_available }`), held by the wheel's id; a malformed one is only logged.
 */
export function applyWheelProgressUpdate(payload: unknown): void {
  const update = payload as Partial<WheelLive & { wheelId: unknown }> | null
  const progress = update?.progress as Partial<WheelLive['progress']> | undefined
  if (
    !isNumber(update?.wheelId) ||
    !isNumber(progress?.progress) ||
    !isNumber(progress.expected) ||
    typeof update.player_can_spin !== 'boolean' ||
    !isNumber(update.spins_available)
  ) {
    console.warn('wheel update malformed', payload)
    return
  }
  useWheelStore.getState().set(update.wheelId, {
    progress: { progress: progress.progress, expected: progress.expected },
    player_can_spin: update.player_can_spin,
    spins_available: update.spins_available,
  })
}

/**
 * Hands the page's snapshot to the store once on screen and after each revalidation (a
 * revalidation's answer is newer than any update the socket sent before it).
 */
export function useSeedWheel(wheel: Wheel | null) {
  useEffect(() => {
    if (!wheel || wheel.seed === null) return
    useWheelStore.getState().set(wheel.id, {
      progress: wheel.progress,
      player_can_spin: wheel.player_can_spin,
      spins_available: wheel.spins_available,
    })
  }, [wheel])
}

/** The wheel with its live progress: the store's once seeded, the page's until then. */
export function useLiveWheel(wheel: Wheel): Wheel {
  const live = useWheelStore((state) => state.wheels[wheel.id])
  return live ? { ...wheel, ...live } : wheel
}
