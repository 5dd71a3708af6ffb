import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { originalsRoutes } from './originals.routes.ts'
import { diceAndSeedRoutes } from './dice-and-seeds.routes.ts'
import type { WinCaps } from '../bets/index.ts'

export interface OriginalsPluginDeps extends CoreDeps {
  winCaps: WinCaps
}

/** The Originals' bets and Mines rounds, and the player's fairness seeds. */
export const originalsPlugin: FastifyPluginAsync<OriginalsPluginDeps> = async (app, deps) => {
  const options = { bus: deps.bus, secretBox: deps.secretBox, winCaps: deps.winCaps }
  await deps.api(app, async (api) => {
    await api.register(diceAndSeedRoutes, options)
    await api.register(originalsRoutes, options)
  })
}
