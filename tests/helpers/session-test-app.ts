import Fastify, { type FastifyInstance } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import type { Database } from '#db/client.ts'
import databasePlugin from '#server/plugins/database.ts'
import errorHandlerPlugin from '#server/plugins/error-handler.ts'
import sessionPlugin from '#server/plugins/session.ts'
import sitePlugin from '#server/plugins/site.ts'
import { createTestDatabase } from './test-database.ts'

/**
 * A small app of the real plugins a session needs (cookies, database, errors, the site's event
 * bus, sessions) on a fresh database, with the test's own routes added by `routes`.
 */
export async function buildSessionTestApp(
  routes: (app: FastifyInstance) => Promise<void> | void,
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await createTestDatabase()
  const app = Fastify({ logger: false })
  await app.register(fastifyCookie)
  await app.register(databasePlugin, { database, closeOnShutdown: true })
  await app.register(errorHandlerPlugin, { localeCookieName: 'aurum_locale' })
  // Sessions announce their end on the site's event bus.
  await app.register(sitePlugin, {})
  await app.register(sessionPlugin, { secureCookies: false })
  await routes(app)
  await app.ready()
  return { app, database }
}
