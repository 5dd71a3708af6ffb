import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  coinsOfMinor,
  isFinished,
  periodKey,
  questStatus,
  truncateDown,
  type QuestRepeat,
  type TriggerRule,
} from '#common/engagement-rules.ts'
import type { LocalePrefix } from '#common/locales.ts'
import type { Db, Tx } from '#db/client.ts'
import { accountBalance, COIN } from '#server/modules/ledger/index.ts'
import type {
  Achievement,
  AchievementCategoriesResponseSchema,
  Quest,
  QuestCategoriesResponseSchema,
  Trigger,
} from './engagement.contract.ts'
import {
  engagementTriggers,
  playerLoyalty,
  questCategories,
  questTemplates,
  quests,
  triggerProgress,
  type QuestKind,
} from './engagement.tables.ts'
import {
  loadLoyaltyTables,
  multipliedCoins,
  tierOfLevel,
  type VipTierRow,
} from './loyalty-tables.ts'
import type { z } from 'zod'

type CategoryRow = typeof questCategories.$inferSelect
type QuestRow = typeof quests.$inferSelect
type TemplateRow = typeof questTemplates.$inferSelect
type TriggerRow = typeof engagementTriggers.$inferSelect

/** One kind's enabled content, as the operator wrote it (no player's progress in it). */
export interface QuestContent {
  categories: (CategoryRow & {
    quests: (QuestRow & { templates: (TemplateRow & { triggers: TriggerRow[] })[] })[]
  })[]
}

/**
 * The content changes a few times a month and is read on every quests page: kept for half a
 * minute per database handle and kind, dropped at once on `engagement.content.changed` (every
 * instance's plugin forgets its copy when any instance's operator call publishes it).
 */
const CONTENT_CACHE_MS = 30_000
const cache = new WeakMap<
  Db | Tx,
  Map<QuestKind, { value: Promise<QuestContent>; readAtMs: number }>
>()

export function forgetQuestContent(db: Db | Tx): void {
  cache.delete(db)
}

/** Four queries whatever the number of quests: categories, quests, templates, triggers. */
async function readContent(db: Db | Tx, kind: QuestKind): Promise<QuestContent> {
  const categoryRows = await db
    .select()
    .from(questCategories)
    .where(and(eq(questCategories.kind, kind), eq(questCategories.isEnabled, true)))
    .orderBy(asc(questCategories.sort), asc(questCategories.id))
  const questRows = await db
    .select()
    .from(quests)
    .where(and(eq(quests.kind, kind), eq(quests.isEnabled, true)))
    .orderBy(asc(quests.sort), asc(quests.id))
  const questIds = questRows.map((row) => row.id)
  const templateRows =
    questIds.length === 0
      ? []
      : await db
          .select()
          .from(questTemplates)
          .where(inArray(questTemplates.questId, questIds))
          .orderBy(asc(questTemplates.sort), asc(questTemplates.id))
  const templateIds = templateRows.map((row) => row.id)
  const triggerRows =
    templateIds.length === 0
      ? []
      : await db
          .select()
          .from(engagementTriggers)
          .where(inArray(engagementTriggers.templateId, templateIds))
          .orderBy(asc(engagementTriggers.id))
  return {
    categories: categoryRows.map((category) => ({
      ...category,
      quests: questRows
        .filter((quest) => quest.categoryId === category.id)
        .map((quest) => ({
          ...quest,
          templates: templateRows
            .filter((template) => template.questId === quest.id)
            .map((template) => ({
              ...template,
              triggers: triggerRows.filter((trigger) => trigger.templateId === template.id),
            })),
        })),
    })),
  }
}

export function loadQuestContent(db: Db | Tx, kind: QuestKind): Promise<QuestContent> {
  let byKind = cache.get(db)
  if (!byKind) {
    byKind = new Map()
    cache.set(db, byKind)
  }
  const cached = byKind.get(kind)
  if (cached && Date.now() - cached.readAtMs < CONTENT_CACHE_MS) return cached.value
  const value = readContent(db, kind)
  value.catch(() => byKind.delete(kind))
  byKind.set(kind, { value, readAtMs: Date.now() })
  return value
}

/** Whether a trigger counts euros (an accumulating marker on stakes or deposits) or events. */
export function unitOf(trigger: { event: string; rules: readonly TriggerRule[] }): 'eur' | 'count' {
  const marker = trigger.rules.find((rule) => rule.is_progress_marker === 1) ?? trigger.rules[0]
  return marker?.type === 'accumulate' && (trigger.event === 'bet' || trigger.event === 'deposit')
    ? 'eur'
    : 'count'
}

/** A trigger's stored progress and goal in display units: euros (2 dp, truncated) or a count. */
export function displayProgress(
  trigger: { event: string; rules: readonly TriggerRule[]; expected: bigint },
  progress: bigint,
): Trigger['progress'] {
  const capped = progress > trigger.expected ? trigger.expected : progress
  const toUnit = (value: bigint) =>
    unitOf(trigger) === 'eur' ? truncateDown(Number(value) / 100, 2) : Number(value)
  return {
    progress: toUnit(capped < 0n ? 0n : capped),
    expected: toUnit(trigger.expected),
    is_finished: isFinished(Number(progress), Number(trigger.expected)),
  }
}

/** When the current period of a repeating quest ends (next UTC midnight, next Monday 00:00 UTC). */
export function periodEndsAt(repeat: QuestRepeat, now: Date): Date | null {
  if (repeat === 'none') return null
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  if (repeat === 'weekly') {
    // Days from tomorrow to the next Monday (0 when tomorrow is Monday).
    end.setUTCDate(end.getUTCDate() + ((8 - end.getUTCDay()) % 7))
  }
  return end
}

/** A running quest: enabled and within its window (an open end never closes). */
export const isRunning = (quest: Pick<QuestRow, 'startsAt' | 'endsAt'>, now: Date): boolean =>
  (!quest.startsAt || quest.startsAt <= now) && (!quest.endsAt || now < quest.endsAt)

/** What the views need of the viewer: the progress rows and the coin multiplier; none for a visitor. */
interface Viewer {
  progress: Map<string, { progress: bigint; finishedAt: Date | null }>
  tier: VipTierRow | undefined
  coinsMinor: bigint | null
}

const progressKey = (triggerId: number, period: string) => `${String(triggerId)}:${period}`

async function loadViewer(
  db: Db | Tx,
  playerId: string | undefined,
  triggerIds: number[],
  now: Date,
): Promise<Viewer> {
  if (!playerId) return { progress: new Map(), tier: undefined, coinsMinor: null }
  const periods = [periodKey('none', now), periodKey('daily', now), periodKey('weekly', now)]
  const [rows, [loyalty], tables, coinsMinor] = await Promise.all([
    triggerIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            triggerId: triggerProgress.triggerId,
            periodKey: triggerProgress.periodKey,
            progress: triggerProgress.progress,
            finishedAt: triggerProgress.finishedAt,
          })
          .from(triggerProgress)
          .where(
            and(
              eq(triggerProgress.playerId, playerId),
              inArray(triggerProgress.triggerId, triggerIds),
              inArray(triggerProgress.periodKey, periods),
            ),
          ),
    db
      .select({ level: playerLoyalty.level })
      .from(playerLoyalty)
      .where(eq(playerLoyalty.playerId, playerId)),
    loadLoyaltyTables(db),
    accountBalance(db, { playerId, kind: 'cash', currency: COIN }),
  ])
  return {
    progress: new Map(rows.map((row) => [progressKey(row.triggerId, row.periodKey), row])),
    tier: tierOfLevel(tables.tiers, loyalty?.level ?? 1),
    coinsMinor,
  }
}

const textIn = <F extends string>(
  texts: Partial<Record<string, Record<F, string>>>,
  lang: LocalePrefix,
): Record<F, string> | undefined => texts[lang] ?? texts.en

type TemplateContent = QuestContent['categories'][number]['quests'][number]['templates'][number]

const allFinished = (triggers: readonly Trigger[]): 0 | 1 =>
  triggers.length > 0 && triggers.every((t) => t.progress.is_finished === 1) ? 1 : 0

function templateView(
  template: TemplateContent,
  lang: LocalePrefix,
  period: string,
  viewer: Viewer,
) {
  const triggers = template.triggers.map((trigger): Trigger & { finishedAt: Date | null } => {
    const stored = viewer.progress.get(progressKey(trigger.id, period))
    return {
      id: trigger.id,
      event: trigger.event,
      unit: unitOf(trigger),
      min_stake_eur: Number(trigger.minStakeEurMinor) / 100,
      progress: displayProgress(trigger, stored?.progress ?? 0n),
      triggerRules: trigger.rules,
      finishedAt: stored?.finishedAt ?? null,
    }
  })
  const rewardMinor = multipliedCoins(template.rewardCoinsMinor, viewer.tier)
  return {
    id: template.id,
    title: textIn(template.texts, lang)?.title ?? '',
    rewardMinor,
    is_finished: allFinished(triggers),
    triggers,
  }
}

const stripFinishedAt = ({ finishedAt: _, ...trigger }: Trigger & { finishedAt: Date | null }) =>
  trigger

type QuestCategoriesData = z.infer<typeof QuestCategoriesResponseSchema>['data']
type AchievementCategoriesData = z.infer<typeof AchievementCategoriesResponseSchema>['data']

const triggerIdsOf = (content: QuestContent) =>
  content.categories.flatMap((category) =>
    category.quests.flatMap((quest) =>
      quest.templates.flatMap((template) => template.triggers.map((trigger) => trigger.id)),
    ),
  )

/**
 * The quests page: running quests of enabled categories in the operator's order, with the
 * viewer's progress for each quest's current period (a visitor's is 0 everywhere).
 */
export async function questCategoriesView(
  db: Db,
  lang: LocalePrefix,
  playerId: string | undefined,
  now = new Date(),
): Promise<QuestCategoriesData> {
  const content = await loadQuestContent(db, 'quest')
  const running = content.categories.map((category) => ({
    ...category,
    quests: category.quests.filter((quest) => isRunning(quest, now)),
  }))
  const viewer = await loadViewer(db, playerId, triggerIdsOf({ categories: running }), now)
  return {
    categories: running.map((category) => ({
      id: category.id,
      slug: category.slug,
      title: textIn(category.texts, lang)?.title ?? '',
      quests: category.quests.map((quest): Quest => {
        const period = periodKey(quest.repeat, now)
        const templates = quest.templates.map((template) =>
          templateView(template, lang, period, viewer),
        )
        const texts = textIn(quest.texts, lang)
        return {
          id: quest.id,
          slug: quest.slug,
          title: texts?.title ?? '',
          coins: coinsOfMinor(templates.reduce((sum, t) => sum + t.rewardMinor, 0n)),
          content: {
            image_cdn_url: quest.imageUrl,
            image_alt_text: texts?.imageAlt ?? '',
            text: texts?.text ?? '',
          },
          status: questStatus(templates.flatMap((t) => t.triggers.map((tr) => tr.progress))),
          repeat: quest.repeat,
          starts_at: quest.startsAt?.toISOString() ?? null,
          ends_at: quest.endsAt?.toISOString() ?? null,
          period_ends_at: periodEndsAt(quest.repeat, now)?.toISOString() ?? null,
          questTemplates: templates.map((template) => ({
            id: template.id,
            title: template.title,
            reward_amount_coins: coinsOfMinor(template.rewardMinor),
            is_finished: template.is_finished,
            questTriggers: template.triggers.map(stripFinishedAt),
          })),
        }
      }),
    })),
    player_coins: viewer.coinsMinor === null ? null : coinsOfMinor(viewer.coinsMinor),
  }
}

/** The achievements page: every enabled achievement (they have no window), tiers in order. */
export async function achievementCategoriesView(
  db: Db,
  lang: LocalePrefix,
  playerId: string | undefined,
  now = new Date(),
): Promise<AchievementCategoriesData> {
  const content = await loadQuestContent(db, 'achievement')
  const viewer = await loadViewer(db, playerId, triggerIdsOf(content), now)
  return {
    categories: content.categories.map((category) => ({
      id: category.id,
      slug: category.slug,
      title: textIn(category.texts, lang)?.title ?? '',
      achievements: category.quests.map((achievement): Achievement => {
        const templates = achievement.templates.map((template) =>
          templateView(template, lang, '', viewer),
        )
        const texts = textIn(achievement.texts, lang)
        const allTriggers = templates.flatMap((t) => t.triggers)
        const earned = templates.length > 0 && templates.every((t) => t.is_finished === 1)
        const finishedTimes = allTriggers.flatMap((t) =>
          t.finishedAt ? [t.finishedAt.getTime()] : [],
        )
        return {
          id: achievement.id,
          slug: achievement.slug,
          title: texts?.title ?? '',
          coins: coinsOfMinor(templates.reduce((sum, t) => sum + t.rewardMinor, 0n)),
          content: {
            image_cdn_url: achievement.imageUrl,
            image_alt_text: texts?.imageAlt ?? '',
            text: texts?.text ?? '',
          },
          status: questStatus(allTriggers.map((t) => t.progress)),
          earned_at:
            earned && finishedTimes.length > 0
              ? new Date(Math.max(...finishedTimes)).toISOString()
              : null,
          achievementTemplates: templates.map((template) => ({
            id: template.id,
            title: template.title,
            reward_amount_coins: coinsOfMinor(template.rewardMinor),
            is_finished: template.is_finished,
            achievementTriggers: template.triggers.map((trigger) => ({
              trigger_id: trigger.id,
              trigger: stripFinishedAt(trigger),
            })),
          })),
        }
      }),
    })),
    player_coins: viewer.coinsMinor === null ? null : coinsOfMinor(viewer.coinsMinor),
  }
}
