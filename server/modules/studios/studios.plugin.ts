import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import type { Studios } from '../catalogue/index.ts'
import { demoStudio, demoStudioGames } from '../../../providers/demo-studio/studio.plugin.ts'
import { memoryNonceStore, redisNonceStore } from './provider-signing.ts'
import { shareStudioSecret } from './studio-secret.ts'
import { databaseStudioStore } from './studio-store.ts'
import { freeSpinsRoutes } from './free-spins.routes.ts'
import { providerApiRoutes, providerLaunchRoutes } from './provider-wallet.routes.ts'
import type { WinCaps } from '../bets/index.ts'
import type { StudioRounds } from './provider-wallet.ts'

export interface StudiosPluginDeps extends CoreDeps {
  winCaps: WinCaps
  /** The studios whose games can be played: this plugin adds the bundled Demo Studio. */
  studios: Studios
  /** The Demo Studio's secret (`settleStudioSecret`), or null when it is off. */
  demoStudioSecret: string | null
  /** What a studio's bet, win and rollback do to the money (a flow: `settleStudioRound`). */
  settleStudioRound: StudioRounds
}

/** The studios' seamless-wallet API, the game launch call, and the bundled Demo Studio. */
export const studiosPlugin: FastifyPluginAsync<StudiosPluginDeps> = async (app, deps) => {
  const { config } = deps
  // Game studios call the seamless wallet from their servers: outside the JSON API scope, like
  // the payment webhooks; an HMAC signature stands in for the browser's marker and CSRF token.
  await app.register(providerApiRoutes, {
    bus: deps.bus,
    secretBox: deps.secretBox,
    nonces: deps.redis ? redisNonceStore(deps.redis.pub) : memoryNonceStore(),
    winCaps: deps.winCaps,
    rounds: deps.settleStudioRound,
  })
  // The bundled Demo Studio: an outside studio served from this process for convenience. It gets
  // its own configuration and reaches the casino only over HTTP, through the API above.
  if (config.isDemoStudioOn && deps.demoStudioSecret) {
    // The studio presents several brands, each a provider here signing with the studio's secret.
    await shareStudioSecret(app.database.db, deps.secretBox, {
      providerIds: Object.keys(demoStudioGames),
      secret: deps.demoStudioSecret,
    })
    await app.register(demoStudio, {
      prefix: '/studio/demo',
      secret: deps.demoStudioSecret,
      casinoUrl: config.DEMO_STUDIO_CASINO_URL ?? `http://127.0.0.1:${config.PORT}`,
      store: databaseStudioStore(app.database.db),
    })
    for (const [brand, games] of Object.entries(demoStudioGames)) {
      deps.studios[brand] = { url: '/studio/demo', games }
    }
  }
  await deps.api(app, async (api) => {
    await api.register(providerLaunchRoutes, {
      studios: deps.studios,
      countryHeader: config.COUNTRY_HEADER,
    })
    await api.register(freeSpinsRoutes)
  })
}
