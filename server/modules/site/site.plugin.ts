import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { menuAdminRoutes } from './menus.admin.routes.ts'
import { pageComponentRoutes } from './page-components.routes.ts'
import { cmsPageAdminRoutes } from './pages.admin.routes.ts'
import { redirectAdminRoutes } from './redirects.admin.routes.ts'
import { settingsAdminRoutes } from './settings.admin.routes.ts'
import { siteRoutes } from './site.routes.ts'
import { translationAdminRoutes } from './translations.admin.routes.ts'

/**
 * Settings, menus, pages, feature pages' content blocks, redirects and translations calls, and
 * the console's calls that edit them.
 */
export const sitePlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  await deps.api(app, async (api) => {
    await api.register(siteRoutes, { site: deps.site, countryHeader: deps.config.COUNTRY_HEADER })
    await api.register(pageComponentRoutes)
    const { bus, site } = deps
    await api.register(cmsPageAdminRoutes, { bus })
    await api.register(menuAdminRoutes, { bus })
    await api.register(settingsAdminRoutes, { bus, site })
    await api.register(translationAdminRoutes, { bus })
    await api.register(redirectAdminRoutes, { bus })
  })
}
