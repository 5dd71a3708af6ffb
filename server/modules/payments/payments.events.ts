declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /** A deposit was credited to a player's account. */
    'deposit.completed': {
      playerId: string
      depositId: string
      currency: string
      amountMinor: string
    }
  }
}

export {}
