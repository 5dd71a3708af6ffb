import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR } from '#server/lib/paths.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle; use cases take `Db | Tx` so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Runs a statement whose text is the same on every call under `name`: node-postgres prepares it
 * once per connection, so PostgreSQL plans it once rather than on every call (PGlite, one
 * connection in the process, ignores the name). For the hottest statements only: every other
 * query is built with Drizzle. Note: it goes to the session's own client (node-postgres's pool or
 * the transaction's connection, or PGlite), past Drizzle's prepared-query wrapper, which cost
 * the bet path more than the call itself (it checks every parameter for a placeholder).
 */
export async function executePrepared<Row>(
  db: Db | Tx,
  name: string,
  text: string,
  params: unknown[],
): Promise<Row[]> {
  const { client } = db._.session as unknown as {
    client: pg.Pool | pg.PoolClient | Pick<PGlite, 'query'>
  }
  const result =
    client instanceof pg.Pool || client instanceof pg.Client
      ? await client.query<Row & pg.QueryResultRow>({ name, text, values: params })
      : await client.query<Row>(text, params)
  return result.rows
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
  /** PGlite only: a snapshot that another instance can start from (tests clone a migrated one). */
  dumpDataDir?: () => Promise<Blob | File>
}

export type DatabaseOptions =
  /** `poolSize`: connections at most (10 when unset). */
  | { url: string; poolSize?: number }
  /** `dataDir` omitted: in memory. `loadDataDir`: start from a dump (tests). */
  | { dataDir?: string; loadDataDir?: Blob | File }

export class DatabaseLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already open in process ${pid}. ` +
        'Stop that process first (only one process may open it), or set DATABASE_URL to use PostgreSQL.',
    )
    this.name = 'DatabaseLockedError'
  }
}

/**
 * Note: PGlite has no lock of its own, and two processes writing one data directory silently lose
 * rows. The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`
  mkdirSync(dirname(lockPath), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(dataDir, pid)
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not lock ${lockPath}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR })
      },
      ping: async () => {
        await db.execute(sql`select 1`)
      },
      close: () => pool.end(),
    }
  }

  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined
  const unlock = dataDir ? lockDataDir(dataDir) : () => {}
  let client: PGlite
  try {
    if (dataDir) mkdirSync(dataDir, { recursive: true })
    client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir })
  } catch (error) {
    unlock()
    throw error
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR })
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      try {
        await client.close()
      } finally {
        unlock()
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  }
}
