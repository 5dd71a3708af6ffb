declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /**
     * A bet was settled: amounts in minor units of its currency and, for loyalty, quests and
     * tournaments that compare players across currencies, in euro cents at the current rate; all
     * as strings. `multiplier`: the payout over the stake, as decimal text ("1.98").
     */
    'bet.settled': {
      playerId: string
      betId: string
      gameId: string
      currency: string
      stakeMinor: string
      payoutMinor: string
      stakeEurMinor: string
      payoutEurMinor: string
      multiplier: string
    }
  }
}

export {}
