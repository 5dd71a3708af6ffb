import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { defineTournamentJobs } from './schedule.ts'
import { watchTournamentContent } from './scoring.ts'
import { tournamentAdminRoutes } from './tournaments.admin.routes.ts'
import { tournamentRoutes } from './tournaments.routes.ts'

/**
 * Tournaments (issue 25): the players' calls (list, details, board, join), the operators' calls,
 * and the start and finish jobs. Scores come through the engagement engine
 * (`tournamentConsumers`, handed to it by `server/app.ts`).
 */
export const tournamentsPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(tournamentRoutes, deps)
    await api.register(tournamentAdminRoutes, deps)
  })
  defineTournamentJobs(deps, app.log)
  // The scorer's cached tournaments follow operators' edits on every instance.
  const unwatch = watchTournamentContent(deps.bus, deps.db)
  app.addHook('onClose', async () => {
    unwatch()
  })
}
