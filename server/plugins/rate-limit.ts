import fp from 'fastify-plugin'
import fastifyRateLimit from '@fastify/rate-limit'
import { AppError } from '#server/lib/errors.ts'

/** Requests per address and window, counted in Redis when it is configured (all instances). */
export default fp(
  async (app, options: { max: number; timeWindow: number }) => {
    await app.register(fastifyRateLimit, {
      max: options.max,
      timeWindow: options.timeWindow,
      ...(app.redis && { redis: app.redis.pub, nameSpace: 'aurum:rate:' }),
      errorResponseBuilder: (_request, context) =>
        new AppError('request.rate_limited', {
          params: { waitSeconds: Math.ceil(context.ttl / 1000) },
        }),
    })
  },
  { name: 'rate-limit', dependencies: ['redis'] },
)
