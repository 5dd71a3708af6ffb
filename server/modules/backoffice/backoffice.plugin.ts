import type { FastifyPluginAsync } from 'fastify'
import type { SessionStore } from '#server/modules/auth/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { adjustmentRoutes } from './adjustments.routes.ts'
import { playerConsoleRoutes } from './players.routes.ts'

export interface BackofficePluginDeps extends CoreDeps {
  sessionStore: SessionStore
}

/**
 * The console's player views and actions: a composition module that reads across the modules
 * and calls their rules (locks in players, 2FA in auth, four-eyes adjustments in wallet); no
 * module imports it.
 */
export const backofficePlugin: FastifyPluginAsync<BackofficePluginDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(playerConsoleRoutes, { sessionStore: deps.sessionStore, site: deps.site })
    await api.register(adjustmentRoutes, { site: deps.site })
  })
}
