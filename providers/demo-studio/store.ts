// Where the studio keeps its sessions and open rounds: its own database in production. The
// casino that bundles the studio hands it an implementation (server/modules/studios/studio-store.ts);
// the studio knows only this interface. Values are JSON with bigints kept exact (`encode`).

export interface Stored<T> {
  value: T
  version: number
}

export interface StudioStore {
  get<T>(key: string): Promise<Stored<T> | null>
  /**
   * Stores `value` unless the key holds an unexpired value; false when it does. The new value's
   * version is one no earlier value of the key had (no ABA for a writer holding an old one).
   */
  create(key: string, value: unknown, ttlMs: number): Promise<boolean>
  /** Replaces the value if it is still at `version` (compare-and-set); false when it moved. */
  replace(key: string, version: number, value: unknown, ttlMs: number): Promise<boolean>
  /** Removes the key if it is still at `version`; false when it moved. */
  remove(key: string, version: number): Promise<boolean>
}

const BIGINT = '$bigint'

/** JSON for the store: bigints become `{ "$bigint": "123" }`. */
export const encode = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'bigint' ? { [BIGINT]: item.toString() } : item,
    ),
  )

/** The stored JSON back, bigints restored; the caller names its shape. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the stored shape
export function decode<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    item !== null &&
    typeof item === 'object' &&
    BIGINT in item &&
    typeof (item as Record<string, unknown>)[BIGINT] === 'string'
      ? BigInt((item as Record<string, string>)[BIGINT] ?? '0')
      : item,
  ) as T
}

/** A store in this process's memory: for the studio's preview and its tests. */
export function memoryStudioStore(): StudioStore {
  const entries = new Map<string, { json: string; version: number; until: number }>()
  const live = (key: string) => {
    const entry = entries.get(key)
    return entry && entry.until > Date.now() ? entry : undefined
  }
  // Every write takes the next number: a version is never seen twice, even for a key removed and
  // created again, so a writer holding an old value's version cannot claim a new one.
  let written = 0
  return {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the stored shape
    async get<T>(key: string) {
      const entry = live(key)
      return entry ? { value: decode<T>(JSON.parse(entry.json)), version: entry.version } : null
    },
    async create(key, value, ttlMs) {
      if (live(key)) return false
      entries.set(key, { json: JSON.stringify(encode(value)), version: ++written, until: Date.now() + ttlMs })
      return true
    },
    async replace(key, version, value, ttlMs) {
      if (live(key)?.version !== version) return false
      entries.set(key, { json: JSON.stringify(encode(value)), version: ++written, until: Date.now() + ttlMs })
      return true
    },
    async remove(key, version) {
      if (live(key)?.version !== version) return false
      entries.delete(key)
      return true
    },
  }
}
