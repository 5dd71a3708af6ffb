import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { documentRoutes } from './documents.routes.ts'

/** Identity documents: the players' uploads and the operators' review. */
export const documentsPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(documentRoutes, { uploadDir: deps.config.UPLOAD_DIR, bus: deps.bus })
  })
}
