import { randomInt, randomUUID } from 'node:crypto'
import { constants as zlib } from 'node:zlib'
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifyCompress from '@fastify/compress'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import fastifyStatic from '@fastify/static'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import type { Database } from '#db/client.ts'
import type { Config } from '#server/config/env.ts'
import { AppError } from '#server/lib/errors.ts'
import databasePlugin from '#server/plugins/database.ts'
import errorHandlerPlugin from '#server/plugins/error-handler.ts'
import metricsPlugin from '#server/plugins/metrics.ts'
import securityHeadersPlugin from '#server/plugins/security-headers.ts'
import sessionPlugin from '#server/plugins/session.ts'
import sitePlugin from '#server/plugins/site.ts'
import ssrPlugin, { type SsrMode } from '#server/plugins/ssr.ts'
import { requireCsrfToken, requireMarkerHeader } from '#server/plugins/request-safety.ts'
import {
  authRoutes,
  createPgSessionStore,
  createRedisSessionStore,
  requireOperationsAccess,
  twoFactorRoutes,
} from '#server/modules/auth/index.ts'
import { operatorRoutes } from '#server/modules/operators/index.ts'
import { createSecretBox } from '#server/lib/secret-box.ts'
import { siteRoutes } from '#server/modules/site/index.ts'
import { notificationRoutes } from '#server/modules/notifications/notifications.routes.ts'
import { playerRoutes } from '#server/modules/players/players.routes.ts'
import { registerPlayerFlow } from '#server/flows/register-player.ts'
import { createPlayerInfoCache } from '#server/modules/players/player-info-cache.ts'
import { setPasswordHashNice } from '#server/modules/players/passwords.ts'
import { documentRoutes } from '#server/modules/documents/documents.routes.ts'
import {
  linkOriginOf,
  type MessageTransports,
  messagingPlugin,
  transportsFromConfig,
} from '#server/modules/messaging/index.ts'
import { verificationRoutes } from '#server/modules/verification/index.ts'
import { attachRealtime } from '#server/modules/realtime/index.ts'
import {
  createRatesProvider,
  scheduleRatesRefresh,
  walletRoutes,
} from '#server/modules/wallet/index.ts'
import { gameRoutes } from '#server/modules/originals/seeds-and-bets.routes.ts'
import { playUsageRows } from '#server/modules/bets/play-usage.ts'
import {
  catalogueRoutes,
  createGamesCatalogue,
  gameArtRoutes,
} from '#server/modules/catalogue/catalogue.routes.ts'
import { originalsRoutes } from '#server/modules/originals/originals.routes.ts'
import { createWinCaps } from '#server/modules/catalogue/win-caps.ts'
import { liveRoutes } from '#server/modules/live/live.routes.ts'
import { createLiveEngine } from '#server/modules/live/live-engine.ts'
import { LIVE_CHAIN_LENGTH_DEFAULT, liveTimingsOf } from '#server/modules/live/live-timings.ts'
import { LIVE_GAMES } from '#common/live-rules.ts'
import {
  providerApiRoutes,
  providerLaunchRoutes,
} from '#server/modules/studios/provider-wallet.routes.ts'
import { memoryNonceStore, redisNonceStore } from '#server/modules/studios/provider-signing.ts'
import { settleStudioSecret } from '#server/modules/studios/studio-secret.ts'
import type { Studios } from '#server/modules/catalogue/playable.ts'
import { countryGuard } from '#server/modules/geo/index.ts'
import { demoStudio, demoStudioGames } from '../providers/demo-studio/studio.plugin.ts'
import { createSandboxPsp } from '../providers/sandbox-psp/psp.ts'
import { sandboxPspPlugin } from '../providers/sandbox-psp/psp.plugin.ts'
import {
  type CashierRules,
  createProviders,
  paymentRoutes,
  paymentWebhookPlugin,
} from '#server/modules/payments/index.ts'
import { withdrawalRoutes } from '#server/modules/payments/withdrawals.routes.ts'
import { transactionRoutes } from '#server/modules/payments/transactions.routes.ts'
import { withdrawableAndDeposited } from '#server/modules/payments/transactions.ts'
import { paymentsAdminRoutes } from '#server/modules/payments/payments.admin.routes.ts'

/** How often idle sessions are deleted. */
const SESSION_SWEEP_INTERVAL_MS = 5 * 60_000

/**
 * `TRUST_PROXY` as Fastify's `trustProxy`. Note: this Fastify trusts nobody when given a bare
 * hop count (a direct client could then forge the headers), so a count becomes the rule it used
 * to mean: the first N hops, counted from the connection, are proxies.
 */
const trustProxyOf = (value: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value

/**
 * Longer URLs are refused with 414 before any routing work. Above React Router's own limit for
 * its route-discovery call (`/__manifest?paths=…`, up to 7,680 characters), which a long lobby
 * page reaches.
 */
export const MAX_URL_LENGTH = 8192

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

/** Builds the whole site: plugins, API modules, realtime and pages. `server.ts` only listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options
  const secretBox = createSecretBox(config.dataKey)
  // The Demo Studio's secret is this installation's (studio-secret.ts): settled before anything
  // opens, since a database holding a published one stops the start.
  const demoStudioSecret = await settleStudioSecret(options.database.db, secretBox, {
    providerId: 'demo-studio',
    given: config.DEMO_STUDIO_SECRET,
    generate: config.isDemoStudioOn,
  })
  setPasswordHashNice(config.PASSWORD_HASH_NICE)
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // Errors Fastify meets before routing (a malformed percent-encoding) get the usual answer.
    frameworkErrors: (error, request, reply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 'request.malformed_url' : 'request.invalid'
      void reply.server.sendError(request, reply, code)
    },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  // Outside production every answer is checked against its response schema, so tests catch a
  // handler that drifts from the contract; production trusts the tested handlers and only
  // stringifies (the check costs about a tenth of a small call, docs/benchmarks.md).
  app.setSerializerCompiler(
    config.NODE_ENV === 'production' ? () => JSON.stringify : serializerCompiler,
  )

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id)
    if (request.url.length > MAX_URL_LENGTH) throw new AppError('request.too_long')
  })

  // One connection for commands and publishing; subscriber connections are each their own,
  // since a connection in subscriber mode may send nothing else.
  const redis = config.REDIS_URL
    ? (() => {
        const pub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 })
        // The ready check sends INFO, which a connection that subscribed early would refuse.
        const subscriber = () => pub.duplicate({ enableReadyCheck: false })
        return { pub, busSub: subscriber(), socketSub: subscriber() }
      })()
    : undefined
  if (redis) {
    app.addHook('onClose', async () => {
      redis.busSub.disconnect()
      redis.socketSub.disconnect()
      await redis.pub.quit()
    })
  }

  await app.register(fastifyCookie)
  await app.register(databasePlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabase ?? true,
  })
  await app.register(errorHandlerPlugin, { localeCookieName: config.LOCALE_COOKIE_NAME })
  await app.register(sitePlugin, redis ? { redis: { pub: redis.pub, sub: redis.busSub } } : {})
  // Sessions live in Redis when it is configured (keys expire by themselves), else in PostgreSQL.
  const sessionStore = redis
    ? createRedisSessionStore(redis.pub)
    : createPgSessionStore(options.database.db)
  // Secure cookies and HSTS for every request that came over TLS (directly, or as a trusted proxy
  // says), and for all of them when the public address is https.
  const isPublicHttps = config.PUBLIC_URL?.startsWith('https:') ?? false
  await app.register(sessionPlugin, { secureCookies: isPublicHttps, store: sessionStore })
  await app.register(securityHeadersPlugin, { hsts: isPublicHttps })
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    ...(redis && { redis: redis.pub, nameSpace: 'aurum:rate:' }),
    errorResponseBuilder: (_request, context) =>
      new AppError('request.rate_limited', {
        params: { waitSeconds: Math.ceil(context.ttl / 1000) },
      }),
  })
  // On a public start the operations pages need a token or an operator: they map the whole API
  // and the process's load for anyone who looks.
  const operationsGuard = config.isPublicStart
    ? requireOperationsAccess(config.METRICS_TOKEN)
    : undefined
  const guarded = operationsGuard ? { onRequest: operationsGuard } : {}
  await app.register(metricsPlugin, operationsGuard ? { guard: operationsGuard } : {})
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Aurum API',
        version: '1.0.0',
        description:
          'Every call sends `X-Requested-With: XMLHttpRequest`; state-changing calls also send the session CSRF token from `GET /csrf/get-new` in `X-CSRF-Token`. Answers use one envelope: `success`, `data`, `message`, `errors`.',
      },
      components: {
        securitySchemes: {
          // Game studios' seamless-wallet calls (/provider-api/v1/*, docs/provider-api.md).
          providerSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'Aurum-Signature',
            description:
              '`v1=` + hex HMAC-SHA256, under the provider’s secret, of `Aurum-Timestamp`, `Aurum-Nonce`, the method, the path and the body joined by newlines; with `Aurum-Provider`, `Aurum-Timestamp` (Unix seconds, within 5 minutes) and `Aurum-Nonce` (never reused).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs/api',
    staticCSP: true,
    uiHooks: guarded,
  })
  // Country flags (spec §3: derived from the lower-cased code), drawn by the flag-icons project.
  await app.register(fastifyStatic, {
    root: join(
      dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
      'flags/4x3',
    ),
    prefix: '/flags/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  })
  await app.register(gameArtRoutes)
  app.get('/openapi.json', { schema: { hide: true }, ...guarded }, () => app.swagger())

  app.get('/healthz', { schema: { hide: true }, config: { rateLimit: false } }, () => ({
    status: 'ok',
  }))
  app.get(
    '/readyz',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (_request, reply) => {
      try {
        await options.database.ping()
        if (redis) await redis.pub.ping()
        return { status: 'ready' }
      } catch (error) {
        app.log.warn({ err: error }, 'not ready')
        return reply.status(503).send({ status: 'unavailable' })
      }
    },
  )

  // The development pages (the outbox, the sandbox payments): never on a public start, and each
  // answers loopback requests only.
  const devPages = !config.isPublicStart && (config.NODE_ENV !== 'production' || config.DEV_OUTBOX)
  // Messaging for every module, and the development outbox page (a page, not an API call).
  await app.register(messagingPlugin, {
    transports: options.transports ?? transportsFromConfig(config),
    origin: linkOriginOf(config),
    outbox: devPages,
  })

  // The conversion spread and the wagering multiplier are the operator's (site settings); the
  // rates' maximum age is the environment's.
  const cashierRules = async (): Promise<CashierRules> => {
    const settings = await app.site.settings()
    return {
      exchange: {
        spreadBp: settings.conversionSpreadBp,
        maxAgeMs: config.EXCHANGE_RATES_MAX_AGE_S * 1000,
      },
      depositWagerMultiplier: settings.depositWagerMultiplier,
    }
  }

  // The sandbox card processor: an outside PSP served from this process for convenience, on its
  // own prefix. The card method reaches it only through its server API (tokens, charges) and
  // hears 3-D Secure answers as signed webhooks; the card itself goes from its page to it alone.
  const cardPsp = createSandboxPsp({ base: '/sandbox-psp', secret: config.paymentWebhookSecret })
  await app.register(sandboxPspPlugin, {
    prefix: cardPsp.base,
    psp: cardPsp,
    secret: config.paymentWebhookSecret,
    notify: async (body, headers) =>
      (
        await app.inject({
          method: 'POST',
          url: '/payment/webhook/sandbox_card',
          headers,
          payload: body,
        })
      ).statusCode,
  })

  // The cashier's dependencies, shared by the player calls and the provider webhooks.
  const cashier = {
    db: options.database.db,
    bus: app.bus,
    providers: createProviders({
      cryptoConfirmations: config.PAYMENT_CRYPTO_CONFIRMATIONS,
      cardPsp,
    }),
    cryptoConfirmations: config.PAYMENT_CRYPTO_CONFIRMATIONS,
    messages: (locale: string) => app.site.messages(locale),
    rules: cashierRules,
  }
  // Provider callbacks come from providers, not browsers: outside the API scope below (no marker
  // header, no CSRF token); their signature is checked instead. Also the `/dev/payments` page.
  await app.register(paymentWebhookPlugin, {
    cashier,
    secret: config.paymentWebhookSecret,
    devPage: devPages,
  })

  // The maximum win per bet of every game (an operator setting, per currency by the rate table).
  const winCaps = createWinCaps(options.database.db, () => app.site.settings())

  // Game studios call the seamless wallet from their servers: outside the API scope below, like
  // the payment webhooks; an HMAC signature stands in for the browser's marker and CSRF token.
  await app.register(providerApiRoutes, {
    bus: app.bus,
    secretBox,
    nonces: redis ? redisNonceStore(redis.pub) : memoryNonceStore(),
    winCaps,
  })
  // The bundled Demo Studio: an outside studio served from this process for convenience. It gets
  // its own configuration and reaches the casino only over HTTP, through the API above.
  const studios: Studios = {}
  if (config.isDemoStudioOn && demoStudioSecret) {
    await app.register(demoStudio, {
      prefix: '/studio/demo',
      providerId: 'demo-studio',
      secret: demoStudioSecret,
      casinoUrl: config.DEMO_STUDIO_CASINO_URL ?? `http://127.0.0.1:${config.PORT}`,
    })
    studios['demo-studio'] = { url: '/studio/demo', games: demoStudioGames }
  }

  const liveTimings = liveTimingsOf(config)
  const playerInfo = createPlayerInfoCache({
    db: options.database.db,
    bus: app.bus,
    socketSecret: config.sessionSecret,
    loadMoney: withdrawableAndDeposited,
  })

  // The JSON API: every call carries the marker header; state-changing ones the CSRF token.
  await app.register(async (api) => {
    api.addHook('onRequest', requireMarkerHeader)
    api.addHook('preValidation', requireCsrfToken)
    // A player's own state-changing call may have changed what player info shows: the next read
    // of it, on any instance, comes from the database. Attached to those routes only, so reads
    // pay nothing for it.
    const forgetPlayerInfo = async (request: FastifyRequest) => {
      const playerId = (await request.session())?.playerId
      if (playerId) await playerInfo.forget(playerId)
    }
    api.addHook('onRoute', (route) => {
      const methods = [route.method].flat()
      const isWrite = methods.some((method) => method !== 'GET' && method !== 'HEAD')
      if (!isWrite && route.config?.csrf !== true) return
      route.onResponse = [route.onResponse ?? []].flat().concat(forgetPlayerInfo)
    })
    const countryHeader = config.COUNTRY_HEADER
    // Sign-in, deposits, bets and withdrawals say `countryCheck` in their route config: refused
    // from a blocked country, like the CSRF fetch.
    api.addHook(
      'onRoute',
      countryGuard({
        header: countryHeader,
        blockedCountries: async () => (await app.site.settings()).blockedCountries,
      }),
    )
    await api.register(authRoutes, {
      site: app.site,
      countryHeader,
      loginRateLimitMax: config.LOGIN_RATE_LIMIT_MAX,
      secretBox,
      localeCookieName: config.LOCALE_COOKIE_NAME,
    })
    await api.register(operatorRoutes, {
      secretBox,
      loginRateLimitMax: config.LOGIN_RATE_LIMIT_MAX,
    })
    await api.register(siteRoutes, { site: app.site, countryHeader })
    await api.register(notificationRoutes, { site: app.site, bus: app.bus })
    await api.register(playerRoutes, {
      site: app.site,
      socketSecret: config.sessionSecret,
      localeCookieName: config.LOCALE_COOKIE_NAME,
      rateLimitMax: config.LOGIN_RATE_LIMIT_MAX,
      playerInfo,
      registerPlayer: registerPlayerFlow({
        db: options.database.db,
        bus: app.bus,
        blockedCountries: async () => (await app.site.settings()).blockedCountries,
        messages: (locale) => app.site.messages(locale),
      }),
    })
    await api.register(twoFactorRoutes, { secretBox })
    await api.register(documentRoutes, { uploadDir: config.UPLOAD_DIR, bus: app.bus })
    await api.register(walletRoutes)
    await api.register(gameRoutes, { bus: app.bus, secretBox, winCaps })
    await api.register(catalogueRoutes, { countryHeader, studios })
    await api.register(originalsRoutes, { bus: app.bus, secretBox, winCaps })
    await api.register(liveRoutes, { bus: app.bus, timings: liveTimings, winCaps })
    await api.register(providerLaunchRoutes, { studios, countryHeader })
    await api.register(paymentRoutes, { cashier, playUsageRows })
    await api.register(withdrawalRoutes, {
      site: app.site,
      secretBox,
      bus: app.bus,
      rules: cashierRules,
      localeCookieName: config.LOCALE_COOKIE_NAME,
      kycThresholdEur: config.WITHDRAWAL_KYC_THRESHOLD_EUR,
    })
    await api.register(transactionRoutes, {
      site: app.site,
      localeCookieName: config.LOCALE_COOKIE_NAME,
      cryptoConfirmations: config.PAYMENT_CRYPTO_CONFIRMATIONS,
    })
    await api.register(paymentsAdminRoutes, {
      bus: app.bus,
      cashier,
      // Approved withdrawals are paid out by the method's provider.
      payout: (provider, input) => cashier.providers[provider].completeWithdrawal(input),
    })
    await api.register(verificationRoutes, { codeSecret: config.sessionSecret })
  })

  // Sessions that went idle are removed every few minutes; every instance may do it, it is idempotent.
  const sweep = setInterval(() => {
    sessionStore.sweep().catch((error: unknown) => {
      app.log.warn({ err: error }, 'expired-session sweep failed')
    })
  }, SESSION_SWEEP_INTERVAL_MS)
  sweep.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweep)
  })

  // Exchange rates move (decisions §3): every instance runs the refresh, and its advisory lock and
  // age check leave one write per interval however many run.
  const ratesRefreshS = config.EXCHANGE_RATES_REFRESH_S ?? (config.NODE_ENV === 'test' ? 0 : 60)
  if (ratesRefreshS > 0) {
    const provider = createRatesProvider({
      url: config.EXCHANGE_RATES_URL,
      seed: randomInt(2 ** 31),
    })
    if (provider.id === 'sandbox' && config.PUBLIC_URL) {
      app.log.warn('exchange rates come from the sandbox feed: set EXCHANGE_RATES_URL')
    }
    let refresh: { stop(): Promise<void> } | undefined
    app.addHook('onReady', async () => {
      refresh = scheduleRatesRefresh({
        db: options.database.db,
        provider,
        intervalMs: ratesRefreshS * 1000,
        log: app.log,
      })
    })
    app.addHook('preClose', async () => {
      await refresh?.stop()
    })
  }

  // The live games' rounds: every instance starts an engine per game, and the lease lets exactly
  // one of them run each game's rounds; the others wait to take over.
  if (config.LIVE_ROUNDS ?? config.NODE_ENV !== 'test') {
    const engines = LIVE_GAMES.map((game) =>
      createLiveEngine({
        db: options.database.db,
        secretBox,
        bus: app.bus,
        log: app.log,
        game,
        timings: liveTimings,
        chainLength: config.LIVE_CHAIN_LENGTH ?? LIVE_CHAIN_LENGTH_DEFAULT,
        winCaps,
      }),
    )
    app.addHook('onReady', async () => {
      for (const engine of engines) engine.start()
    })
    app.addHook('preClose', async () => {
      await Promise.all(engines.map((engine) => engine.stop()))
    })
  }

  attachRealtime(app, {
    bus: app.bus,
    secret: config.sessionSecret,
    liveSessions: (sessionIds) => sessionStore.liveIds(sessionIds),
    ...(redis && { redis: { pub: redis.pub, sub: redis.socketSub } }),
  })

  await app.register(ssrPlugin, {
    ssr: options.ssr,
    localeCookieName: config.LOCALE_COOKIE_NAME,
    localeCookieCrossOrigin: config.LOCALE_COOKIE_CROSS_ORIGIN,
    detectBrowserLanguage: config.DETECT_BROWSER_LANGUAGE,
    analyticsUrl: config.ANALYTICS_URL ?? null,
    socketSecret: config.sessionSecret,
    games: createGamesCatalogue(options.database.db, studios),
    countryHeader: config.COUNTRY_HEADER,
  })

  return app
}
