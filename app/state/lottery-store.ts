import { create } from 'zustand'

/**
 * The socket's `lotteryDrawn` (`{ lotteryId, won }`, sent to each player holding tickets), kept as
 * the last one heard: the lottery page reloads its data when it changes.
 */
export interface LotteryState {
  lastDrawn: { lotteryId: number; at: number } | null
  drawn(payload: unknown): void
}

export const useLotteryStore = create<LotteryState>()((set) => ({
  lastDrawn: null,
  drawn: (payload) => {
    const lotteryId = (payload as { lotteryId?: unknown } | null)?.lotteryId
    if (typeof lotteryId !== 'number') {
      console.warn('lottery update malformed', payload)
      return
    }
    set({ lastDrawn: { lotteryId, at: Date.now() } })
  },
}))
