// Events no module publishes yet (quests, achievements and the prize wheel will): declared by
// their consumer, the socket layer, which forwards them.
declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /** A quest or achievement trigger moved. */
    'trigger.progress': {
      playerId: string
      trigger: { id: string; progress: { progress: number; expected: number; is_finished: 0 | 1 } }
    }
    /** Progress towards the next prize-wheel spin moved. */
    'wheel.progress': {
      playerId: string
      bonusId: string
      progress: { progress: number; expected: number }
    }
  }
}

export {}
