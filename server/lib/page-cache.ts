import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * A short-lived cache of rendered pages for visitors who are not signed in: the same page in the
 * same locale is the same document for all of them. Such pages are rendered without a nonce and
 * their Content-Security-Policy lists the hash of each inline script instead, so the bytes, and
 * their compressed forms, can be reused as they are.
 */
export interface RenderedPage {
  status: number
  headers: [string, string][]
  body: Buffer
}

/** A page with its compressed forms, made on first use. */
export interface CachedPage extends RenderedPage {
  encoded: Partial<Record<Encoding, Buffer>>
}

interface Entry extends CachedPage {
  expiresAt: number
}

export type Encoding = 'br' | 'gzip'

export class PageCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    // Map order is insertion order: re-inserting marks the entry as recently used.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, page: RenderedPage): Entry {
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    const entry: Entry = { ...page, expiresAt: this.now() + this.options.ttlMs, encoded: {} }
    this.entries.set(key, entry)
    return entry
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

/** The encoding to answer with: Brotli when accepted, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return undefined
}

/** The page's body in an encoding, compressed once per cache entry. */
export function encodedBody(entry: CachedPage, encoding: Encoding): Buffer {
  const cached = entry.encoded[encoding]
  if (cached) return cached
  const body =
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
      : gzipSync(entry.body, { level: 6 })
  entry.encoded[encoding] = body
  return body
}

/** CSP sources for every inline script of a document: `'sha256-…'` of each one's text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    )
  }
  return [...hashes]
}
