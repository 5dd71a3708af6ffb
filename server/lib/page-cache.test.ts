import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { PageCache, encodedBody, inlineScriptHashes, pickEncoding } from './page-cache.ts'

const page = (text: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(text),
})

describe('PageCache', () => {
  it('forgets entries after their time', () => {
    let now = 0
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, now: () => now })
    cache.set('/en/', page('a'))
    now = 999
    expect(cache.get('/en/')).toBeDefined()
    now = 1000
    expect(cache.get('/en/')).toBeUndefined()
  })

  it('drops the least recently used entry when full', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2 })
    cache.set('a', page('a'))
    cache.set('b', page('b'))
    cache.get('a')
    cache.set('c', page('c'))
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('b')).toBeUndefined()
    expect(cache.size).toBe(2)
  })

  it('compresses an entry once per encoding', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2 })
    const entry = cache.set('a', page('<p>hello</p>'.repeat(100)))
    const br = encodedBody(entry, 'br')
    expect(encodedBody(entry, 'br')).toBe(br)
    expect(brotliDecompressSync(br).toString()).toBe('<p>hello</p>'.repeat(100))
    expect(gunzipSync(encodedBody(entry, 'gzip')).toString()).toBe('<p>hello</p>'.repeat(100))
  })
})

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected)
  })
})

describe('inlineScriptHashes', () => {
  it('hashes each inline script and skips external ones', () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="module">b()</script><script>a()</script>'
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')])
  })
})
