declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /**
     * A player's wheel moved (committed): progress toward the next spin, spins waiting. The
     * socket forwards it as `fortuneWheelProgressUpdate` with `{ wheelId, progress,
     * player_can_spin, spins_available }`.
     */
    'wheel.progress': {
      playerId: string
      wheelId: number
      progress: { progress: number; expected: number }
      player_can_spin: boolean
      spins_available: number
    }
    /**
     * A lottery the player holds tickets in was drawn (committed); the socket forwards it as
     * `lotteryDrawn` with `{ lotteryId, won }` (whether one of the player's tickets won).
     */
    'lottery.drawn': { playerId: string; lotteryId: number; won: boolean }
    /** An operator changed wheels, lootboxes, shop items or lotteries: drop cached content. */
    'rewards.content.changed': Record<string, never>
  }
}

export {}
