import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { bonusAdminRoutes } from './bonuses.admin.routes.ts'
import { sweepExpiredBonuses } from './bonus-expiry.ts'
import { bonusRoutes } from './bonuses.routes.ts'
import { promotionRoutes } from './promotions.routes.ts'

/** How often bonuses past their time are expired. */
const EXPIRY_SWEEP_INTERVAL_MS = 60_000

/** The players' bonus calls, the operators' bonus rules, and the expiry sweep. */
export const bonusesPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(bonusRoutes, {
      bus: deps.bus,
      messages: (locale) => deps.site.messages(locale),
    })
    await api.register(bonusAdminRoutes)
    await api.register(promotionRoutes, { countryHeader: deps.config.COUNTRY_HEADER })
  })

  // Every instance sweeps: the sweep's locks skip rows another instance holds.
  let running = false
  const sweep = setInterval(() => {
    if (running) return
    running = true
    sweepExpiredBonuses({
      db: deps.db,
      bus: deps.bus,
      messages: (locale) => deps.site.messages(locale),
      log: app.log,
    })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'bonus expiry sweep failed')
      })
      .finally(() => {
        running = false
      })
  }, EXPIRY_SWEEP_INTERVAL_MS)
  sweep.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweep)
  })
}
