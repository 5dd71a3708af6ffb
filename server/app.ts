import { constants as zlib } from 'node:zlib'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifyCompress from '@fastify/compress'
import type { Database } from '#db/client.ts'
import type { Config } from '#server/config/env.ts'
import { createJobs } from '#server/lib/jobs.ts'
import { createSecretBox } from '#server/lib/secret-box.ts'
import { registerPlayerFlow } from '#server/flows/register-player.ts'
import { playerProtectionFlow } from '#server/flows/player-protection.ts'
import { creditDepositFlow } from '#server/flows/credit-deposit.ts'
import { decideWithdrawalFlow } from '#server/flows/decide-withdrawal.ts'
import { requestWithdrawalFlow } from '#server/flows/request-withdrawal.ts'
import { settleStudioRound } from '#server/flows/settle-studio-round.ts'
import apiDocsPlugin from '#server/plugins/api-docs.ts'
import { createApiScope } from '#server/plugins/api-scope.ts'
import databasePlugin from '#server/plugins/database.ts'
import { createFastify } from '#server/plugins/fastify-instance.ts'
import errorHandlerPlugin from '#server/plugins/error-handler.ts'
import flagsPlugin from '#server/plugins/flags.ts'
import healthPlugin from '#server/plugins/health.ts'
import metricsPlugin from '#server/plugins/metrics.ts'
import rateLimitPlugin from '#server/plugins/rate-limit.ts'
import redisPlugin from '#server/plugins/redis.ts'
import securityHeadersPlugin from '#server/plugins/security-headers.ts'
import sessionPlugin from '#server/plugins/session.ts'
import sitePlugin from '#server/plugins/site.ts'
import ssrPlugin, { type SsrMode } from '#server/plugins/ssr.ts'
import {
  createPgSessionStore,
  createRedisSessionStore,
  requireOperationsAccess,
} from '#server/modules/auth/index.ts'
import { auditPlugin } from '#server/modules/audit/audit.plugin.ts'
import { authPlugin } from '#server/modules/auth/auth.plugin.ts'
import { betsPlugin } from '#server/modules/bets/bets.plugin.ts'
import { bonusesPlugin } from '#server/modules/bonuses/bonuses.plugin.ts'
import { createPromotions } from '#server/modules/bonuses/index.ts'
import { createGamesCatalogue } from '#server/modules/catalogue/index.ts'
import type { Studios } from '#server/modules/catalogue/index.ts'
import { cataloguePlugin } from '#server/modules/catalogue/catalogue.plugin.ts'
import { documentsPlugin } from '#server/modules/documents/documents.plugin.ts'
import { engagementPlugin } from '#server/modules/engagement/engagement.plugin.ts'
import { createSandboxRegister } from '#server/modules/limits/index.ts'
import { limitsPlugin } from '#server/modules/limits/limits.plugin.ts'
import { livePlugin } from '#server/modules/live/live.plugin.ts'
import type { MessageTransports } from '#server/modules/messaging/index.ts'
import { messagingPlugin } from '#server/modules/messaging/messaging.plugin.ts'
import { notificationsPlugin } from '#server/modules/notifications/notifications.plugin.ts'
import { operatorsPlugin } from '#server/modules/operators/operators.plugin.ts'
import { originalsPlugin } from '#server/modules/originals/originals.plugin.ts'
import { withdrawableAndDeposited } from '#server/modules/payments/index.ts'
import { paymentsPlugin } from '#server/modules/payments/payments.plugin.ts'
import { createPlayerInfoCache } from '#server/modules/players/index.ts'
import { playersPlugin } from '#server/modules/players/players.plugin.ts'
import { realtimePlugin } from '#server/modules/realtime/realtime.plugin.ts'
import { reportsPlugin } from '#server/modules/reports/reports.plugin.ts'
import { rewardsConsumers } from '#server/modules/rewards/index.ts'
import { rewardsPlugin } from '#server/modules/rewards/rewards.plugin.ts'
import { sitePlugin as siteModulePlugin } from '#server/modules/site/site.plugin.ts'
import { settleStudioSecret } from '#server/modules/studios/index.ts'
import { studiosPlugin } from '#server/modules/studios/studios.plugin.ts'
import { tournamentConsumers } from '#server/modules/tournaments/index.ts'
import { tournamentsPlugin } from '#server/modules/tournaments/tournaments.plugin.ts'
import { verificationPlugin } from '#server/modules/verification/verification.plugin.ts'
import { walletPlugin } from '#server/modules/wallet/wallet.plugin.ts'
import { createWinCaps } from '#server/modules/bets/index.ts'

export interface BuildAppOptions {
  config: Config
  database: Database
  ssr: SsrMode
  /** Close the database with the app (false when a test shares one database across apps). */
  closeDatabase?: boolean
  logger?: FastifyServerOptions['logger']
  /** E-mail and SMS hand-over; by default SMTP when `SMTP_URL` is set (tests pass fakes). */
  transports?: MessageTransports
}

/** Builds the whole site: infrastructure, then the modules, then the pages. `server.ts` listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const { db } = database
  const secretBox = createSecretBox(config.dataKey)
  // The Demo Studio's secret is this installation's (studio-secret.ts): settled before anything
  // opens, since a database holding a published one stops the start.
  const demoStudioSecret = await settleStudioSecret(db, secretBox, {
    providerId: 'demo-studio',
    given: config.DEMO_STUDIO_SECRET,
    generate: config.isDemoStudioOn,
  })
  const app = createFastify(config, options.logger)

  // Infrastructure.
  await app.register(redisPlugin, { url: config.REDIS_URL })
  const { redis } = app
  await app.register(fastifyCookie)
  await app.register(databasePlugin, {
    database,
    closeOnShutdown: options.closeDatabase ?? true,
  })
  await app.register(errorHandlerPlugin, { localeCookieName: config.LOCALE_COOKIE_NAME })
  await app.register(sitePlugin, redis ? { redis: { pub: redis.pub, sub: redis.busSub } } : {})
  // Sessions live in Redis when it is configured (keys expire by themselves), else in PostgreSQL.
  const sessionStore = redis ? createRedisSessionStore(redis.pub) : createPgSessionStore(db)
  // Secure cookies and HSTS for every request that came over TLS (directly, or as a trusted proxy
  // says), and for all of them when the public address is https.
  const isPublicHttps = config.PUBLIC_URL?.startsWith('https:') ?? false
  await app.register(sessionPlugin, { secureCookies: isPublicHttps, store: sessionStore })
  await app.register(securityHeadersPlugin, { hsts: isPublicHttps })
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await app.register(rateLimitPlugin, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
  })
  // On a public start the operations pages need a token or an operator: they map the whole API
  // and the process's load for anyone who looks.
  const guard = config.isPublicStart ? requireOperationsAccess(config.METRICS_TOKEN) : undefined
  await app.register(metricsPlugin, guard ? { guard } : {})
  await app.register(apiDocsPlugin, guard ? { guard } : {})
  await app.register(flagsPlugin)
  await app.register(healthPlugin)

  // The modules, from one dependency object.
  const playerInfo = createPlayerInfoCache({
    db,
    bus: app.bus,
    socketSecret: config.sessionSecret,
    loadMoney: withdrawableAndDeposited,
  })
  const jobs = createJobs(db, { work: config.JOBS, log: app.log })
  // The national self-exclusion register asked at sign-up and sign-in: the sandbox one is the only
  // register there is (a real one is another `ExclusionRegister`).
  const exclusionRegister = createSandboxRegister(db)
  const deps = {
    config,
    db,
    bus: app.bus,
    jobs,
    site: app.site,
    secretBox,
    redis,
    api: createApiScope({
      countryHeader: config.COUNTRY_HEADER,
      blockedCountries: async () => (await app.site.settings()).blockedCountries,
      forgetPlayer: (playerId: string) => playerInfo.forget(playerId),
    }),
    sessionStore,
    playerInfo,
    // The maximum win per bet of every game (an operator setting, per currency by the rate table).
    winCaps: createWinCaps(db, () => app.site.settings()),
    studios: {} as Studios,
    demoStudioSecret,
    // The use cases that span modules, handed to the modules whose routes start them.
    registerPlayer: registerPlayerFlow({
      db,
      bus: app.bus,
      blockedCountries: async () => (await app.site.settings()).blockedCountries,
      messages: (locale) => app.site.messages(locale),
      register: exclusionRegister,
    }),
    playerProtection: playerProtectionFlow({
      db,
      bus: app.bus,
      sessions: sessionStore,
      register: exclusionRegister,
    }),
    creditDeposit: creditDepositFlow({
      db,
      bus: app.bus,
      messages: (locale) => app.site.messages(locale),
      rules: async () => ({
        depositWagerMultiplier: (await app.site.settings()).depositWagerMultiplier,
      }),
    }),
    requestWithdrawal: requestWithdrawalFlow({ db, bus: app.bus }),
    decideWithdrawal: decideWithdrawalFlow({
      db,
      bus: app.bus,
      messages: (locale) => app.site.messages(locale),
    }),
    settleStudioRound,
    // The rules the engagement engine applies with its own (wheel progress, tickets, tournament
    // scores).
    engagementConsumers: [...rewardsConsumers, ...tournamentConsumers],
    transports: options.transports,
    // The development pages (the outbox, the sandbox payments): never on a public start, and
    // each answers loopback requests only.
    devPages: !config.isPublicStart && (config.NODE_ENV !== 'production' || config.DEV_OUTBOX),
  }
  await app.register(messagingPlugin, deps)
  await app.register(authPlugin, deps)
  await app.register(operatorsPlugin, deps)
  await app.register(auditPlugin, deps)
  await app.register(siteModulePlugin, deps)
  await app.register(notificationsPlugin, deps)
  await app.register(playersPlugin, deps)
  await app.register(documentsPlugin, deps)
  await app.register(verificationPlugin, deps)
  await app.register(walletPlugin, deps)
  await app.register(paymentsPlugin, deps)
  await app.register(limitsPlugin, deps)
  await app.register(bonusesPlugin, deps)
  await app.register(studiosPlugin, deps)
  await app.register(cataloguePlugin, deps)
  await app.register(originalsPlugin, deps)
  await app.register(betsPlugin, deps)
  await app.register(livePlugin, deps)
  await app.register(engagementPlugin, deps)
  await app.register(rewardsPlugin, deps)
  await app.register(tournamentsPlugin, deps)
  await app.register(reportsPlugin, deps)
  await app.register(realtimePlugin, deps)
  // Every module has defined its queues: the jobs start with the app, and stop before the modules
  // and the database close (hooks added last close first).
  app.addHook('onReady', () => jobs.start())
  app.addHook('onClose', () => jobs.stop())

  // The pages.
  await app.register(ssrPlugin, {
    ssr: options.ssr,
    localeCookieName: config.LOCALE_COOKIE_NAME,
    localeCookieCrossOrigin: config.LOCALE_COOKIE_CROSS_ORIGIN,
    detectBrowserLanguage: config.DETECT_BROWSER_LANGUAGE,
    analyticsUrl: config.ANALYTICS_URL ?? null,
    socketSecret: config.sessionSecret,
    games: createGamesCatalogue(db, deps.studios),
    promotions: createPromotions(db),
    countryHeader: config.COUNTRY_HEADER,
  })
  return app
}
