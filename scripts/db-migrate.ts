// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database.
import { openDatabase } from '#db/client.ts'
import { loadEnv } from '#server/config/env.ts'

const env = loadEnv()
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DATA_DIR },
)
try {
  await database.migrate()
  console.log(`Migrations applied (${database.kind}).`)
} finally {
  await database.close()
}
