import { readFileSync } from 'node:fs'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '#common/locales.ts'
import { buildMenus } from '#db/seed/seed.ts'
import { menus } from '#server/modules/site/site.tables.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'

// Migration 0020 adds the Safer play entry to the personal cabinet's menu of installations seeded
// before issue 26, after Transactions, once.
const statements = readFileSync(new URL('./0020_safer_play_menu.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^--.*$/gm, '').trim())
  .filter(Boolean)

interface Item {
  id: string
  label: string
  url: string
}

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const cabinetMenu = async (locale: string) => {
  const [row] = await t.database.db
    .select({ items: menus.items })
    .from(menus)
    .where(and(eq(menus.locale, locale), eq(menus.menu, 'personal-cabinet')))
  return (row?.items ?? []) as Item[]
}

const runMigration = async () => {
  for (const statement of statements) await t.database.db.execute(sql.raw(statement))
}

describe('migration 0020: the personal cabinet menu leads to Safer play', () => {
  it('adds the entry the seed now writes after Transactions in every locale, once', async () => {
    const shipped = loadShippedMessages('content')
    expect(statements).toHaveLength(LOCALES.length)
    // An installation seeded before issue 26: the menus without the entry.
    await t.database.db.execute(
      sql`update menus set items = (select jsonb_agg(entry) from jsonb_array_elements(items) entry where entry->>'id' <> 'safer-play') where menu = 'personal-cabinet'`,
    )
    await runMigration()
    await runMigration()
    for (const locale of LOCALES) {
      const items = await cabinetMenu(locale.prefix)
      const seeded = buildMenus(locale.prefix, shipped.get(locale.prefix) ?? {})['personal-cabinet']
      expect(items, locale.prefix).toEqual(seeded)
      const ids = items.map((item) => item.id)
      expect(ids.indexOf('safer-play'), locale.prefix).toBe(ids.indexOf('transactions') + 1)
    }
  })

  it('leaves a menu an operator rebuilt without Transactions with the entry at its end', async () => {
    await t.database.db.execute(
      sql`update menus set items = '[{"id":"home","label":"Home","url":"/en/account/"}]'::jsonb where menu = 'personal-cabinet' and locale = 'en'`,
    )
    await runMigration()
    expect((await cabinetMenu('en')).map((item) => item.id)).toEqual(['home', 'safer-play'])
  })
})
