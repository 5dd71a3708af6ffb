import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { CoreDeps } from '#server/plugins/module-deps.ts'

// PROTECTION-ROUTES: helper A writes the players' and operators' protection calls here.
export const protectionRoutes: FastifyPluginAsyncZod<CoreDeps> = async () => {}
