import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export interface MetricsOptions {
  /** Runs before `/metrics` answers: on a public start it asks for a token or an operator. */
  guard?: (request: FastifyRequest) => Promise<void>
}

/** Prometheus metrics at /metrics: process defaults plus a request-duration histogram per route. */
export default fp<MetricsOptions>(
  async (app, options) => {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    })
    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      )
    })
    const onRequest = options.guard ? { onRequest: options.guard } : {}
    app.get('/metrics', { schema: { hide: true }, ...onRequest }, async (_request, reply) => {
      void reply.header('content-type', registry.contentType)
      return registry.metrics()
    })
  },
  { name: 'metrics' },
)
