import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import type { PlayerInfoCache } from './player-info-cache.ts'
import { setPasswordHashNice } from './passwords.ts'
import { playerRoutes, type PlayerRoutesOptions } from './players.routes.ts'

export interface PlayersPluginDeps extends CoreDeps {
  playerInfo: PlayerInfoCache
  /** The sign-up use case (`server/flows/register-player.ts`). */
  registerPlayer: PlayerRoutesOptions['registerPlayer']
}

/** Sign-up, player info, profile and password calls. */
export const playersPlugin: FastifyPluginAsync<PlayersPluginDeps> = async (app, deps) => {
  const { config } = deps
  setPasswordHashNice(config.PASSWORD_HASH_NICE)
  await deps.api(app, async (api) => {
    await api.register(playerRoutes, {
      site: deps.site,
      socketSecret: config.sessionSecret,
      localeCookieName: config.LOCALE_COOKIE_NAME,
      rateLimitMax: config.LOGIN_RATE_LIMIT_MAX,
      playerInfo: deps.playerInfo,
      registerPlayer: deps.registerPlayer,
    })
  })
}
