import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setTimeout } from 'node:timers/promises'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '#db/client.ts'
import { withDatabase } from '#tests/setup/global-database.ts'

/**
 * A fresh, migrated database for one test file: a PGlite restored from the run's dump, or a new
 * PostgreSQL database copied from the run's template. Closing it drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate')
  if (template.kind === 'pglite') {
    const dump = new Blob([readFileSync(template.dumpPath)])
    return openDatabase({ loadDataDir: dump })
  }
  const name = `aurum_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: template.url })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`)
  } finally {
    await admin.end()
  }
  const database = await openDatabase({ url: withDatabase(template.url, name) })
  return {
    ...database,
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: template.url })
      await dropper.connect()
      try {
        // Note: pg's pool resolves `end()` before its connections have closed; a forced drop
        // then kills one mid-goodbye, and its client throws outside any test. Wait for them.
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name}`)
            break
          } catch (error) {
            if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error
            await setTimeout(20)
          }
        }
      } finally {
        await dropper.end()
      }
    },
  }
}
