import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#db/client.ts'

/**
 * Migrates one database for the whole run. On PGlite (default) it is dumped to a file each test
 * file starts from; with TEST_DATABASE_URL it becomes a PostgreSQL template that each test file
 * copies into a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = `aurum_tpl_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${template}`)
    await admin.query(`CREATE DATABASE ${template}`)
    const database = await openDatabase({ url: withDatabase(url, template) })
    await database.migrate()
    await database.close()
    project.provide('databaseTemplate', { kind: 'postgres', url, template })
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.end()
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'aurum-test-'))
  const database = await openDatabase({})
  await database.migrate()
  const dump = await database.dumpDataDir?.()
  await database.close()
  if (!dump) throw new Error('PGlite could not dump its data directory')
  const dumpPath = join(dir, 'migrated.tar')
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()))
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath })
  return () => rmSync(dir, { recursive: true, force: true })
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate:
      { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string }
  }
}
