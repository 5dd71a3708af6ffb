import { readFileSync } from 'node:fs'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '#common/locales.ts'
import { buildPageBlocks } from '#db/seed/seed.ts'
import { cmsPages } from '#server/modules/site/site.tables.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'

// Migration 0012 carries issue 20's corrected pages to installations seeded before it.
function statementsOf(file: string) {
  return readFileSync(new URL(file, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter(Boolean)
}
const statements = statementsOf('./0012_honest_copy.sql')
// Pages a later migration rewrote again (0019, issue 26): 0012 must write what that one replaces.
const rewrittenLater = statementsOf('./0019_responsible_copy.sql')
const SLUGS = ['about-us', 'responsible-gambling', 'tc'] as const

/** The page text a statement writes and the text it replaces, read from the statement. */
function textsOf(statement: string) {
  const literals = [...statement.matchAll(/'((?:[^']|'')*)'::jsonb/g)].map(
    (match): unknown => JSON.parse((match[1] ?? '').replaceAll("''", "'")),
  )
  return { written: literals[0], replaced: literals[1] }
}

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const pageOf = async (locale: string, slug: string) => {
  const [row] = await t.database.db
    .select({ blocks: cmsPages.blocks })
    .from(cmsPages)
    .where(and(eq(cmsPages.locale, locale), eq(cmsPages.path, `/${slug}/`)))
  return row?.blocks
}

describe('migration 0012: the corrected About us, responsible-gambling and terms pages', () => {
  it('writes what the seed wrote until a later migration, for every locale and page', () => {
    const shipped = loadShippedMessages('content')
    expect(statements).toHaveLength(LOCALES.length * SLUGS.length)
    for (const locale of LOCALES) {
      for (const slug of SLUGS) {
        const where = `"locale" = '${locale.prefix}' AND "path" = '/${slug}/'`
        const statement = statements.find((candidate) => candidate.includes(where))
        expect(statement, `${locale.prefix} ${slug}`).toBeDefined()
        const { written, replaced } = textsOf(statement ?? '')
        const later = rewrittenLater.find((candidate) => candidate.includes(where))
        expect(written).toEqual(
          later === undefined
            ? buildPageBlocks(shipped.get(locale.prefix) ?? {}, slug)
            : textsOf(later).replaced,
        )
        expect(replaced).not.toEqual(written)
      }
    }
  })

  it('replaces a page that still holds the old seeded text and leaves an edited page alone', async () => {
    const en = statements.find((statement) =>
      statement.includes(`"locale" = 'en' AND "path" = '/about-us/'`),
    )
    const de = statements.find((statement) =>
      statement.includes(`"locale" = 'de' AND "path" = '/about-us/'`),
    )
    const { written, replaced } = textsOf(en ?? '')
    const edited = [{ type: 'paragraph', text: 'Our own words.' }]
    await t.database.db
      .update(cmsPages)
      .set({ blocks: replaced })
      .where(and(eq(cmsPages.locale, 'en'), eq(cmsPages.path, '/about-us/')))
    await t.database.db
      .update(cmsPages)
      .set({ blocks: edited })
      .where(and(eq(cmsPages.locale, 'de'), eq(cmsPages.path, '/about-us/')))
    await t.database.db.execute(sql.raw(en ?? ''))
    await t.database.db.execute(sql.raw(de ?? ''))
    expect(await pageOf('en', 'about-us')).toEqual(written)
    expect(await pageOf('de', 'about-us')).toEqual(edited)
  })
})
