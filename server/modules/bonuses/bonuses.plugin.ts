import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { bonusAdminRoutes } from './bonuses.admin.routes.ts'
import { defineBonusExpiry } from './bonus-expiry.ts'
import { bonusRoutes } from './bonuses.routes.ts'
import { promotionRoutes } from './promotions.routes.ts'

/** The players' bonus calls, the operators' bonus rules, and the expiry sweep (a job). */
export const bonusesPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(bonusRoutes, {
      bus: deps.bus,
      messages: (locale) => deps.site.messages(locale),
    })
    await api.register(bonusAdminRoutes)
    await api.register(promotionRoutes, { countryHeader: deps.config.COUNTRY_HEADER })
  })
  defineBonusExpiry(deps.jobs, {
    db: deps.db,
    bus: deps.bus,
    messages: (locale) => deps.site.messages(locale),
    log: app.log,
  })
}
