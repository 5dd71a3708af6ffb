import fp from 'fastify-plugin'
import type { Database } from '#db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
  }
}

/** Makes the opened database available to every module; closing the app closes it. */
export default fp(
  async (app, options: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('database', options.database)
    if (options.closeOnShutdown) app.addHook('onClose', () => options.database.close())
  },
  { name: 'database' },
)
