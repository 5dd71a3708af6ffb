import { and, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { QuestRepeat, TriggerDefinition } from '#common/engagement-rules.ts'
import type { EngagementEventKind } from '#common/engagement-rules.ts'
import type { LocalizedTexts, QuestKind } from '../engagement.tables.ts'
import {
  engagementTriggers,
  questCategories,
  questTemplates,
  quests,
} from '../engagement.tables.ts'

/** A trigger of an enabled quest or achievement, with what the engine needs of its task and quest. */
export interface LiveTrigger extends TriggerDefinition {
  id: number
  templateId: number
  rewardCoinsMinor: bigint
  templateTexts: LocalizedTexts<'title'>
  questId: number
  questKind: QuestKind
  questTexts: LocalizedTexts<'title' | 'text' | 'imageAlt'>
  repeat: QuestRepeat
  startsAt: Date | null
  endsAt: Date | null
  /** `eur` when progress is euro cents (accumulating stakes or deposits), else `count`. */
  unit: 'count' | 'eur'
}

export interface EngagementContent {
  byEvent: ReadonlyMap<EngagementEventKind, readonly LiveTrigger[]>
  byId: ReadonlyMap<number, LiveTrigger>
  /** Every trigger of a template (a task is done when all of them are). */
  triggersOfTemplate: ReadonlyMap<number, readonly number[]>
}

/** Whether a trigger's progress is money (euro cents) rather than a count. */
export function unitOf(trigger: Pick<TriggerDefinition, 'event' | 'rules'>): 'count' | 'eur' {
  if (trigger.event !== 'bet' && trigger.event !== 'deposit') return 'count'
  const marker = trigger.rules.find((rule) => rule.is_progress_marker === 1) ?? trigger.rules[0]
  return marker?.type === 'accumulate' ? 'eur' : 'count'
}

/**
 * Read on every drain, changed by an operator now and then: kept for a short while per database
 * handle and dropped at once on `engagement.content.changed` (every instance hears it).
 */
const CONTENT_CACHE_MS = 10_000
const contentCache = new WeakMap<Db, { value: Promise<EngagementContent>; readAtMs: number }>()

export function forgetEngagementContent(db: Db): void {
  contentCache.delete(db)
}

async function readContent(db: Db): Promise<EngagementContent> {
  const rows = await db
    .select({
      id: engagementTriggers.id,
      event: engagementTriggers.event,
      rules: engagementTriggers.rules,
      expected: engagementTriggers.expected,
      minStakeEurMinor: engagementTriggers.minStakeEurMinor,
      templateId: questTemplates.id,
      rewardCoinsMinor: questTemplates.rewardCoinsMinor,
      templateTexts: questTemplates.texts,
      questId: quests.id,
      questKind: quests.kind,
      questTexts: quests.texts,
      repeat: quests.repeat,
      startsAt: quests.startsAt,
      endsAt: quests.endsAt,
    })
    .from(engagementTriggers)
    .innerJoin(questTemplates, eq(questTemplates.id, engagementTriggers.templateId))
    .innerJoin(quests, eq(quests.id, questTemplates.questId))
    .innerJoin(questCategories, eq(questCategories.id, quests.categoryId))
    .where(and(eq(quests.isEnabled, true), eq(questCategories.isEnabled, true)))
  const byEvent = new Map<EngagementEventKind, LiveTrigger[]>()
  const byId = new Map<number, LiveTrigger>()
  const triggersOfTemplate = new Map<number, number[]>()
  for (const row of rows) {
    const trigger: LiveTrigger = { ...row, unit: unitOf(row) }
    byId.set(trigger.id, trigger)
    byEvent.set(trigger.event, [...(byEvent.get(trigger.event) ?? []), trigger])
    triggersOfTemplate.set(trigger.templateId, [
      ...(triggersOfTemplate.get(trigger.templateId) ?? []),
      trigger.id,
    ])
  }
  return { byEvent, byId, triggersOfTemplate }
}

export function loadEngagementContent(db: Db): Promise<EngagementContent> {
  const cached = contentCache.get(db)
  if (cached && Date.now() - cached.readAtMs < CONTENT_CACHE_MS) return cached.value
  const value = readContent(db)
  value.catch(() => contentCache.delete(db))
  contentCache.set(db, { value, readAtMs: Date.now() })
  return value
}

/** Whether an event at `at` falls in the quest's window (an achievement has none). */
export const inWindow = (trigger: Pick<LiveTrigger, 'startsAt' | 'endsAt'>, at: Date): boolean =>
  (trigger.startsAt === null || at >= trigger.startsAt) &&
  (trigger.endsAt === null || at < trigger.endsAt)
