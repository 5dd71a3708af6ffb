import { randomBytes } from 'node:crypto'
import { openDatabase, DatabaseLockedError } from '#db/client.ts'
import { isDatabaseEmpty, seedDemoContent } from '#db/seed/seed.ts'
import { EnvError, loadEnv, toConfig } from '#server/config/env.ts'
import { BUILD_DIR } from '#server/lib/paths.ts'
import { buildApp } from './app.ts'

/** Starts the site: parse env, open and migrate the database, seed, listen, close on signals. */
async function main(): Promise<void> {
  const config = toConfig(loadEnv(), () => randomBytes(32).toString('base64url'))
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.PGLITE_DATA_DIR },
  )
  await database.migrate()
  if (config.SEED_DEMO && (await isDatabaseEmpty(database.db))) await seedDemoContent(database.db)

  const app = await buildApp({
    config,
    database,
    ssr:
      config.NODE_ENV === 'development'
        ? { mode: 'development' }
        : { mode: 'production', buildDir: BUILD_DIR },
  })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal, exiting at once')
      process.exit(1)
    }
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    // Stops accepting, lets in-flight requests finish, closes sockets, then the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ host: config.HOST, port: config.PORT })
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DatabaseLockedError) {
    console.error(error.message)
  } else {
    console.error('Aurum failed to start:', error)
  }
  process.exit(1)
})
