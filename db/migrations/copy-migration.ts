import { readFileSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { cmsPages } from '#server/modules/site/site.tables.ts'

// What the tests of the migrations that rewrite seeded pages (0012, 0019) read from them.

/** A migration's statements, comments dropped, in order. */
export function statementsOf(file: string): string[] {
  return readFileSync(new URL(file, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter(Boolean)
}

/** The statement that rewrites one locale's page, or '' when there is none. */
export const statementFor = (list: readonly string[], locale: string, slug: string) =>
  list.find((candidate) =>
    candidate.includes(`"locale" = '${locale}' AND "path" = '/${slug}/'`),
  ) ?? ''

/** The page text a statement writes and the text it replaces, read from the statement. */
export function textsOf(statement: string) {
  const literals = [...statement.matchAll(/'((?:[^']|'')*)'::jsonb/g)].map(
    (match): unknown => JSON.parse((match[1] ?? '').replaceAll("''", "'")),
  )
  return { written: literals[0], replaced: literals[1] }
}

/** A CMS page's blocks as the database holds them now. */
export async function pageBlocks(db: Db, locale: string, slug: string) {
  const [row] = await db
    .select({ blocks: cmsPages.blocks })
    .from(cmsPages)
    .where(and(eq(cmsPages.locale, locale), eq(cmsPages.path, `/${slug}/`)))
  return row?.blocks
}
