import type { Db, Tx } from '#db/client.ts'
import type { EngagementEventKind } from '#common/engagement-rules.ts'
import { engagementEvents } from './engagement.tables.ts'

export interface EngagementEventInput {
  kind: Exclude<EngagementEventKind, 'bet'>
  /** What the event reports; the same kind and source again is the same event, recorded once. */
  sourceId: string
  playerId: string
  /** `deposit`: `{ amountEurMinor }` as a decimal string; `level_up`: `{ level }`. */
  data?: Record<string, string | number>
}

/**
 * Puts an event in the engine's inbox, in the caller's transaction, so the event exists exactly
 * when the fact it reports does. A bet needs no call: its row reports itself (migration 0014).
 * Publish `engagement.recorded` after the commit to have it applied at once.
 */
export async function recordEngagementEvent(db: Db | Tx, input: EngagementEventInput): Promise<void> {
  await db
    .insert(engagementEvents)
    .values({
      kind: input.kind,
      sourceId: input.sourceId,
      playerId: input.playerId,
      data: input.data ?? {},
    })
    .onConflictDoNothing()
}
