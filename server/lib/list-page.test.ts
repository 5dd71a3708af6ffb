import { describe, expect, it } from 'vitest'
import { listQuerySchema, pageOf } from './list-page.ts'

const rows = [
  { id: 1, slug: 'gold-rush', ends: '2026-12-01', title: 'Gold rush' },
  { id: 2, slug: 'silver-spin', ends: null, title: 'Silver spin' },
  { id: 3, slug: 'bronze-week', ends: '2026-11-30', title: 'Bronze week of gold' },
]
const options = {
  searchable: (row: (typeof rows)[number]) => [row.slug, row.title],
  sortValue: (row: (typeof rows)[number], key: string) =>
    key === 'ends' ? row.ends : key === 'slug' ? row.slug : row.id,
}

describe('a console list page', () => {
  it('keeps the display order without a sort, and pages it', () => {
    expect(pageOf(rows, { page: 2, pageSize: 2 }, options)).toEqual({
      items: [rows[2]],
      total: 3,
      page: 2,
      pageSize: 2,
    })
  })

  it('finds every word, in any case', () => {
    const found = pageOf(rows, { page: 1, pageSize: 10, q: 'GOLD week' }, options)
    expect(found.items.map((row) => row.id)).toEqual([3])
    expect(found.total).toBe(1)
  })

  it('sorts either way, empty values last when ascending', () => {
    const ascending = pageOf(rows, { page: 1, pageSize: 10, sort: 'ends' }, options)
    expect(ascending.items.map((row) => row.id)).toEqual([3, 1, 2])
    const descending = pageOf(rows, { page: 1, pageSize: 10, sort: '-slug' }, options)
    expect(descending.items.map((row) => row.slug)).toEqual([
      'silver-spin',
      'gold-rush',
      'bronze-week',
    ])
  })

  it('takes only its own sorts and page sizes up to the console maximum', () => {
    const schema = listQuerySchema(['slug', 'ends'])
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 100 })
    expect(schema.parse({ sort: '-ends', page: '3', pageSize: '25' })).toMatchObject({
      sort: '-ends',
      page: 3,
      pageSize: 25,
    })
    expect(schema.safeParse({ sort: 'password' }).success).toBe(false)
    expect(schema.safeParse({ pageSize: '101' }).success).toBe(false)
    expect(schema.safeParse({ page: '0' }).success).toBe(false)
  })
})
