import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { authRoutes, type AuthRoutesOptions } from './auth.routes.ts'
import type { SessionStore } from './sessions.ts'
import { twoFactorRoutes } from './two-factor.routes.ts'

/** How often idle sessions are deleted. */
const SESSION_SWEEP_INTERVAL_MS = 5 * 60_000

export interface AuthPluginDeps extends CoreDeps {
  sessionStore: SessionStore
  /** Player protection at sign-in (`server/flows/player-protection.ts`). */
  playerProtection: Pick<AuthRoutesOptions, 'atSignIn'>
}

/** Sign-in, sign-out, the CSRF token and two-factor calls; the sweep of idle sessions. */
export const authPlugin: FastifyPluginAsync<AuthPluginDeps> = async (app, deps) => {
  const { config } = deps
  await deps.api(app, async (api) => {
    await api.register(authRoutes, {
      site: deps.site,
      countryHeader: config.COUNTRY_HEADER,
      loginRateLimitMax: config.LOGIN_RATE_LIMIT_MAX,
      secretBox: deps.secretBox,
      localeCookieName: config.LOCALE_COOKIE_NAME,
      atSignIn: deps.playerProtection.atSignIn,
    })
    await api.register(twoFactorRoutes, { secretBox: deps.secretBox })
  })

  // Every instance sweeps: deleting expired sessions is idempotent.
  const sweep = setInterval(() => {
    deps.sessionStore.sweep().catch((error: unknown) => {
      app.log.warn({ err: error }, 'expired-session sweep failed')
    })
  }, SESSION_SWEEP_INTERVAL_MS)
  sweep.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweep)
  })
}
