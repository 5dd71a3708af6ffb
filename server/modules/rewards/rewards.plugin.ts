import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { drawRoutes } from './draws.routes.ts'
import { lootboxRoutes } from './lootboxes.routes.ts'
import { lotteryAdminRoutes } from './lottery.admin.routes.ts'
import { defineLotteryDraws } from './lottery-draw.ts'
import { lotteryRoutes } from './lottery.routes.ts'
import { shopAdminRoutes } from './shop.admin.routes.ts'
import { shopRoutes } from './shop.routes.ts'
import { wheelAdminRoutes } from './wheel.admin.routes.ts'
import { wheelRoutes } from './wheel.routes.ts'

/**
 * The prize wheel, lootboxes, the coin shop and lotteries (issue 24): the players' calls, the
 * operators' calls, and the lottery draws (the `lottery-draws` job queue). Their progress from
 * play comes through the engagement engine (`rewardsConsumers`, handed to it by `server/app.ts`).
 */
export const rewardsPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(wheelRoutes, deps)
    await api.register(lootboxRoutes, deps)
    await api.register(drawRoutes, deps)
    await api.register(shopRoutes, deps)
    await api.register(lotteryRoutes, deps)
    await api.register(wheelAdminRoutes, deps)
    await api.register(shopAdminRoutes, deps)
    await api.register(lotteryAdminRoutes, deps)
  })
  defineLotteryDraws(deps.jobs, {
    db: deps.db,
    bus: deps.bus,
    secretBox: deps.secretBox,
    messages: (locale) => deps.site.messages(locale),
    log: app.log,
  })
}
