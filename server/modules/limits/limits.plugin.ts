import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import type { PlayerProtectionFlows } from './protection.ts'
import { protectionRoutes } from './protection.routes.ts'

export interface LimitsPluginDeps extends CoreDeps {
  /** The protection use cases that span modules (`server/flows/player-protection.ts`). */
  playerProtection: PlayerProtectionFlows
}

/**
 * Player protection (issue 26, docs/decisions/018): the players' calls (breaks, the reality
 * check, the play-time limit, the limit prompt, closing the account) and the operators' view.
 * The deposit, loss and wager limits' calls stay with the cashier's (`payments`).
 */
export const limitsPlugin: FastifyPluginAsync<LimitsPluginDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(protectionRoutes, {
      flows: deps.playerProtection,
      rateLimitMax: deps.config.LOGIN_RATE_LIMIT_MAX,
    })
  })
}
