import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import type { Database } from '#db/client.ts'
import type { StudioStore } from '../../../providers/demo-studio/store.ts'
import { databaseStudioStore } from './studio-store.ts'
import { demoStudioState } from './studios.tables.ts'

// The Demo Studio's store in the casino's database (demo_studio_state): every claim the round
// protocol makes (an open round, a move, the last move's payment, play money) is one of these
// compare-and-sets, so their semantics are the studio's guarantee against paying twice.

let database: Database
let store: StudioStore
beforeAll(async () => {
  database = await createTestDatabase()
  store = databaseStudioStore(database.db)
})
afterAll(async () => {
  await database.close()
})

const HOUR = 60 * 60_000
const key = () => `test:${randomUUID()}`

/** Makes the key's row expired, as time would. */
const expire = (name: string) =>
  database.db
    .update(demoStudioState)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(demoStudioState.key, name))

describe('the studio’s store in the database', () => {
  it('keeps values as JSON with bigints exact', async () => {
    const name = key()
    const value = { balance: 12_345_678_901_234_567_890n, nested: { list: [1n, 'a', null] }, at: 'x' }
    expect(await store.create(name, value, HOUR)).toBe(true)
    expect((await store.get(name))?.value).toEqual(value)
    expect(await store.get(key())).toBeNull()
  })

  it('refuses to create over a live key, and takes over an expired one', async () => {
    const name = key()
    expect(await store.create(name, { n: 1 }, HOUR)).toBe(true)
    expect(await store.create(name, { n: 2 }, HOUR)).toBe(false)
    expect((await store.get(name))?.value).toEqual({ n: 1 })
    await expire(name)
    expect(await store.get(name)).toBeNull()
    expect(await store.create(name, { n: 3 }, HOUR)).toBe(true)
    expect((await store.get(name))?.value).toEqual({ n: 3 })
  })

  it('replaces only at the version it read, each replace moving the version on', async () => {
    const name = key()
    await store.create(name, { n: 1 }, HOUR)
    const v1 = (await store.get(name))?.version ?? 0
    expect(await store.replace(name, v1, { n: 2 }, HOUR)).toBe(true)
    // A second writer that read the first version too loses.
    expect(await store.replace(name, v1, { n: 99 }, HOUR)).toBe(false)
    expect(await store.get(name)).toEqual({ value: { n: 2 }, version: v1 + 1 })
    expect(await store.replace(name, v1 + 1, { n: 3 }, HOUR)).toBe(true)
    expect(await store.replace(name, v1 + 1, { n: 98 }, HOUR)).toBe(false)
    expect(await store.get(name)).toEqual({ value: { n: 3 }, version: v1 + 2 })
    expect(await store.replace(key(), v1, { n: 1 }, HOUR)).toBe(false)
  })

  it('removes only at the version it read', async () => {
    const name = key()
    await store.create(name, { n: 1 }, HOUR)
    const v1 = (await store.get(name))?.version ?? 0
    await store.replace(name, v1, { n: 2 }, HOUR)
    expect(await store.remove(name, v1)).toBe(false)
    expect(await store.get(name)).not.toBeNull()
    expect(await store.remove(name, v1 + 1)).toBe(true)
    expect(await store.get(name)).toBeNull()
    expect(await store.remove(name, v1 + 1)).toBe(false)
    // Once removed, the key can be created again, at a version the removed value never had: a
    // writer still holding one of those claims nothing (a finished round is never stored again).
    expect(await store.create(name, { n: 4 }, HOUR)).toBe(true)
    for (const old of [v1, v1 + 1]) {
      expect(await store.replace(name, old, { n: 5 }, HOUR)).toBe(false)
    }
    expect((await store.get(name))?.value).toEqual({ n: 4 })
  })

  it('lets nobody change an expired value, nor one taken over, with the version read before', async () => {
    const name = key()
    await store.create(name, { owner: 'first' }, HOUR)
    const stale = await store.get(name)
    await expire(name)
    // Expired: as good as gone, for a replace or a remove as for a read.
    expect(await store.replace(name, stale?.version ?? 0, { owner: 'late' }, HOUR)).toBe(false)
    expect(await store.remove(name, stale?.version ?? 0)).toBe(false)
    // Taken over by a new value: the version read from the old one claims nothing.
    expect(await store.create(name, { owner: 'second' }, HOUR)).toBe(true)
    expect(await store.replace(name, stale?.version ?? 0, { owner: 'late' }, HOUR)).toBe(false)
    expect(await store.remove(name, stale?.version ?? 0)).toBe(false)
    const now = await store.get<{ owner: string }>(name)
    expect(now?.value).toEqual({ owner: 'second' })
    expect(await store.replace(name, now?.version ?? 0, { owner: 'second', moved: true }, HOUR)).toBe(true)
  })

  it('lets exactly one of many writers at once claim a version', async () => {
    const name = key()
    await store.create(name, { n: 0 }, HOUR)
    const v1 = (await store.get(name))?.version ?? 0
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) => store.replace(name, v1, { n: index + 1 }, HOUR)),
    )
    expect(claims.filter(Boolean)).toHaveLength(1)
    const removals = await Promise.all(Array.from({ length: 8 }, () => store.remove(name, v1 + 1)))
    expect(removals.filter(Boolean)).toHaveLength(1)
    const creates = await Promise.all(Array.from({ length: 8 }, (_, n) => store.create(name, { n }, HOUR)))
    expect(creates.filter(Boolean)).toHaveLength(1)
  })
})
