import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { notificationRoutes } from './notifications.routes.ts'

/** The players' notification calls and the operators' send call. */
export const notificationsPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(notificationRoutes, { site: deps.site, bus: deps.bus })
  })
}
