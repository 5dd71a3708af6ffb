// `npm run openapi`: writes the OpenAPI document generated from the route schemas to stdout.
import { openDatabase } from '#db/client.ts'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig } from '#server/config/env.ts'

const database = await openDatabase({})
const app = await buildApp({
  // A session secret of its own: the data key derives from it (the document needs no real one).
  config: toConfig(
    parseEnv({
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'openapi-generation-only-secret-000000',
      // The document needs no live rounds running.
      LIVE_ROUNDS: 'false',
    }),
    () => 'openapi-generation-only-secret-000000',
  ),
  database,
  ssr: { mode: 'off' },
})
await app.ready()
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`)
await app.close()
