import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '#common/locales.ts'
import { buildPageBlocks } from '#db/seed/seed.ts'
import { cmsPages } from '#server/modules/site/site.tables.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { pageBlocks, statementFor, statementsOf, textsOf } from './copy-migration.ts'

// Migration 0012 carries issue 20's corrected pages to installations seeded before it.
const statements = statementsOf('./0012_honest_copy.sql')
// Pages a later migration rewrote again (0019, issue 26): 0012 must write what that one replaces.
const rewrittenLater = statementsOf('./0019_responsible_copy.sql')
const SLUGS = ['about-us', 'responsible-gambling', 'tc'] as const


let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const pageOf = (locale: string, slug: string) => pageBlocks(t.database.db, locale, slug)

describe('migration 0012: the corrected About us, responsible-gambling and terms pages', () => {
  it('writes what the seed wrote until a later migration, for every locale and page', () => {
    const shipped = loadShippedMessages('content')
    expect(statements).toHaveLength(LOCALES.length * SLUGS.length)
    for (const locale of LOCALES) {
      for (const slug of SLUGS) {
        const statement = statementFor(statements, locale.prefix, slug)
        expect(statement, `${locale.prefix} ${slug}`).not.toBe('')
        const { written, replaced } = textsOf(statement)
        const later = statementFor(rewrittenLater, locale.prefix, slug)
        expect(written).toEqual(
          later === ''
            ? buildPageBlocks(shipped.get(locale.prefix) ?? {}, slug)
            : textsOf(later).replaced,
        )
        expect(replaced).not.toEqual(written)
      }
    }
  })

  it('replaces a page that still holds the old seeded text and leaves an edited page alone', async () => {
    const en = statementFor(statements, 'en', 'about-us')
    const de = statementFor(statements, 'de', 'about-us')
    const { written, replaced } = textsOf(en)
    const edited = [{ type: 'paragraph', text: 'Our own words.' }]
    await t.database.db
      .update(cmsPages)
      .set({ blocks: replaced })
      .where(and(eq(cmsPages.locale, 'en'), eq(cmsPages.path, '/about-us/')))
    await t.database.db
      .update(cmsPages)
      .set({ blocks: edited })
      .where(and(eq(cmsPages.locale, 'de'), eq(cmsPages.path, '/about-us/')))
    await t.database.db.execute(sql.raw(en))
    await t.database.db.execute(sql.raw(de))
    expect(await pageOf('en', 'about-us')).toEqual(written)
    expect(await pageOf('de', 'about-us')).toEqual(edited)
  })
})
