import { z } from 'zod'
import { ADMIN_PAGE_SIZE_MAX } from '#common/back-office.ts'

/**
 * The query of a console list whose rows are read whole: `page` (from 1), `pageSize` (at most
 * ADMIN_PAGE_SIZE_MAX; the default is the maximum, so callers from before paging still get every
 * row of a small table), `q` (words the row's searchable texts must contain) and `sort` (one of
 * `sorts`, `-` in front for descending).
 */
export function listQuerySchema<const S extends string>(sorts: readonly [S, ...S[]]) {
  const values = sorts.flatMap((sort) => [sort, `-${sort}`]) as [string, ...string[]]
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_MAX),
    q: z.string().trim().max(200).optional(),
    sort: z
      .enum(values)
      .optional()
      .describe(`One of ${sorts.join(', ')}; a leading \`-\` sorts descending`),
  })
}

export interface ListQuery {
  page: number
  pageSize: number
  q?: string | undefined
  sort?: string | undefined
}

export interface ListPage<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

type SortValue = string | number | boolean | null

/** The fields of `T` a list can sort on as they are. */
type SortableField<T> = { [K in keyof T]: T[K] extends SortValue ? K : never }[keyof T] & string

/**
 * A `sortValue` for rows whose sort keys are their own fields' names: `fields` sort on the field,
 * any other key (`id`) on the id.
 */
export function sortOnFields<T extends { id: SortValue }>(fields: readonly SortableField<T>[]) {
  const sortable = new Set<string>(fields)
  return (row: T, key: string): SortValue =>
    sortable.has(key) ? (row[key as SortableField<T>] as SortValue) : row.id
}

/**
 * One page of `rows` after the search and the sort. Content tables (promotions, wheels, quests,
 * lotteries…) hold tens to hundreds of rows and are read with their children (texts, segments,
 * tasks) to be shown at all, so they are paged here rather than in SQL. Without `sort` the rows
 * keep the order they came in (the table's display order).
 */
export function pageOf<T>(
  rows: readonly T[],
  query: ListQuery,
  options: {
    searchable: (row: T) => readonly (string | null | undefined)[]
    sortValue: (row: T, key: string) => SortValue
  },
): ListPage<T> {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const found =
    words.length === 0
      ? [...rows]
      : rows.filter((row) => {
          const text = options.searchable(row).join(' ').toLowerCase()
          return words.every((word) => text.includes(word))
        })
  if (query.sort) {
    const descending = query.sort.startsWith('-')
    const key = descending ? query.sort.slice(1) : query.sort
    const compare = (a: SortValue, b: SortValue): number => {
      if (a === b) return 0
      if (a === null) return 1
      if (b === null) return -1
      if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b)
      return a < b ? -1 : 1
    }
    // Stable: equal values keep the display order, in both directions.
    found.sort((a, b) => {
      const order = compare(options.sortValue(a, key), options.sortValue(b, key))
      return descending ? -order : order
    })
  }
  const start = (query.page - 1) * query.pageSize
  return {
    items: found.slice(start, start + query.pageSize),
    total: found.length,
    page: query.page,
    pageSize: query.pageSize,
  }
}

/** The response fields a paged list adds beside its rows. */
export const PageFieldsSchema = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}
