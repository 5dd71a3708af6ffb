declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /**
     * A player's balance in one currency changed (committed): minor units as strings. The header
     * shows the new figure at once (`balanceUpdate` on the socket).
     */
    'wallet.changed': {
      playerId: string
      currency_id: string
      cents: string
      bonus_cents: string
      held_cents: string
    }
  }
}

export {}
