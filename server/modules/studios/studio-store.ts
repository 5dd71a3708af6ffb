import { randomInt } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { StudioStore } from '../../../providers/demo-studio/store.ts'
import { decode, encode } from '../../../providers/demo-studio/store.ts'
import { demoStudioState } from './studios.tables.ts'

/** A new value's first version: random, with room for a billion replaces in the integer column. */
const newVersion = () => randomInt(1, 2 ** 30)

/** How often expired sessions and rounds are swept, at most (on a create). */
const SWEEP_EVERY_MS = 10 * 60_000

/** The Demo Studio's storage in this database (`demo_studio_state`). */
export function databaseStudioStore(db: Db): StudioStore {
  let sweptAt = 0
  const until = (ttlMs: number) => new Date(Date.now() + ttlMs)
  return {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the stored shape
    async get<T>(key: string) {
      const [row] = await db
        .select({ value: demoStudioState.value, version: demoStudioState.version })
        .from(demoStudioState)
        .where(and(eq(demoStudioState.key, key), gt(demoStudioState.expiresAt, sql`now()`)))
      return row ? { value: decode<T>(row.value), version: row.version } : null
    },
    async create(key, value, ttlMs) {
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now()
        await db.delete(demoStudioState).where(lt(demoStudioState.expiresAt, sql`now()`))
      }
      // An expired row is as good as none: it is taken over in the same statement. A new value
      // starts at a random version, so a writer still holding the version of a value that was
      // removed or expired under the same key cannot claim the new one (no ABA).
      const version = newVersion()
      const rows = await db
        .insert(demoStudioState)
        .values({ key, value: encode(value), version, expiresAt: until(ttlMs) })
        .onConflictDoUpdate({
          target: demoStudioState.key,
          set: { value: encode(value), version, expiresAt: until(ttlMs) },
          setWhere: lt(demoStudioState.expiresAt, sql`now()`),
        })
        .returning({ key: demoStudioState.key })
      return rows.length > 0
    },
    async replace(key, version, value, ttlMs) {
      const rows = await db
        .update(demoStudioState)
        .set({ value: encode(value), version: version + 1, expiresAt: until(ttlMs) })
        .where(and(eq(demoStudioState.key, key), eq(demoStudioState.version, version), gt(demoStudioState.expiresAt, sql`now()`)))
        .returning({ key: demoStudioState.key })
      return rows.length > 0
    },
    async remove(key, version) {
      const rows = await db
        .delete(demoStudioState)
        // An expired value is gone for a writer as for a reader (as in the studio's memory store).
        .where(and(eq(demoStudioState.key, key), eq(demoStudioState.version, version), gt(demoStudioState.expiresAt, sql`now()`)))
        .returning({ key: demoStudioState.key })
      return rows.length > 0
    },
  }
}
