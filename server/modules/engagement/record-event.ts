import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import type { EngagementEventKind } from '#common/engagement-rules.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
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
export async function recordEngagementEvent(
  db: Db | Tx,
  input: EngagementEventInput,
): Promise<void> {
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

/**
 * A player signed in (or signed up, which starts their first session): one `login` event per
 * player and UTC day, so a quest of "log in on N days" counts days, not sessions. Not in the
 * session's transaction, and never thrown: the session is the fact, a sign-in must not fail for
 * its quests, and a lost event only misses a day's count (logged).
 */
export async function recordLogin(
  deps: { db: Db; bus: EventBus; log: Pick<FastifyBaseLogger, 'warn'> },
  playerId: string,
  now = new Date(),
): Promise<void> {
  try {
    await recordEngagementEvent(deps.db, {
      kind: 'login',
      sourceId: `${playerId}:${now.toISOString().slice(0, 10)}`,
      playerId,
    })
    await deps.bus.publish('engagement.recorded', { kind: 'login' })
  } catch (error) {
    deps.log.warn({ err: error, playerId }, 'sign-in not recorded for quests')
  }
}
