import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { GamesCatalogue } from '#server/modules/catalogue/index.ts'
import type { PromotionsService } from '#server/modules/bonuses/index.ts'
import { detectCountry } from '#server/modules/geo/index.ts'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { guardNavigation, isConsolePath } from '#common/navigation-guard.ts'
import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import { requestLocale } from '#server/lib/request-locale.ts'
import type {} from './load-context.ts'
import { catalogueScript } from '#common/messages-registry.ts'
import { AppError } from '#server/lib/errors.ts'
import { findPlayerSummary } from '#server/modules/players/index.ts'
import { signSocketToken } from '#server/modules/realtime/index.ts'
import {
  PageCache,
  encodedBody,
  inlineScriptHashes,
  pickEncoding,
  type CachedPage,
} from '#server/lib/page-cache.ts'
import { MARKER_HEADER, MARKER_VALUE } from './request-safety.ts'

/** How long a rendered page is reused for visitors who are not signed in. */
export const PAGE_CACHE_TTL_MS = 10_000

/** Where the browser asks React Router for the routes of the links it sees (lazy discovery). */
const ROUTE_DISCOVERY_PATH = '/__manifest'

export type SsrMode =
  { mode: 'production'; buildDir: string } | { mode: 'development' } | { mode: 'off' }

export interface SsrOptions {
  ssr: SsrMode
  localeCookieName: string
  localeCookieCrossOrigin: boolean
  detectBrowserLanguage: boolean
  analyticsUrl: string | null
  /** Signs the socket token a signed-in player's page carries. */
  socketSecret: string
  /** The lobby's catalogue, handed to loaders. */
  games: GamesCatalogue
  /** The promotions pages' content and the live bonus terms, handed to loaders. */
  promotions: PromotionsService
  /** A trusted proxy's country header (see geo); the lobby hides games restricted there. */
  countryHeader: string | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The running build's id (`assets.version` of the React Router build), `dev` under Vite. */
    buildId: string
  }
}

/** The page policy; `scriptSources` admit the inline scripts: a nonce, or each one's hash. */
function contentSecurityPolicy(scriptSources: readonly string[], isDev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(' ')}${isDev ? " 'unsafe-eval'" : ''}`,
    // React style attributes are inline styles; they cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Fastify request → Fetch Request, aborted when the client goes away. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`
  const controller = new AbortController()
  reply.raw.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
  })
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  void reply.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    void reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) void reply.header('set-cookie', cookies)
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream))
}

/**
 * Serves the React Router pages and their assets. Before rendering, a page request goes through
 * the spec's guards (one shared function) and the redirect table, as a real HTTP redirect.
 */
export default fp(
  async (app, options: SsrOptions) => {
    if (options.ssr.mode === 'off') {
      app.decorate('buildId', 'none')
      return
    }

    let getHandler: () => Promise<ReturnType<typeof createRequestHandler>>
    let getBuild: () => Promise<ServerBuild>
    const isDev = options.ssr.mode === 'development'
    if (options.ssr.mode === 'production') {
      const buildDir = options.ssr.buildDir
      const build = (await import(
        pathToFileURL(join(buildDir, 'server', 'index.js')).href
      )) as ServerBuild
      const handler = createRequestHandler(build, 'production')
      getHandler = () => Promise.resolve(handler)
      getBuild = () => Promise.resolve(build)
      app.decorate('buildId', build.assets.version)
      await app.register(fastifyStatic, {
        root: join(buildDir, 'client'),
        prefix: '/',
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders(reply, path) {
          // Hashed file names never change content, so browsers may keep them forever.
          reply.header(
            'cache-control',
            path.includes('/assets/')
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          )
        },
      })
    } else {
      const { createServer } = await import('vite')
      const vite = await createServer({
        server: { middlewareMode: true, hmr: { server: app.server } },
        appType: 'custom',
      })
      const middie = await import('@fastify/middie')
      await app.register(middie.default)
      app.use(vite.middlewares)
      app.addHook('onClose', () => vite.close())
      // Under Vite the build changes with every edit, so it is loaded per request.
      getBuild = async () =>
        (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
      getHandler = async () => createRequestHandler(await getBuild(), 'development')
      app.decorate('buildId', 'dev')
    }

    const preferredLocale = (request: FastifyRequest, enabled: readonly string[]): string =>
      requestLocale(request, options.localeCookieName, {
        enabled,
        acceptLanguage: options.detectBrowserLanguage,
      })

    // Pages for visitors who are not signed in are the same for all of them: keep each for a few
    // seconds, and drop them all whenever site content changes on any instance.
    const pageCache = new PageCache({ ttlMs: PAGE_CACHE_TTL_MS, maxEntries: 1000 })
    app.bus.subscribe('site.changed', () => pageCache.clear())

    const pageCacheKey = async (
      request: FastifyRequest,
      pathname: string,
      locale: string,
      country: string | null,
    ) => {
      if (isDev || request.method !== 'GET' || pathname === ROUTE_DISCOVERY_PATH) return undefined
      // The console shows who is signed in: never one operator's page to another.
      if (isConsolePath(pathname)) return undefined
      if ((await request.session())?.playerId) return undefined
      // The URL names the page; the preferred locale decides the unprefixed ones (`/`).
      // …and the country, since the lobby hides games restricted in it.
      return `${locale} ${country ?? '-'} ${request.url}`
    }

    const handlePage = async (request: FastifyRequest, reply: FastifyReply) => {
      // An API call to a path no API route serves: answer as the API does, never with a page.
      if (request.headers[MARKER_HEADER]) return reply.callNotFound()

      const [pathname = '/', query = ''] = request.url.split(/\?(.*)/s)
      try {
        decodeURIComponent(pathname)
      } catch (error) {
        throw new AppError('request.malformed_url', { cause: error })
      }

      const { languages } = await app.site.settings()
      const preferred = preferredLocale(request, languages)
      // React Router's own route-discovery calls are not pages: no guards, no redirects.
      if (pathname !== ROUTE_DISCOVERY_PATH) {
        const guard = guardNavigation({
          pathname,
          search: query,
          locales: languages,
          preferredLocale: preferred,
        })
        if (guard.kind === 'redirect') return reply.redirect(guard.location, guard.status)

        const redirect = await app.site.findRedirect(pathname)
        if (redirect) {
          return reply.redirect(redirect.location + (query ? `?${query}` : ''), redirect.status)
        }
      }

      const country = detectCountry(request, { header: options.countryHeader }) ?? null
      const context = (
        cspNonce: string | undefined,
        signedIn?: Pick<AppLoadContext, 'player' | 'socket'>,
      ): AppLoadContext => ({
        site: app.site,
        cspNonce,
        preferredLocale: isLocalePrefix(preferred) ? preferred : DEFAULT_LOCALE,
        buildId: app.buildId,
        localeCookieName: options.localeCookieName,
        localeCookieCrossOrigin: options.localeCookieCrossOrigin,
        player: signedIn?.player ?? null,
        socket: signedIn?.socket ?? null,
        analyticsUrl: options.analyticsUrl,
        games: options.games,
        promotions: options.promotions,
        country,
        apiGet: async (path) => {
          // The page's own headers (session cookie, country, forwarded address) with the API's
          // marker; the answer uncompressed, since it is parsed here.
          const headers = { ...request.headers }
          delete headers['content-length']
          delete headers['content-type']
          const response = await app.inject({
            method: 'GET',
            url: path,
            remoteAddress: request.socket.remoteAddress ?? request.ip,
            headers: { ...headers, [MARKER_HEADER]: MARKER_VALUE, 'accept-encoding': 'identity' },
          })
          let body: unknown = null
          try {
            body = response.json()
          } catch {
            body = null
          }
          return { status: response.statusCode, body }
        },
      })
      const handler = await getHandler()

      const cacheKey = await pageCacheKey(request, pathname, preferred, country)
      if (cacheKey !== undefined) {
        let page: CachedPage | undefined = pageCache.get(cacheKey)
        if (!page) {
          const response = await handler(toFetchRequest(request, reply), context(undefined))
          const body = Buffer.from(await response.arrayBuffer())
          const headers: [string, string][] = [
            ...[...response.headers].filter(
              ([name]) => name !== 'content-length' && name !== 'set-cookie',
            ),
            [
              'content-security-policy',
              contentSecurityPolicy(inlineScriptHashes(body.toString('utf8')), isDev),
            ],
            ['vary', 'Accept-Encoding'],
          ]
          const rendered = { status: response.status, headers, body }
          const isReusable = response.status === 200 && !response.headers.has('set-cookie')
          page = isReusable ? pageCache.set(cacheKey, rendered) : { ...rendered, encoded: {} }
        }
        void reply.status(page.status).headers(Object.fromEntries(page.headers))
        const encoding = pickEncoding(request.headers['accept-encoding'])
        if (!encoding || page.body.length < 1024) return reply.send(page.body)
        // Already compressed: @fastify/compress leaves answers with a content-encoding alone.
        void reply.header('content-encoding', encoding)
        return reply.send(encodedBody(page, encoding))
      }

      // Signed-in players get a fresh, streamed render whose inline scripts carry a nonce.
      const nonce = randomBytes(16).toString('base64')
      void reply.header(
        'content-security-policy',
        contentSecurityPolicy([`'nonce-${nonce}'`], isDev),
      )
      const session = await request.session()
      const account = session?.playerId
        ? await findPlayerSummary(app.database.db, session.playerId)
        : undefined
      const signedIn = session &&
        account && {
          player: {
            id: account.id,
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            currency: account.currency,
          },
          // Same origin: socket.io shares the page's port.
          socket: {
            url: '/',
            token: signSocketToken(options.socketSecret, {
              playerId: account.id,
              sessionId: session.idHash,
            }),
          },
        }
      const response = await handler(toFetchRequest(request, reply), context(nonce, signedIn))
      return sendFetchResponse(reply, response)
    }

    app.route({ method: ['GET', 'HEAD'], url: '/*', handler: handlePage })

    // Each locale's catalogue as a script named by its content hash: browsers keep it for good
    // and pages stay small (app/lib/messages-registry.ts).
    app.get('/i18n/:file', { schema: { hide: true } }, async (request, reply) => {
      const { file } = request.params as { file: string }
      const [, locale = '', version = ''] = /^([a-z_-]+)\.([0-9a-f]{16})\.js$/.exec(file) ?? []
      const { languages } = await app.site.settings()
      const catalogue = languages.includes(locale) ? await app.site.catalogue(locale) : undefined
      if (!catalogue || catalogue.version !== version)
        return app.sendError(request, reply, 'request.not_found')
      void reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
      return catalogueScript(catalogue.version, catalogue.messages)
    })

    // The build calls: the client polls the latest id hourly and reloads when it changed.
    app.get('/builds/latest.json', { schema: { hide: true } }, (_request, reply) => {
      void reply.header('cache-control', 'no-store')
      return { id: app.buildId }
    })
    app.get('/builds/meta/:file', { schema: { hide: true } }, async (request, reply) => {
      const { file } = request.params as { file: string }
      if (file !== `${app.buildId}.json`) return app.sendError(request, reply, 'request.not_found')
      const build = await getBuild()
      // The route matcher table: per-route rules (layout, parent) keyed by route id.
      return {
        id: app.buildId,
        routes: Object.values(build.routes).map((route) => ({
          id: route?.id,
          parentId: route?.parentId ?? null,
          path: route?.path ?? null,
          index: route?.index ?? false,
        })),
      }
    })
  },
  { name: 'ssr', dependencies: ['site', 'session'] },
)
