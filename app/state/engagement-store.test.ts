import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  applyTriggerProgressUpdate,
  onEngagementNotification,
  liveProgress,
  liveQuestStatus,
  templateFinished,
  triggersOf,
  useEngagementStore,
} from './engagement-store.ts'
import type { Trigger } from '#server/modules/engagement/engagement.contract.ts'
import { useUserStore } from './user-store.ts'

const trigger = (id: number, progress: number, expected: number): Trigger => ({
  id,
  event: 'bet',
  unit: 'count',
  min_stake_eur: 0,
  progress: { progress, expected, is_finished: progress >= expected ? 1 : 0 },
  triggerRules: [
    {
      type: 'number_actions',
      condition_type: 'game',
      condition_value: 'dice',
      is_progress_marker: 1,
    },
  ],
})
const update = (id: number, progress: number, expected: number) => ({
  trigger: { id, progress: { progress, expected, is_finished: 0 } },
})

beforeEach(() => useEngagementStore.getState().reset())
afterEach(() => vi.restoreAllMocks())

describe('the socket’s triggerProgressUpdate', () => {
  it('moves a trigger a page has shown, and derives is_finished from progress', () => {
    useEngagementStore.getState().seed([trigger(1, 0, 3)])
    applyTriggerProgressUpdate(update(1, 2, 3))
    expect(useEngagementStore.getState().triggers[1]).toEqual({
      progress: 2,
      expected: 3,
      is_finished: 0,
    })
    // The payload's flag is not trusted: progress at expected is finished.
    applyTriggerProgressUpdate(update(1, 3, 3))
    expect(useEngagementStore.getState().triggers[1]?.is_finished).toBe(1)
  })

  it('logs “trigger not found” for a trigger no page has shown, and keeps nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    applyTriggerProgressUpdate(update(42, 1, 3))
    expect(warn).toHaveBeenCalledWith('trigger not found', 42)
    expect(useEngagementStore.getState().triggers).toEqual({})
  })

  it('ignores a malformed payload with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    useEngagementStore.getState().seed([trigger(1, 0, 3)])
    for (const payload of [
      null,
      {},
      { trigger: { id: '1' } },
      { trigger: { id: 1, progress: {} } },
    ]) {
      applyTriggerProgressUpdate(payload)
    }
    expect(warn).toHaveBeenCalledTimes(4)
    expect(useEngagementStore.getState().triggers[1]?.progress).toBe(0)
  })

  it('a page’s newer snapshot replaces what the store held; reset forgets everything', () => {
    useEngagementStore.getState().seed([trigger(1, 2, 3)])
    useEngagementStore.getState().seed([trigger(1, 0, 3), trigger(2, 5, 10)])
    useEngagementStore.getState().setCoins(12.5)
    expect(useEngagementStore.getState().triggers[1]?.progress).toBe(0)
    expect(useEngagementStore.getState().triggers[2]?.progress).toBe(5)
    useEngagementStore.getState().reset()
    expect(useEngagementStore.getState()).toMatchObject({ triggers: {}, coins: null })
  })
})

describe('status from live progress', () => {
  it('recomputes the spec’s quest status (1 not started, 0 in progress, 2 finished)', () => {
    const triggers = [trigger(1, 0, 3), trigger(2, 0, 1)]
    useEngagementStore.getState().seed(triggers)
    const status = () =>
      liveQuestStatus(liveProgress(triggers, useEngagementStore.getState().triggers))
    expect(status()).toBe(1)
    applyTriggerProgressUpdate(update(1, 1, 3))
    expect(status()).toBe(0)
    applyTriggerProgressUpdate(update(1, 3, 3))
    expect(status()).toBe(0)
    applyTriggerProgressUpdate(update(2, 1, 1))
    expect(status()).toBe(2)
    expect(liveQuestStatus([])).toBe(1)
  })

  it('a template is finished when every trigger is, and never without triggers', () => {
    const done = { progress: 3, expected: 3, is_finished: 1 as const }
    const open = { progress: 1, expected: 3, is_finished: 0 as const }
    expect(templateFinished([done, done])).toBe(true)
    expect(templateFinished([done, open])).toBe(false)
    expect(templateFinished([])).toBe(false)
  })

  it('the page’s values stand in for triggers the store does not hold', () => {
    expect(liveProgress([trigger(7, 1, 2)], {})).toEqual([
      { progress: 1, expected: 2, is_finished: 0 },
    ])
  })

  it('collects the triggers of quests and achievements for seeding', () => {
    const quest = { questTemplates: [{ questTriggers: [trigger(1, 0, 3), trigger(2, 0, 1)] }] }
    const achievement = {
      achievementTemplates: [{ achievementTriggers: [{ trigger: trigger(3, 0, 10) }] }],
    }
    expect(triggersOf([quest, achievement]).map((entry) => entry.id)).toEqual([1, 2, 3])
  })
})

describe('a reward’s notification', () => {
  /** The calls the page makes, each answered from `answers` by path. */
  function fakeFetch(answers: Record<string, unknown>) {
    const paths: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        paths.push(path)
        return Promise.resolve(new Response(JSON.stringify(answers[path] ?? {}), { status: 200 }))
      }),
    )
    return paths
  }
  afterEach(() => vi.unstubAllGlobals())

  it('quest_task_complete tracks “coins issued” and refetches the coins and the header’s level', async () => {
    useUserStore.setState({
      user: {
        id: 'p1',
        email: 'a@b.c',
        firstName: 'A',
        lastName: 'B',
        currency: 'EUR',
        level: 1,
        points: 0,
      },
    })
    useEngagementStore.getState().seed([trigger(1, 2, 3)])
    useEngagementStore.getState().setCoins(10)
    const paths = fakeFetch({
      '/en/quest/get-quests-categories': { data: { categories: [], player_coins: 15 } },
      '/player/info': {
        data: { level: 2, points: 120, levelPercent: 5, levelImageUrl: '/levels/level-2.svg' },
      },
    })
    const track = vi.fn()
    onEngagementNotification({ id: 'n1', type: 'quest_task_complete' }, { track }, 'en')
    expect(track).toHaveBeenCalledWith('coins issued', { id: 'n1', type: 'quest_task_complete' })
    await vi.waitFor(() => expect(useEngagementStore.getState().coins).toBe(15))
    await vi.waitFor(() => expect(useUserStore.getState().user?.points).toBe(120))
    expect(useUserStore.getState().user).toMatchObject({ level: 2, email: 'a@b.c' })
    expect(paths.sort()).toEqual(['/en/quest/get-quests-categories', '/player/info'])
    // The bars stay the socket’s: the refetch does not move them.
    expect(useEngagementStore.getState().triggers[1]?.progress).toBe(2)
  })

  it('level_up refetches only the level; other notifications track and fetch nothing', async () => {
    const paths = fakeFetch({ '/player/info': { data: { level: 3, points: 500 } } })
    const track = vi.fn()
    onEngagementNotification({ id: 'n2', type: 'level_up' }, { track }, 'de')
    onEngagementNotification({ id: 'n3', type: 'bonus_granted' }, { track }, 'de')
    await vi.waitFor(() => expect(paths).toEqual(['/player/info']))
    expect(track).not.toHaveBeenCalled()
  })
})
