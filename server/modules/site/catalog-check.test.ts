import { describe, expect, it } from 'vitest'
import { checkCatalogs } from './catalog-check.ts'
import type { Messages } from './translations.ts'

describe('shipped translation catalogues', () => {
  it('have every key in all 16 locales, the same placeholders, and no English left', () => {
    expect(checkCatalogs()).toEqual([])
  })
})

describe('checkCatalogs', () => {
  const catalogs: Record<string, Messages> = {
    en: { a: 'Hello {{name}}', b: 'Bye', c: 'VIP' },
    de: { a: 'Hallo {{name}}', b: 'Tschüss', c: 'VIP' },
  }
  const read = (name: string): Messages => catalogs[name] ?? catalogs.de ?? {}

  it('finds a missing key', () => {
    catalogs.de = { a: 'Hallo {{name}}', c: 'VIP' }
    expect(checkCatalogs(read)).toContain('common/de: missing b')
  })

  it('finds a broken placeholder and English left behind', () => {
    catalogs.de = { a: 'Hallo {{nom}}', b: 'Bye', c: 'VIP' }
    const problems = checkCatalogs(read)
    expect(problems).toContain('common/de: a has placeholders nom')
    expect(problems).toContain('common/de: b is still English (“Bye”)')
    expect(problems.some((problem) => problem.includes(' c '))).toBe(false)
  })
})
