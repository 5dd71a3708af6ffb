import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import {
  SESSION_IDLE_TIMEOUT_MS,
  createSession,
  deleteExpiredSessions,
  findSession,
} from './sessions.ts'
import { sessions } from './auth.tables.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

describe('sessions', () => {
  it('live for 1800 s of inactivity, and activity extends them', async () => {
    const start = new Date('2026-01-01T00:00:00Z')
    const { cookie } = await createSession(database.db, start)
    const later = new Date(start.getTime() + SESSION_IDLE_TIMEOUT_MS - 1000)
    expect(await findSession(database.db, cookie, later)).toBeDefined()
    // The read above restarted the idle clock.
    const muchLater = new Date(later.getTime() + SESSION_IDLE_TIMEOUT_MS - 1000)
    expect(await findSession(database.db, cookie, muchLater)).toBeDefined()
    expect(
      await findSession(
        database.db,
        cookie,
        new Date(muchLater.getTime() + SESSION_IDLE_TIMEOUT_MS),
      ),
    ).toBeUndefined()
  })

  it('are unknown by any other cookie value', async () => {
    await createSession(database.db)
    expect(await findSession(database.db, 'not-a-session')).toBeUndefined()
  })

  it('that went idle are swept away', async () => {
    await database.db.delete(sessions)
    const old = new Date('2020-01-01T00:00:00Z')
    await createSession(database.db, old)
    const { cookie } = await createSession(database.db)
    await deleteExpiredSessions(database.db)
    const rows = await database.db.select().from(sessions)
    expect(rows).toHaveLength(1)
    expect(await findSession(database.db, cookie)).toBeDefined()
  })
})
