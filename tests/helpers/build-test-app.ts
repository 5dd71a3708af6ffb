import type { FastifyInstance } from 'fastify'
import { afterAll } from 'vitest'
import { buildApp } from '#server/app.ts'
import { parseEnv, toConfig, type Env } from '#server/config/env.ts'
import type { SsrMode } from '#server/plugins/ssr.ts'
import type { Database } from '#db/client.ts'
import { createTestDatabase } from './test-database.ts'
import { TEST_SESSION_SECRET } from './test-secrets.ts'

export { TEST_SESSION_SECRET } from './test-secrets.ts'

export interface TestApp {
  app: FastifyInstance
  database: Database
}

// Every app a test file builds, closed after the file's tests. The hook is registered when the
// file imports this module: vitest never ran one registered from inside a `beforeAll` or a test,
// where most files build their app, so each file's PostgreSQL database was left behind.
const openApps: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(openApps.splice(0).map((app) => app.close()))
})

/**
 * The real app on a fresh database (seeded with the demo content once per run, in the global
 * setup), closed after the file's tests.
 * Environment overrides are given as strings, exactly as the process environment would hold them.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>
    ssr?: SsrMode
    /** Changes the fresh database before the app starts on it (what an older install left). */
    beforeStart?: (database: Database) => Promise<void>
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  await options.beforeStart?.(database)
  const env: Env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: TEST_SESSION_SECRET,
    COUNTRY_HEADER: 'x-test-country',
    REDIS_URL: process.env.TEST_REDIS_URL,
    // Test files share one address and, with Redis, one counter store; the limiter's own test
    // sets a low limit for an address of its own.
    RATE_LIMIT_MAX: '1000000',
    // Test files run in parallel processes, which would starve hashing threads at nice 19.
    PASSWORD_HASH_NICE: '0',
    // The engagement engine writes in the background (a sign-in's quest pays coins and notifies),
    // which other tests' before-and-after counts would see at random: on only where a test asks.
    ENGAGEMENT_ENGINE: 'false',
    // Scheduled jobs likewise (a draw or an expiry at random): tests run them when they ask.
    JOBS: 'false',
    ...options.env,
  })
  const config = toConfig(env, () => TEST_SESSION_SECRET)
  const app = await buildApp({
    config,
    database,
    ssr: options.ssr ?? { mode: 'off' },
  }).catch(async (error: unknown) => {
    // A start that is refused leaves no app to close the database with.
    await database.close()
    throw error
  })
  openApps.push(app)
  await app.ready()
  return { app, database }
}

/** Headers every browser API call sends (the marker header the API scope requires). */
export const API_HEADERS = { 'x-requested-with': 'XMLHttpRequest' } as const
