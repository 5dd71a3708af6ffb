// Events no module publishes yet (the prize wheel will): declared by their consumer, the socket
// layer, which forwards them.
declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /** Progress towards the next prize-wheel spin moved. */
    'wheel.progress': {
      playerId: string
      bonusId: string
      progress: { progress: number; expected: number }
    }
  }
}

export {}
