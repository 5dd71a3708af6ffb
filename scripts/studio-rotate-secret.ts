// `npm run studio:rotate-secret`: seals a new signing secret for the bundled Demo Studio, in place
// of the stored one (for a database that still holds the public development secret of earlier
// versions, or after a leak). With DEMO_STUDIO_SECRET set, that one; else 32 random bytes. The
// secret is never printed: the studio runs in the site's process and reads it from the database.
// Run it while the site is stopped (an embedded database takes one process at a time).
import { openDatabase } from '#db/client.ts'
import { BRANDS } from '../providers/demo-studio/games/types.ts'
import { loadConfig } from '#server/config/load-config.ts'
import { createSecretBox } from '#server/lib/secret-box.ts'
import { newStudioSecret, storeSecret } from '#server/modules/studios/studio-secret.ts'

const config = loadConfig()
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.PGLITE_DATA_DIR },
)
try {
  await database.migrate()
  const secret = config.DEMO_STUDIO_SECRET ?? newStudioSecret()
  // The studio signs for each of its brands with its one secret.
  const secretBox = createSecretBox(config.dataKey)
  let isStored = false
  for (const brand of BRANDS) {
    isStored = (await storeSecret(database.db, secretBox, brand, secret)) || isStored
  }
  console.log(
    isStored
      ? `Demo Studio signing secret rotated (${config.DEMO_STUDIO_SECRET ? 'DEMO_STUDIO_SECRET' : 'a new random one'}, sealed in the database): calls signed with the old one are refused.`
      : 'This database has no Demo Studio (it is seeded at the first start): nothing to rotate.',
  )
} finally {
  await database.close()
}
