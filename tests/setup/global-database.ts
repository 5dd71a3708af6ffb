import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { spawnSync } from 'node:child_process'
import { openDatabase } from '#db/client.ts'
import { seedDemoContent } from '#db/seed/seed.ts'
import { TEST_DEMO_STUDIO_SECRET, testSecretBox } from '#tests/helpers/test-secrets.ts'
import { PROJECT_ROOT } from '#server/lib/paths.ts'

const TEST_SEED_OPTIONS = {
  secretBox: testSecretBox,
  demoPlayer: true,
  demoStudioSecret: TEST_DEMO_STUDIO_SECRET,
}

/**
 * Migrates and seeds one database for the whole run (the demo content, as `npm start` seeds it).
 * On PGlite (default) it is dumped to a file each test file starts from; with TEST_DATABASE_URL
 * it becomes a PostgreSQL template that each test file copies into a fresh database of its own.
 * A migrated, unseeded dump is kept too, for the tests of the embedded database and the seed. It
 * also builds the pages once.
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
    await seedDemoContent(database.db, TEST_SEED_OPTIONS)
    await database.close()
    project.provide('databaseTemplate', { kind: 'postgres', url, template })
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.end()
      pglite.cleanup()
    }
  }
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath: pglite.seededDumpPath })
  return pglite.cleanup
}

/**
 * A migrated PGlite dumped to a file, and the same seeded: instant fresh databases for each test
 * file (seeding once saves every file about a second).
 */
async function dumpMigratedPglite() {
  const dir = mkdtempSync(join(tmpdir(), 'aurum-test-'))
  const database = await openDatabase({})
  const dumpTo = async (name: string) => {
    const dump = await database.dumpDataDir?.()
    if (!dump) throw new Error('PGlite could not dump its data directory')
    const path = join(dir, name)
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
    return path
  }
  try {
    await database.migrate()
    const dumpPath = await dumpTo('migrated.tar')
    await seedDemoContent(database.db, TEST_SEED_OPTIONS)
    const seededDumpPath = await dumpTo('seeded.tar')
    return {
      dumpPath,
      seededDumpPath,
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    }
  } finally {
    await database.close()
  }
}

/**
 * Page tests render the real production build; it is made fresh for each run, in a folder of its
 * own inside the project (so the server bundle still resolves node_modules). CI builds the site
 * before its tests and names that build in TEST_PAGES_BUILD_DIR: the tests render it instead of
 * building the same pages a second time.
 */
function buildPages(project: TestProject) {
  const built = process.env.TEST_PAGES_BUILD_DIR
  if (built) {
    project.provide('pagesBuildDir', resolve(PROJECT_ROOT, built))
    return
  }
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
