import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { reportsCsvRoutes, reportsRoutes } from './reports.routes.ts'

/** The console's reports and dashboard (JSON API scope) and the reports' CSV downloads. */
export const reportsPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(reportsRoutes)
  })
  await app.register(reportsCsvRoutes)
}
