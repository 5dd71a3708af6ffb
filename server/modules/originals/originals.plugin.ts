import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { originalsRoutes } from './originals.routes.ts'
import { gameRoutes } from './seeds-and-bets.routes.ts'
import type { WinCaps } from '../bets/index.ts'

export interface OriginalsPluginDeps extends CoreDeps {
  winCaps: WinCaps
}

/** The Originals' bets and Mines rounds, fairness seeds, and the player's bets. */
export const originalsPlugin: FastifyPluginAsync<OriginalsPluginDeps> = async (app, deps) => {
  const options = { bus: deps.bus, secretBox: deps.secretBox, winCaps: deps.winCaps }
  await deps.api(app, async (api) => {
    await api.register(gameRoutes, options)
    await api.register(originalsRoutes, options)
  })
}
