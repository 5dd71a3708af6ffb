import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { catalogueRoutes, gameArtRoutes } from './catalogue.routes.ts'
import type { Studios } from './playable.ts'

export interface CataloguePluginDeps extends CoreDeps {
  studios: Studios
}

/** The game catalogue calls, and the games' art (images, outside the JSON API). */
export const cataloguePlugin: FastifyPluginAsync<CataloguePluginDeps> = async (app, deps) => {
  await app.register(gameArtRoutes)
  await deps.api(app, async (api) => {
    await api.register(catalogueRoutes, {
      countryHeader: deps.config.COUNTRY_HEADER,
      studios: deps.studios,
    })
  })
}
