// `npm run db:seed`: the demo content; rows that exist are left as they are, so it can run any time.
import { openDatabase } from '#db/client.ts'
import { demoSeedOptions, operatorNotice, seedDemoContent } from '#db/seed/seed.ts'
import { loadConfig } from '#server/config/load-config.ts'

const env = loadConfig()
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DATA_DIR },
)
try {
  await database.migrate()
  const operator = await seedDemoContent(database.db, demoSeedOptions(env))
  if (operator.generated) console.log(operatorNotice(operator))
  console.log(`Demo content seeded (${database.kind}).`)
} finally {
  await database.close()
}
