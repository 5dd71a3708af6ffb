import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { auditCsvRoutes, auditRoutes } from './audit.routes.ts'

/** The audit log's console calls: the search (JSON API scope) and its CSV download. */
export const auditPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(auditRoutes)
  })
  await app.register(auditCsvRoutes)
}
