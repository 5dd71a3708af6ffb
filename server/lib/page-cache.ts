/**
 * A short-lived cache of rendered pages for visitors who are not signed in: the same page in the
 * same locale is the same HTML for all of them, except the CSP nonce, which is stored as a
 * placeholder and replaced on every answer.
 */
export interface CachedPage {
  status: number
  headers: [string, string][]
  /** The body with every occurrence of the render's nonce replaced by `NONCE_PLACEHOLDER`. */
  body: string
  expiresAt: number
}

export const NONCE_PLACEHOLDER = '\u0000aurum-nonce\u0000'

export class PageCache {
  private readonly entries = new Map<string, CachedPage>()

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  get(key: string): CachedPage | undefined {
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

  set(
    key: string,
    page: Omit<CachedPage, 'expiresAt' | 'body'>,
    body: string,
    nonce: string,
  ): void {
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, {
      ...page,
      body: body.replaceAll(nonce, NONCE_PLACEHOLDER),
      expiresAt: this.now() + this.options.ttlMs,
    })
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

export function withNonce(page: CachedPage, nonce: string): string {
  return page.body.replaceAll(NONCE_PLACEHOLDER, nonce)
}
