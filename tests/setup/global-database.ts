import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { spawnSync } from 'node:child_process'
import { openDatabase } from '#db/client.ts'
import { PROJECT_ROOT } from '#server/lib/paths.ts'

/**
 * Migrates one database for the whole run. On PGlite (default) it is dumped to a file each test
 * file starts from; with TEST_DATABASE_URL it becomes a PostgreSQL template that each test file
 * copies into a fresh database of its own. It also builds the pages once.
 */
export default async function setup(project: TestProject) {
  buildPages(project)
  const pglite = await dumpMigratedPglite()
  project.provide('pgliteDumpPath', pglite.dumpPath)
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
      pglite.cleanup()
    }
  }
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath: pglite.dumpPath })
  return pglite.cleanup
}

/** A migrated PGlite, dumped to a file: instant fresh databases (and the embedded-database tests). */
async function dumpMigratedPglite() {
  const dir = mkdtempSync(join(tmpdir(), 'aurum-test-'))
  const database = await openDatabase({})
  await database.migrate()
  const dump = await database.dumpDataDir?.()
  await database.close()
  if (!dump) throw new Error('PGlite could not dump its data directory')
  const dumpPath = join(dir, 'migrated.tar')
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()))
  return { dumpPath, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Page tests render the real production build; it is made fresh for each run, in a folder of its
 * own inside the project (so the server bundle still resolves node_modules).
 */
function buildPages(project: TestProject) {
  const buildDir = join(PROJECT_ROOT, '.test-build')
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, AURUM_BUILD_DIR: buildDir },
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`react-router build failed:\n${result.stdout}\n${result.stderr}`)
  project.provide('pagesBuildDir', buildDir)
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    pagesBuildDir: string
    pgliteDumpPath: string
    databaseTemplate:
      { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string }
  }
}
