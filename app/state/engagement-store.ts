import { useEffect } from 'react'
import { create } from 'zustand'
import { apiFetch } from '#app/lib/api.ts'
import type { Analytics } from '#app/lib/analytics.ts'
import { useUserStore, type PlayerInfo } from './user-store.ts'
import { isFinished, questStatus, type QuestStatus } from '#common/engagement-rules.ts'
import type { Trigger, TriggerProgress } from '#server/modules/engagement/engagement.contract.ts'

/**
 * The live side of the quests and achievements pages: each trigger's progress by id, as the
 * page's data brought it and as the socket's `triggerProgressUpdate` moves it since, and the
 * player's coins. Pages render from here, falling back to their loader's data (the server's
 * render, before anything is seeded).
 */
export interface EngagementState {
  triggers: Record<number, TriggerProgress>
  /** The signed-in player's coins as last fetched; null until a page brought them. */
  coins: number | null
  /** Takes a page's snapshot of its triggers (newer than anything held for them). */
  seed(triggers: readonly { id: number; progress: TriggerProgress }[]): void
  setCoins(coins: number | null): void
  reset(): void
}

export const useEngagementStore = create<EngagementState>()((set) => ({
  triggers: {},
  coins: null,
  seed: (triggers) =>
    set((state) => {
      const next = { ...state.triggers }
      for (const trigger of triggers) next[trigger.id] = trigger.progress
      return { triggers: next }
    }),
  setCoins: (coins) => set({ coins }),
  reset: () => set({ triggers: {}, coins: null }),
}))

/**
 * The socket's `triggerProgressUpdate` (`{ trigger: { id, progress } }`): moves a known trigger's
 * bar. A trigger no page has shown is not held: the spec logs 'trigger not found'.
 */
export function applyTriggerProgressUpdate(payload: unknown): void {
  const trigger = (payload as { trigger?: { id?: unknown; progress?: unknown } } | null)?.trigger
  const id = trigger?.id
  const progress = trigger?.progress as Partial<TriggerProgress> | undefined
  if (
    typeof id !== 'number' ||
    typeof progress?.progress !== 'number' ||
    typeof progress.expected !== 'number'
  ) {
    console.warn('trigger update malformed', payload)
    return
  }
  const state = useEngagementStore.getState()
  if (!(id in state.triggers)) {
    console.warn('trigger not found', id)
    return
  }
  useEngagementStore.setState({
    triggers: {
      ...state.triggers,
      [id]: {
        progress: progress.progress,
        expected: progress.expected,
        // The spec's rule, whatever the payload says: finished once progress reaches expected.
        is_finished: isFinished(progress.progress, progress.expected),
      },
    },
  })
}

/** A trigger's progress now: the live value when the store holds one, else the page's. */
export function useTriggerProgress(trigger: { id: number; progress: TriggerProgress }) {
  return useEngagementStore((state) => state.triggers[trigger.id]) ?? trigger.progress
}

/** Live progress of a set of triggers, in their order. */
export function liveProgress(
  triggers: readonly { id: number; progress: TriggerProgress }[],
  held: Record<number, TriggerProgress>,
): TriggerProgress[] {
  return triggers.map((trigger) => held[trigger.id] ?? trigger.progress)
}

/** A template (a quest's task, an achievement's tier) is done when all its triggers are. */
export function templateFinished(progress: readonly TriggerProgress[]): boolean {
  return progress.length > 0 && progress.every((entry) => entry.is_finished === 1)
}

/** The spec's quest status recomputed from live progress (0 in progress, 1 not started, 2 done). */
export function liveQuestStatus(progress: readonly TriggerProgress[]): QuestStatus {
  return questStatus(progress)
}

/** Every trigger of a page's quests or achievements, for seeding the store. */
export function triggersOf(
  items: readonly {
    questTemplates?: readonly { questTriggers: readonly Trigger[] }[]
    achievementTemplates?: readonly { achievementTriggers: readonly { trigger: Trigger }[] }[]
  }[],
): Trigger[] {
  return items.flatMap((item) => [
    ...(item.questTemplates ?? []).flatMap((template) => template.questTriggers),
    ...(item.achievementTemplates ?? []).flatMap((template) =>
      template.achievementTriggers.map((entry) => entry.trigger),
    ),
  ])
}

/**
 * Hands a page's snapshot to the store once it is on screen (and again after each revalidation):
 * from then on the socket's updates move its bars. The coins too, when the page brought them.
 */
export function useSeedEngagement(triggers: readonly Trigger[], coins: number | null | undefined) {
  useEffect(() => {
    useEngagementStore.getState().seed(triggers)
    if (coins !== undefined) useEngagementStore.getState().setCoins(coins)
  }, [triggers, coins])
}

/** The player's coins: the store's (refetched after a reward) once a page seeded them. */
export function useCoins(fromPage: number | null): number | null {
  const held = useEngagementStore((state) => state.coins)
  return fromPage === null ? null : (held ?? fromPage)
}

/**
 * After a reward (`quest_task_complete`): the player's coins again from the server, so the pages
 * show the coins just paid. Only the coins: the bars are the socket's, and an answer computed
 * before the latest update would move a bar back. Failures are only logged.
 */
export async function refreshEngagement(locale: string): Promise<void> {
  try {
    const { data } = await apiFetch<{ data: { player_coins: number | null } }>(
      `/${locale}/quest/get-quests-categories`,
    )
    useEngagementStore.getState().setCoins(data.player_coins)
  } catch (error) {
    console.warn('engagement refresh', error)
  }
}

/**
 * The header's level and points again from player info (after a reward or a level-up): only those
 * fields, so nothing else the page holds is touched. Failures are only logged.
 */
export async function refreshPlayerLevel(): Promise<void> {
  try {
    const { data } = await apiFetch<{ data: PlayerInfo }>('/player/info')
    useUserStore.setState((state) => ({
      user: state.user
        ? {
            ...state.user,
            level: data.level,
            levelPercent: data.levelPercent,
            points: data.points,
            levelImageUrl: data.levelImageUrl,
            nextLevelPoints: data.nextLevelPoints,
            currentLevelPoints: data.currentLevelPoints,
          }
        : state.user,
    }))
  } catch (error) {
    console.warn('player level refresh', error)
  }
}

/**
 * What a notification means for the engagement pages: `quest_task_complete` (a task or tier done,
 * its coins paid) tracks "coins issued" and refetches the coins and the header's level and points;
 * `level_up` refetches the level. The toast itself is the generic one.
 */
export function onEngagementNotification(
  notification: { id: string; type: string },
  analytics: Pick<Analytics, 'track'>,
  locale: string,
): void {
  if (notification.type === 'quest_task_complete') {
    analytics.track('coins issued', { id: notification.id, type: notification.type })
    void refreshEngagement(locale)
    void refreshPlayerLevel()
  } else if (notification.type === 'level_up') {
    void refreshPlayerLevel()
  }
}
