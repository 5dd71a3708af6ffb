import type { FastifyPluginAsync } from 'fastify'

/**
 * `/healthz` (the process answers) and `/readyz` (the database and Redis answer too), for the
 * orchestrator; never rate limited.
 */
const healthPlugin: FastifyPluginAsync = async (app) => {
  const options = { schema: { hide: true }, config: { rateLimit: false } }
  app.get('/healthz', options, () => ({ status: 'ok' }))
  app.get('/readyz', options, async (_request, reply) => {
    try {
      await app.database.ping()
      if (app.redis) await app.redis.pub.ping()
      return { status: 'ready' }
    } catch (error) {
      app.log.warn({ err: error }, 'not ready')
      return reply.status(503).send({ status: 'unavailable' })
    }
  })
}

export default healthPlugin
