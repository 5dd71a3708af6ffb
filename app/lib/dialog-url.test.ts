import { describe, expect, it } from 'vitest'
import { differsOnlyInDialog, searchWithDialog } from './dialog-url.ts'

describe('dialog addresses', () => {
  it('sets and removes q, keeping other parameters and readable slashes', () => {
    expect(searchWithDialog('', '/a/login')).toBe('?q=/a/login')
    expect(searchWithDialog('?sort=new', '/a/search')).toBe('?sort=new&q=/a/search')
    expect(searchWithDialog('?q=/a/login&sort=new', null)).toBe('?sort=new')
    expect(searchWithDialog('?q=/a/login', null)).toBe('')
  })

  it('tells a dialog change from a page change', () => {
    const at = (path: string) => new URL(path, 'https://aurum.example')
    expect(differsOnlyInDialog(at('/en/?sort=a'), at('/en/?sort=a&q=/a/login'))).toBe(true)
    expect(differsOnlyInDialog(at('/en/?sort=a'), at('/en/?sort=b&q=/a/login'))).toBe(false)
    expect(differsOnlyInDialog(at('/en/'), at('/de/?q=/a/login'))).toBe(false)
  })
})
