// `npm run db:seed`: the demo content; rows that exist are left as they are, so it can run any time.
import { openDatabase } from '#db/client.ts'
import { seedDemoContent } from '#db/seed/seed.ts'
import { loadEnv } from '#server/config/env.ts'

const env = loadEnv()
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DATA_DIR },
)
try {
  await database.migrate()
  await seedDemoContent(database.db)
  console.log(`Demo content seeded (${database.kind}).`)
} finally {
  await database.close()
}
