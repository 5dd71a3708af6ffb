import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { CoreDeps } from '#server/plugins/module-deps.ts'

// PLACEHOLDER (admin helper): the operators' calls.
export const tournamentAdminRoutes: FastifyPluginAsyncZod<CoreDeps> = async () => {}
