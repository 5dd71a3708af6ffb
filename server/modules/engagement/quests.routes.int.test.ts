import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { periodKey } from '#common/engagement-rules.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { DICE_WARM_UP } from '#db/seed/engagement.ts'
import { accountBalance, COIN, openAccounts, postTransfer } from '#server/modules/ledger/index.ts'
import type { Achievement, Quest } from './engagement.contract.ts'
import {
  engagementTriggers,
  playerLoyalty,
  questTemplates,
  quests,
  triggerProgress,
} from './engagement.tables.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

interface QuestsAnswer {
  data: {
    categories: { id: number; slug: string; title: string; quests: Quest[] }[]
    player_coins: number | null
  }
}
interface AchievementsAnswer {
  data: {
    categories: { id: number; slug: string; title: string; achievements: Achievement[] }[]
    player_coins: number | null
  }
}

const get = (url: string, client?: SignedInClient) =>
  t.app.inject({ method: 'GET', url, headers: client?.headers ?? API_HEADERS })

const questsOf = async (lang: string, client?: SignedInClient) => {
  const response = await get(`/${lang}/quest/get-quests-categories`, client)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<QuestsAnswer>().data
}
const achievementsOf = async (lang: string, client?: SignedInClient) => {
  const response = await get(`/${lang}/quest/get-achievements-categories`, client)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AchievementsAnswer>().data
}
const findQuest = (data: QuestsAnswer['data'], slug: string) => {
  const quest = data.categories.flatMap((c) => c.quests).find((q) => q.slug === slug)
  if (!quest) throw new Error(`no quest ${slug}`)
  return quest
}
const triggerIdOf = (quest: Quest) => {
  const id = quest.questTemplates[0]?.questTriggers[0]?.id
  if (id === undefined) throw new Error('no trigger')
  return id
}

const signedInPlayer = async () => {
  const player = await createPlayer(t.database.db)
  return { player, client: await signIn(t.app, player) }
}

describe('GET /{lang}/quest/get-quests-categories', () => {
  it('shows a visitor the running quests with progress 0 and no coins', async () => {
    const data = await questsOf('en')
    expect(data.player_coins).toBeNull()
    const quests = data.categories.flatMap((category) => category.quests)
    expect(quests.length).toBeGreaterThanOrEqual(12)
    const first = data.categories[0]
    expect(first?.quests[0]?.slug).toBe(DICE_WARM_UP)
    const warmUp = findQuest(data, DICE_WARM_UP)
    expect(warmUp).toMatchObject({
      title: 'Dice warm-up',
      coins: 5,
      status: 1,
      repeat: 'daily',
      content: { image_cdn_url: '/quests/art/dice-warm-up.svg' },
      questTemplates: [
        {
          title: 'Roll the dice 3 times',
          reward_amount_coins: 5,
          is_finished: 0,
          questTriggers: [
            {
              event: 'bet',
              unit: 'count',
              min_stake_eur: 0,
              progress: { progress: 0, expected: 3, is_finished: 0 },
              triggerRules: [
                {
                  type: 'number_actions',
                  condition_type: 'game',
                  condition_value: 'dice',
                  is_progress_marker: 1,
                },
              ],
            },
          ],
        },
      ],
    })
    // A daily quest resets at the next UTC midnight.
    const endsAt = new Date(warmUp.period_ends_at ?? '')
    expect(endsAt.getUTCHours()).toBe(0)
    expect(endsAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000)
    expect(endsAt.getTime()).toBeGreaterThan(Date.now())
  })

  it('speaks the page’s language and answers 404 for an unknown one', async () => {
    const german = findQuest(await questsOf('de'), DICE_WARM_UP)
    expect(german.title).toBe('Würfel-Aufwärmrunde')
    expect(german.questTemplates[0]?.title).toBe('Würfeln Sie 3-mal')
    const arabic = findQuest(await questsOf('ar-en'), DICE_WARM_UP)
    expect(arabic.title).toMatch(/[\u0600-\u06FF]/)
    const unknown = await get('/xx/quest/get-quests-categories')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<{ errors: { code: string } }>().errors.code).toBe('site.unknown_locale')
  })

  it('shows a player today’s progress, not yesterday’s, and their coins', async () => {
    const { player, client } = await signedInPlayer()
    const coinsMinor = () =>
      accountBalance(t.database.db, { playerId: player.id, kind: 'cash', currency: COIN })
    const earned = await coinsMinor()
    const before = await questsOf('en', client)
    expect(before.player_coins).toBe(Number(earned) / 100)
    const triggerId = triggerIdOf(findQuest(before, DICE_WARM_UP))
    const yesterday = new Date(Date.now() - 86_400_000)
    await t.database.db.insert(triggerProgress).values({
      playerId: player.id,
      triggerId,
      periodKey: periodKey('daily', yesterday),
      progress: 3n,
      finishedAt: yesterday,
    })
    expect(findQuest(await questsOf('en', client), DICE_WARM_UP).status).toBe(1)

    await t.database.db.insert(triggerProgress).values({
      playerId: player.id,
      triggerId,
      periodKey: periodKey('daily', new Date()),
      progress: 2n,
    })
    const moving = findQuest(await questsOf('en', client), DICE_WARM_UP)
    expect(moving.status).toBe(0)
    expect(moving.questTemplates[0]?.questTriggers[0]?.progress).toEqual({
      progress: 2,
      expected: 3,
      is_finished: 0,
    })

    await t.database.db
      .update(triggerProgress)
      .set({ progress: 4n, finishedAt: new Date() })
      .where(
        and(
          eq(triggerProgress.playerId, player.id),
          eq(triggerProgress.periodKey, periodKey('daily', new Date())),
        ),
      )
    const done = findQuest(await questsOf('en', client), DICE_WARM_UP)
    expect(done.status).toBe(2)
    expect(done.questTemplates[0]?.is_finished).toBe(1)
    // Shown at most at the goal.
    expect(done.questTemplates[0]?.questTriggers[0]?.progress.progress).toBe(3)

    await t.database.db.transaction(async (tx) => {
      const player_ = { playerId: player.id, kind: 'cash', currency: COIN } as const
      const system = { system: 'rewards_expense', currency: COIN, shardKey: player.id } as const
      await openAccounts(tx, [player_, system])
      await postTransfer(tx, {
        idempotencyKey: `test:coins:${player.id}`,
        code: 'coins_award',
        debit: system,
        credit: player_,
        amountMinor: 1234n,
      })
    })
    expect(await coinsMinor()).toBe(earned + 1234n)
    expect((await questsOf('en', client)).player_coins).toBe(Number(earned + 1234n) / 100)
  })

  it('shows euros for a trigger that adds up stakes', async () => {
    const { player, client } = await signedInPlayer()
    const weekly = findQuest(await questsOf('en'), 'weekly-wager')
    await t.database.db.insert(triggerProgress).values({
      playerId: player.id,
      triggerId: triggerIdOf(weekly),
      periodKey: periodKey('weekly', new Date()),
      progress: 1234n,
    })
    const trigger = findQuest(await questsOf('en', client), 'weekly-wager').questTemplates[0]
      ?.questTriggers[0]
    expect(trigger?.unit).toBe('eur')
    expect(trigger?.progress).toEqual({ progress: 12.34, expected: 50, is_finished: 0 })
  })

  it('multiplies a player’s rewards by their VIP tier', async () => {
    const { player, client } = await signedInPlayer()
    // Level 5 is the second tier: 1.25× coins.
    await t.database.db
      .insert(playerLoyalty)
      .values({ playerId: player.id, pointsMinor: 500_000n, level: 5 })
    const warmUp = findQuest(await questsOf('en', client), DICE_WARM_UP)
    expect(warmUp.questTemplates[0]?.reward_amount_coins).toBe(6.25)
    expect(warmUp.coins).toBe(6.25)
    // A visitor sees the base reward.
    expect(
      findQuest(await questsOf('en'), DICE_WARM_UP).questTemplates[0]?.reward_amount_coins,
    ).toBe(5)
  })

  it('hides a quest outside its window or disabled, once the content is dropped', async () => {
    await questsOf('en')
    const [row] = await t.database.db.select().from(quests).where(eq(quests.slug, 'crash-pilot'))
    if (!row) throw new Error('no crash-pilot')
    await t.database.db
      .update(quests)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(quests.id, row.id))
    await t.database.db
      .update(quests)
      .set({ isEnabled: false })
      .where(eq(quests.slug, 'live-wager'))
    // Cached until an operator's change says otherwise.
    expect(findQuest(await questsOf('en'), 'crash-pilot').slug).toBe('crash-pilot')
    await t.app.bus.publish('engagement.content.changed', {})
    const slugs = (await questsOf('en')).categories.flatMap((c) => c.quests.map((q) => q.slug))
    expect(slugs).not.toContain('crash-pilot')
    expect(slugs).not.toContain('live-wager')
    await t.database.db
      .update(quests)
      .set({ endsAt: row.endsAt, isEnabled: true })
      .where(eq(quests.id, row.id))
    await t.database.db.update(quests).set({ isEnabled: true }).where(eq(quests.slug, 'live-wager'))
    await t.app.bus.publish('engagement.content.changed', {})
  })
})

describe('GET /{lang}/quest/get-achievements-categories', () => {
  it('shows every achievement with its tiers, locked for a visitor', async () => {
    const data = await achievementsOf('en')
    expect(data.player_coins).toBeNull()
    const achievements = data.categories.flatMap((c) => c.achievements)
    expect(achievements.length).toBeGreaterThanOrEqual(20)
    for (const achievement of achievements) {
      expect(achievement.earned_at).toBeNull()
      expect(achievement.status).toBe(1)
      expect(achievement.achievementTemplates.length).toBeGreaterThanOrEqual(1)
      for (const tier of achievement.achievementTemplates) {
        expect(tier.achievementTriggers[0]?.trigger.id).toBe(
          tier.achievementTriggers[0]?.trigger_id,
        )
      }
    }
    const dice = achievements.find((a) => a.slug === 'dice-roller')
    expect(dice?.achievementTemplates.map((tier) => tier.title)).toEqual([
      'Bronze: Place 10 bets on Dice',
      'Silver: Place 100 bets on Dice',
      'Gold: Place 1,000 bets on Dice',
    ])
  })

  it('shows a player’s earned tiers and when the last was earned', async () => {
    const { player, client } = await signedInPlayer()
    const before = (await achievementsOf('en', client)).categories.flatMap((c) => c.achievements)
    const deposit = before.find((a) => a.slug === 'first-deposit')
    const triggerId = deposit?.achievementTemplates[0]?.achievementTriggers[0]?.trigger_id
    if (triggerId === undefined) throw new Error('no first-deposit trigger')
    const earnedAt = new Date('2026-11-01T10:00:00Z')
    await t.database.db
      .insert(triggerProgress)
      .values({ playerId: player.id, triggerId, periodKey: '', progress: 1n, finishedAt: earnedAt })
    const after = (await achievementsOf('en', client)).categories
      .flatMap((c) => c.achievements)
      .find((a) => a.slug === 'first-deposit')
    expect(after?.status).toBe(2)
    expect(after?.earned_at).toBe(earnedAt.toISOString())
    expect(after?.achievementTemplates[0]?.is_finished).toBe(1)
    expect((await get('/zz/quest/get-achievements-categories')).statusCode).toBe(404)
  })
})

describe('the seeded programme', () => {
  it('ties every trigger to a template of a quest', async () => {
    const rows = await t.database.db
      .select({ slug: quests.slug })
      .from(engagementTriggers)
      .innerJoin(questTemplates, eq(questTemplates.id, engagementTriggers.templateId))
      .innerJoin(quests, eq(quests.id, questTemplates.questId))
    expect(new Set(rows.map((row) => row.slug)).size).toBeGreaterThanOrEqual(32)
  })
})
