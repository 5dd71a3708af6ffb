import type { FastifyInstance, FastifyRequest } from 'fastify'
import { countryGuard } from '#server/modules/geo/index.ts'
import { requireCsrfToken, requireMarkerHeader } from './request-safety.ts'

/**
 * Registers routes in the JSON API scope: every call carries the marker header, state-changing
 * ones the CSRF token; routes whose config names a `countryCheck` are refused from a blocked
 * country; a player's own state-changing call makes the next read of their player info come from
 * the database. A module plugin puts its player and operator calls here, and registers beside it
 * what browsers do not call (webhooks, the studios' API, development pages).
 */
export type ApiScope = (
  app: FastifyInstance,
  routes: (api: FastifyInstance) => Promise<void>,
) => Promise<void>

export interface ApiScopeOptions {
  /** A trusted proxy's country header. */
  countryHeader: string | undefined
  /** The site's blocked countries (cached by the site service). */
  blockedCountries: () => Promise<readonly string[]>
  /** Drops a player's cached player info, on every instance. */
  forgetPlayer: (playerId: string) => Promise<void>
}

export function createApiScope(options: ApiScopeOptions): ApiScope {
  const forgetPlayerInfo = async (request: FastifyRequest) => {
    const playerId = (await request.session())?.playerId
    if (playerId) await options.forgetPlayer(playerId)
  }
  const refuseBlockedCountries = countryGuard({
    header: options.countryHeader,
    blockedCountries: options.blockedCountries,
  })
  return async (app, routes) => {
    await app.register(async (api) => {
      api.addHook('onRequest', requireMarkerHeader)
      api.addHook('preValidation', requireCsrfToken)
      // Attached to state-changing routes only (and those that ask for the CSRF check), so reads
      // pay nothing for it.
      api.addHook('onRoute', (route) => {
        const methods = [route.method].flat()
        const isWrite = methods.some((method) => method !== 'GET' && method !== 'HEAD')
        if (!isWrite && route.config?.csrf !== true) return
        route.onResponse = [route.onResponse ?? []].flat().concat(forgetPlayerInfo)
      })
      api.addHook('onRoute', refuseBlockedCountries)
      await routes(api)
    })
  }
}
