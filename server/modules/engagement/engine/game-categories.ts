import { executePrepared, type Db } from '#db/client.ts'

/**
 * The catalogue categories of what a bet's `game` names: an Original or a live game by its engine
 * (`dice`, `crash`), a studio game by its id or slug. Read once a minute per database handle.
 */
const CATEGORIES_CACHE_MS = 60_000
const cache = new WeakMap<
  Db,
  { value: Promise<Map<string, readonly string[]>>; readAtMs: number }
>()

export function loadGameCategories(db: Db): Promise<ReadonlyMap<string, readonly string[]>> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < CATEGORIES_CACHE_MS) return cached.value
  const value = executePrepared<{
    id: string
    slug: string
    engine: string
    categories: string[] | string
  }>(
    db,
    'engagement_game_categories',
    'select id::text as id, slug, engine, categories from games',
    [],
  ).then((rows) => {
    const byName = new Map<string, readonly string[]>()
    for (const row of rows) {
      const categories = Array.isArray(row.categories) ? row.categories : parseArray(row.categories)
      for (const name of [row.engine, row.slug, row.id]) {
        byName.set(name, [...new Set([...(byName.get(name) ?? []), ...categories])])
      }
    }
    return byName
  })
  value.catch(() => cache.delete(db))
  cache.set(db, { value, readAtMs: Date.now() })
  return value
}

/** `{slots,originals}` as text, when a driver hands the array back unparsed. */
const parseArray = (text: string): string[] =>
  text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((item) => item.replace(/^"|"$/g, ''))
    .filter((item) => item !== '')
