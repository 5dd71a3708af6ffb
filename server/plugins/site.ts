import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { createEventBus, type EventBus } from '#server/lib/event-bus.ts'
import { createSiteService, type SiteService } from '#server/modules/site/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus
    site: SiteService
  }
}

/** The domain-event bus and the site content service every page and call reads. */
export default fp(
  async (app, options: { redis?: { pub: Redis; sub: Redis } }) => {
    const bus = await createEventBus({
      onListenerError: (error, name) =>
        app.log.error({ err: error, event: name }, 'event listener failed'),
      ...(options.redis && { redis: options.redis }),
    })
    app.decorate('bus', bus)
    app.decorate('site', createSiteService(app.database.db, bus))
    app.addHook('onClose', () => bus.close())
  },
  { name: 'site', dependencies: ['database'] },
)
