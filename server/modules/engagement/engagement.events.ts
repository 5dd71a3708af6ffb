import type { EngagementEventKind } from '#common/engagement-rules.ts'
import type { TriggerProgressUpdate } from './engagement.contract.ts'

declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /**
     * A player's quest or achievement trigger moved (committed); the socket forwards it as
     * `triggerProgressUpdate` with `{ trigger: { id, progress } }`.
     */
    'trigger.progress': { playerId: string; trigger: TriggerProgressUpdate }
    /**
     * An engagement event was written to the engine's inbox (committed) by another path than a
     * bet (whose `bet.settled` wakes the engine already): the engine drains the inbox now rather
     * than at its next poll.
     */
    'engagement.recorded': { kind: EngagementEventKind }
    /** An operator changed quests, achievements or their categories: drop cached content. */
    'engagement.content.changed': Record<string, never>
    /** An operator changed the loyalty levels or VIP tiers: drop cached tables. */
    'loyalty.levels.changed': Record<string, never>
  }
}

export {}
