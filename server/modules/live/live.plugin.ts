import type { FastifyPluginAsync } from 'fastify'
import { LIVE_GAMES } from '#common/live-rules.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { createLiveEngine } from './live-engine.ts'
import { LIVE_CHAIN_LENGTH_DEFAULT, liveTimingsOf } from './live-timings.ts'
import { liveRoutes } from './live.routes.ts'
import type { WinCaps } from '../bets/index.ts'

export interface LivePluginDeps extends CoreDeps {
  winCaps: WinCaps
}

/** The live games' calls, and their rounds (an engine per game). */
export const livePlugin: FastifyPluginAsync<LivePluginDeps> = async (app, deps) => {
  const { config } = deps
  const timings = liveTimingsOf(config)
  await deps.api(app, async (api) => {
    await api.register(liveRoutes, { bus: deps.bus, timings, winCaps: deps.winCaps })
  })

  // Every instance starts an engine per game, and the lease lets exactly one of them run each
  // game's rounds; the others wait to take over.
  if (!(config.LIVE_ROUNDS ?? config.NODE_ENV !== 'test')) return
  const engines = LIVE_GAMES.map((game) =>
    createLiveEngine({
      db: deps.db,
      secretBox: deps.secretBox,
      bus: deps.bus,
      log: app.log,
      game,
      timings,
      chainLength: config.LIVE_CHAIN_LENGTH ?? LIVE_CHAIN_LENGTH_DEFAULT,
      winCaps: deps.winCaps,
    }),
  )
  app.addHook('onReady', async () => {
    for (const engine of engines) engine.start()
  })
  app.addHook('preClose', async () => {
    await Promise.all(engines.map((engine) => engine.stop()))
  })
}
