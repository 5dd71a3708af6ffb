import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { operatorsAdminRoutes } from './operators.admin.routes.ts'
import { operatorRoutes } from './operators.routes.ts'

/** The operators' own sign-in and account calls. */
export const operatorsPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(operatorRoutes, {
      secretBox: deps.secretBox,
      loginRateLimitMax: deps.config.LOGIN_RATE_LIMIT_MAX,
    })
    await api.register(operatorsAdminRoutes, { secretBox: deps.secretBox })
  })
}
