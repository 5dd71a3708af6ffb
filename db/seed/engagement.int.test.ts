import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { count, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  engagementTriggers,
  questCategories,
  questTemplates,
  quests,
} from '#server/modules/engagement/engagement.tables.ts'
import { pageComponents } from '#server/modules/site/site.tables.ts'
import { DICE_WARM_UP, seedEngagement } from './engagement.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

/** Every locale there, every field non-empty. */
function expectComplete(texts: Record<string, Record<string, unknown>>, what: string) {
  expect(Object.keys(texts).sort(), what).toEqual([...LOCALE_PREFIXES].sort())
  for (const [locale, fields] of Object.entries(texts)) {
    for (const [field, value] of Object.entries(fields)) {
      if (typeof value === 'string') expect(value.trim(), `${what} ${locale} ${field}`).not.toBe('')
    }
  }
}

describe('the engagement seed', () => {
  it('holds at least 12 quests and 20 achievements, every text in every locale, every image on disk', async () => {
    const db = t.database.db
    const rows = await db.select().from(quests)
    expect(rows.filter((row) => row.kind === 'quest').length).toBeGreaterThanOrEqual(12)
    expect(rows.filter((row) => row.kind === 'achievement').length).toBeGreaterThanOrEqual(20)
    expect(rows.some((row) => row.repeat === 'daily')).toBe(true)
    expect(rows.some((row) => row.repeat === 'weekly')).toBe(true)
    expect(rows.some((row) => row.endsAt !== null)).toBe(true)
    for (const row of rows) {
      expectComplete(row.texts, row.slug)
      expect(existsSync(join('public', row.imageUrl)), row.imageUrl).toBe(true)
    }
    // No two items share their art or their English title; no other locale is left in English.
    expect(new Set(rows.map((row) => row.imageUrl)).size).toBe(rows.length)
    expect(new Set(rows.map((row) => row.texts.en.title)).size).toBe(rows.length)
    for (const row of rows) {
      for (const locale of ['de', 'fr', 'pl', 'fi', 'ee', 'ar-en'] as const) {
        if (row.texts[locale].text === row.texts.en.text)
          throw new Error(`${row.slug} ${locale} is English`)
      }
    }
    for (const template of await db.select().from(questTemplates))
      expectComplete(template.texts, `template ${String(template.id)}`)
    for (const category of await db.select().from(questCategories))
      expectComplete(category.texts, category.slug)
    for (const block of await db
      .select()
      .from(pageComponents)
      .where(inArray(pageComponents.page, ['quests', 'achievements']))) {
      expectComplete(block.texts, `${block.page} ${block.kind}`)
      if (block.imageUrl)
        expect(existsSync(join('public', block.imageUrl)), block.imageUrl).toBe(true)
    }
  })

  it('has the e2e journey’s daily dice quest first', async () => {
    const db = t.database.db
    const [first] = await db
      .select()
      .from(questCategories)
      .where(eq(questCategories.kind, 'quest'))
      .orderBy(questCategories.sort)
    const [warmUp] = await db.select().from(quests).where(eq(quests.slug, DICE_WARM_UP))
    expect(warmUp?.categoryId).toBe(first?.id)
    expect(warmUp?.repeat).toBe('daily')
    const [template] = await db
      .select()
      .from(questTemplates)
      .where(eq(questTemplates.questId, warmUp?.id ?? 0))
    expect(template?.rewardCoinsMinor).toBe(500n)
    expect(template?.texts.en.title).toBe('Roll the dice 3 times')
    const triggers = await db
      .select()
      .from(engagementTriggers)
      .where(eq(engagementTriggers.templateId, template?.id ?? 0))
    expect(triggers).toHaveLength(1)
    expect(triggers[0]).toMatchObject({
      event: 'bet',
      expected: 3n,
      minStakeEurMinor: 0n,
      rules: [
        {
          type: 'number_actions',
          condition_type: 'game',
          condition_value: 'dice',
          is_progress_marker: 1,
        },
      ],
    })
  })

  it('adds nothing when it runs again', async () => {
    const db = t.database.db
    const counts = async () => ({
      quests: (await db.select({ n: count() }).from(quests))[0]?.n,
      templates: (await db.select({ n: count() }).from(questTemplates))[0]?.n,
      triggers: (await db.select({ n: count() }).from(engagementTriggers))[0]?.n,
      blocks: (await db.select({ n: count() }).from(pageComponents))[0]?.n,
      categories: (await db.select({ n: count() }).from(questCategories))[0]?.n,
    })
    const before = await counts()
    await seedEngagement(db)
    expect(await counts()).toEqual(before)
  })
})
