import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * The OpenAPI document generated from the route schemas (`/openapi.json`) and its browsable page
 * (`/docs/api`). Registered before the routes, which it collects as they are added.
 */
export default fp(
  async (app, options: { guard?: (request: FastifyRequest) => Promise<void> }) => {
    const guarded = options.guard ? { onRequest: options.guard } : {}
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Aurum API',
          version: '1.0.0',
          description:
            'Every call sends `X-Requested-With: XMLHttpRequest`; state-changing calls also send the session CSRF token from `GET /csrf/get-new` in `X-CSRF-Token`. Answers use one envelope: `success`, `data`, `message`, `errors`.',
        },
        components: {
          securitySchemes: {
            // Game studios' seamless-wallet calls (/provider-api/v1/*, docs/provider-api.md).
            providerSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'Aurum-Signature',
              description:
                '`v1=` + hex HMAC-SHA256, under the provider’s secret, of `Aurum-Timestamp`, `Aurum-Nonce`, the method, the path and the body joined by newlines; with `Aurum-Provider`, `Aurum-Timestamp` (Unix seconds, within 5 minutes) and `Aurum-Nonce` (never reused).',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    })
    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs/api',
      staticCSP: true,
      uiHooks: guarded,
    })
    app.get('/openapi.json', { schema: { hide: true }, ...guarded }, () => app.swagger())
  },
  { name: 'api-docs' },
)
