import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '#common/locales.ts'
import { buildPageBlocks } from '#db/seed/seed.ts'
import { cmsPages } from '#server/modules/site/site.tables.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { pageBlocks, statementFor, statementsOf, textsOf } from './copy-migration.ts'

// Migration 0019 carries issue 26's responsible-gambling and About us pages (the protection tools
// that exist, help organisations per locale) to installations seeded before it.
const statements = statementsOf('./0019_responsible_copy.sql')
const honestCopy = statementsOf('./0012_honest_copy.sql')
const SLUGS = ['about-us', 'responsible-gambling'] as const



let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const pageOf = (locale: string, slug: string) => pageBlocks(t.database.db, locale, slug)

describe('migration 0019: the responsible-gambling and About us pages name the protection tools', () => {
  it('writes exactly what the seed now writes, for every locale and page', () => {
    const shipped = loadShippedMessages('content')
    expect(statements).toHaveLength(LOCALES.length * SLUGS.length)
    for (const locale of LOCALES) {
      for (const slug of SLUGS) {
        const statement = statementFor(statements, locale.prefix, slug)
        expect(statement, `${locale.prefix} ${slug}`).not.toBe('')
        const { written, replaced } = textsOf(statement)
        expect(written).toEqual(buildPageBlocks(shipped.get(locale.prefix) ?? {}, slug))
        expect(replaced).not.toEqual(written)
      }
    }
  })

  it('replaces the text 0012 wrote, which is what the seed wrote since issue 20', () => {
    for (const locale of LOCALES) {
      for (const slug of SLUGS) {
        const { replaced } = textsOf(statementFor(statements, locale.prefix, slug))
        const { written } = textsOf(statementFor(honestCopy, locale.prefix, slug))
        expect(replaced, `${locale.prefix} ${slug}`).toEqual(written)
      }
    }
  })

  it('sends no one to support for a break, and names help with its address in every locale', () => {
    for (const locale of LOCALES) {
      const { written } = textsOf(statementFor(statements, locale.prefix, 'responsible-gambling'))
      const blocks = written as { type: string; text: string }[]
      // Eleven sections: each tool, the registers, closure, the UK's rules, and help last.
      expect(blocks, locale.prefix).toHaveLength(22)
      expect(blocks.at(-1)?.text, locale.prefix).toMatch(/www\.[a-z0-9-]+\.[a-z.]+/)
    }
  })

  it('replaces a page that still holds the old seeded text and leaves an edited page alone', async () => {
    const en = statementFor(statements, 'en', 'responsible-gambling')
    const de = statementFor(statements, 'de', 'responsible-gambling')
    const { written, replaced } = textsOf(en)
    const edited = [{ type: 'paragraph', text: 'Our own words.' }]
    await t.database.db
      .update(cmsPages)
      .set({ blocks: replaced })
      .where(and(eq(cmsPages.locale, 'en'), eq(cmsPages.path, '/responsible-gambling/')))
    await t.database.db
      .update(cmsPages)
      .set({ blocks: edited })
      .where(and(eq(cmsPages.locale, 'de'), eq(cmsPages.path, '/responsible-gambling/')))
    await t.database.db.execute(sql.raw(en))
    await t.database.db.execute(sql.raw(de))
    expect(await pageOf('en', 'responsible-gambling')).toEqual(written)
    expect(await pageOf('de', 'responsible-gambling')).toEqual(edited)
  })
})
