import { openDatabase, DatabaseLockedError } from '#db/client.ts'
import { demoSeedOptions, isDatabaseEmpty, operatorNotice, seedDemoContent } from '#db/seed/seed.ts'
import { EnvError } from '#server/config/env.ts'
import { RetiredStudioSecretError } from '#server/modules/studios/index.ts'
import { loadConfig } from '#server/config/load-config.ts'
import { BUILD_DIR } from '#server/lib/paths.ts'
import { createSecretBox } from '#server/lib/secret-box.ts'
import { sealGameSecrets } from '#server/modules/originals/index.ts'
import { buildApp } from './app.ts'

/** Starts the site: parse env, open and migrate the database, seed, listen, close on signals. */
async function main(): Promise<void> {
  const config = loadConfig()
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { dataDir: config.PGLITE_DATA_DIR },
  )
  await database.migrate()
  // Game secrets stored before they were sealed at rest are sealed now (nothing once done).
  const sealed = await sealGameSecrets(database.db, createSecretBox(config.dataKey))
  if (sealed.seeds + sealed.chains > 0)
    console.log(`Sealed game secrets at rest: ${JSON.stringify(sealed)}`)
  if (await isDatabaseEmpty(database.db)) {
    const operator = await seedDemoContent(database.db, demoSeedOptions(config))
    // Shown once: the generated operator sign-in is stored only as a hash and a sealed secret.
    // Never on a public start, which must be given both (env.ts), so nothing is generated there.
    if (operator.generated) console.log(operatorNotice(operator))
  }

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
  if (
    error instanceof EnvError ||
    error instanceof DatabaseLockedError ||
    error instanceof RetiredStudioSecretError
  ) {
    console.error(error.message)
  } else {
    console.error('Aurum failed to start:', error)
  }
  process.exit(1)
})
