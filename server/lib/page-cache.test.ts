import { describe, expect, it } from 'vitest'
import { PageCache, withNonce } from './page-cache.ts'

describe('PageCache', () => {
  const page = { status: 200, headers: [['content-type', 'text/html']] as [string, string][] }

  it('swaps the nonce of the cached render for each answer’s own', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 })
    cache.set('/en/', page, '<script nonce="abc">x</script><link nonce="abc">', 'abc')
    const hit = cache.get('/en/')
    expect(hit && withNonce(hit, 'xyz')).toBe('<script nonce="xyz">x</script><link nonce="xyz">')
  })

  it('forgets entries after their time', () => {
    let now = 0
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, now: () => now })
    cache.set('/en/', page, 'a', 'n')
    now = 999
    expect(cache.get('/en/')).toBeDefined()
    now = 1000
    expect(cache.get('/en/')).toBeUndefined()
  })

  it('drops the least recently used entry when full', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2 })
    cache.set('a', page, 'a', 'n')
    cache.set('b', page, 'b', 'n')
    cache.get('a')
    cache.set('c', page, 'c', 'n')
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('b')).toBeUndefined()
    expect(cache.size).toBe(2)
  })
})
