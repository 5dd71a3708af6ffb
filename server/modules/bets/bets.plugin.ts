import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { betHistoryRoutes } from './bets.routes.ts'

/** The player's bets of every game, and one of them with its proof. */
export const betsPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(betHistoryRoutes)
  })
}
