import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { pageComponentRoutes } from './page-components.routes.ts'
import { siteRoutes } from './site.routes.ts'

/** Settings, menus, pages, feature pages' content blocks, redirects and translations calls. */
export const sitePlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(siteRoutes, { site: deps.site, countryHeader: deps.config.COUNTRY_HEADER })
    await api.register(pageComponentRoutes)
  })
}
