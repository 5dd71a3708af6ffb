import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { defineWeeklyCashback } from './cashback.ts'
import { engagementAdminRoutes } from './engagement.admin.routes.ts'
import type { EngagementConsumer } from './engine/consumer.ts'
import { startEngagementEngine } from './engine.ts'
import { loyaltyAdminRoutes } from './loyalty.admin.routes.ts'
import { loyaltyRoutes } from './loyalty.routes.ts'
import { forgetLoyaltyTables } from './loyalty-tables.ts'
import { questRoutes } from './quests.routes.ts'

/**
 * The quests, achievements and loyalty calls, the operators' engagement calls, the engine that
 * applies the domain events, and the weekly VIP cashback (a job).
 */
export const engagementPlugin: FastifyPluginAsync<
  CoreDeps & { engagementConsumers: readonly EngagementConsumer[] }
> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(questRoutes, deps)
    await api.register(loyaltyRoutes, deps)
    await api.register(engagementAdminRoutes, deps)
    await api.register(loyaltyAdminRoutes, deps)
  })
  // Every instance drops its copy when an operator changes the levels or tiers on any of them.
  const unsubscribe = deps.bus.subscribe('loyalty.levels.changed', () => {
    forgetLoyaltyTables(deps.db)
  })
  const engine = deps.config.ENGAGEMENT_ENGINE
    ? startEngagementEngine(deps, app.log)
    : { stop: async () => {} }
  defineWeeklyCashback(deps.jobs, deps, app.log)
  app.addHook('onClose', async () => {
    unsubscribe()
    await engine.stop()
  })
}
