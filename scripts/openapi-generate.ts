// `npm run openapi`: writes the OpenAPI document generated from the route schemas to stdout.
import { openDatabase } from '#db/client.ts'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig } from '#server/config/env.ts'

const database = await openDatabase({})
const app = await buildApp({
  config: toConfig(
    parseEnv({ LOG_LEVEL: 'silent' }),
    () => 'openapi-generation-only-secret-000000',
  ),
  database,
  ssr: { mode: 'off' },
})
await app.ready()
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`)
await app.close()
