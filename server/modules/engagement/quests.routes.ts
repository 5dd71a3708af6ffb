import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'

// PLACEHOLDER (issue 23 foundation): replaced by its part before the issue lands.
export const questRoutes: FastifyPluginAsync<CoreDeps> = async () => {}
