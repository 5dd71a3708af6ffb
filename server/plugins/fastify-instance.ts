import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyServerOptions } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from '#server/config/env.ts'
import { AppError } from '#server/lib/errors.ts'

/**
 * `TRUST_PROXY` as Fastify's `trustProxy`. Note: this Fastify trusts nobody when given a bare
 * hop count (a direct client could then forge the headers), so a count becomes the rule it used
 * to mean: the first N hops, counted from the connection, are proxies.
 */
const trustProxyOf = (value: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value

/**
 * Longer URLs are refused with 414 before any routing work. Above React Router's own limit for
 * its route-discovery call (`/__manifest?paths=…`, up to 7,680 characters), which a long lobby
 * page reaches.
 */
const MAX_URL_LENGTH = 8192

/**
 * The Fastify instance with the server-wide options: request ids, proxies, size limits, zod
 * schemas for validation and answers.
 */
export function createFastify(config: Config, logger: FastifyServerOptions['logger']) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // Errors Fastify meets before routing (a malformed percent-encoding) get the usual answer.
    frameworkErrors: (error, request, reply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 'request.malformed_url' : 'request.invalid'
      void reply.server.sendError(request, reply, code)
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  // Outside production every answer is checked against its response schema, so tests catch a
  // handler that drifts from the contract; production trusts the tested handlers and only
  // stringifies (the check costs about a tenth of a small call, docs/benchmarks.md).
  app.setSerializerCompiler(
    config.NODE_ENV === 'production' ? () => JSON.stringify : serializerCompiler,
  )
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id)
    if (request.url.length > MAX_URL_LENGTH) throw new AppError('request.too_long')
  })

  return app
}
