import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { verificationRoutes } from './verification.routes.ts'

/** E-mail and phone verification and password reset calls. */
export const verificationPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(verificationRoutes, { codeSecret: deps.config.sessionSecret })
  })
}
