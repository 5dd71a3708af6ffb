import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { CoreDeps } from '#server/plugins/module-deps.ts'

// PLACEHOLDER (routes helper): list, details, board, join.
export const tournamentRoutes: FastifyPluginAsyncZod<CoreDeps> = async () => {}
