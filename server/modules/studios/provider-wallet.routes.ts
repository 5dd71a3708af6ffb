import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { isCurrencyCode } from '#common/money.ts'
import { jurisdictionOf } from '#common/protection.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { detectCountry } from '#server/modules/geo/index.ts'
import { assertNotBarred } from '#server/modules/limits/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { announce } from '../bets/index.ts'
import { findGameBySlug, studioCode, type Studios } from '../catalogue/index.ts'
import { gameProviders } from '../catalogue/catalogue.tables.ts'
import {
  isTimestampFresh,
  readSigningHeaders,
  sign,
  signatureMatches,
  signingPayload,
  type NonceStore,
} from './provider-signing.ts'
import {
  AuthenticateAnswerSchema,
  AuthenticateBodySchema,
  BalanceAnswerSchema,
  BalanceBodySchema,
  BetBodySchema,
  LaunchBodySchema,
  LaunchResponseSchema,
  PROVIDER_ERROR_STATUS,
  ProviderErrorSchema,
  RollbackBodySchema,
  TransactionAnswerSchema,
  WinBodySchema,
  type ProviderErrorAnswer,
} from './provider-wallet.contract.ts'
import {
  authenticate,
  balance,
  createLaunchToken,
  refusal,
  type ProviderAnswer,
  type StudioRounds,
} from './provider-wallet.ts'
import { addJurisdictionRules } from './launch-rules.ts'
import type { WinCaps } from '../bets/index.ts'
import { announceWagering } from '#server/modules/bonuses/index.ts'

export interface ProviderApiOptions {
  bus: EventBus
  secretBox: SecretBox
  nonces: NonceStore
  /** The maximum win per bet a round's wins pay at most. */
  winCaps: WinCaps
  /** What a bet, win and rollback do to the money (`server/flows/settle-studio-round.ts`). */
  rounds: StudioRounds
}

/** How long an opened provider secret is kept in memory; a rotated secret applies within this. */
const SECRET_CACHE_MS = 30_000

/** The studios' secrets, opened from `game_providers.api_secret_sealed` and kept briefly. */
function providerSecrets(db: Db, secretBox: SecretBox) {
  const cache = new Map<string, { secret: string | null; until: number }>()
  return async (providerId: string): Promise<string | null> => {
    const now = Date.now()
    const hit = cache.get(providerId)
    if (hit && hit.until > now) return hit.secret
    const [row] = await db
      .select({ sealed: gameProviders.apiSecretSealed })
      .from(gameProviders)
      .where(
        and(
          eq(gameProviders.id, providerId),
          eq(gameProviders.isEnabled, true),
          isNotNull(gameProviders.apiSecretSealed),
        ),
      )
    const secret = row?.sealed ? secretBox.open(row.sealed) : null
    // Unknown ids are cached too (bounded), so a flood of made-up ids costs no queries.
    if (cache.size > 1000) cache.clear()
    cache.set(providerId, { secret, until: now + SECRET_CACHE_MS })
    return secret
  }
}

/** The exact bytes each request sent, for the signature; kept beside the request, not on it. */
const rawBodies = new WeakMap<FastifyRequest, string>()
const NOT_JSON = Symbol('not JSON')

const errorResponses = {
  400: ProviderErrorSchema,
  401: ProviderErrorSchema,
  403: ProviderErrorSchema,
  404: ProviderErrorSchema,
  409: ProviderErrorSchema,
  500: ProviderErrorSchema,
}

function sendRefusal(reply: FastifyReply, body: ProviderErrorAnswer) {
  return reply
    .status(PROVIDER_ERROR_STATUS[body.code])
    .header('cache-control', 'no-store')
    .send(body)
}

/**
 * The seamless-wallet API studios call (`/provider-api/v1/*`, docs/provider-api.md). Outside the
 * browser API scope: a studio's server sends no marker header, session or CSRF token; an
 * HMAC-SHA256 signature under its own secret, a fresh timestamp and a never-used nonce stand in
 * for them. Every answer, refusals included, is in the API's own format.
 */
export const providerApiRoutes: FastifyPluginAsyncZod<ProviderApiOptions> = async (
  app,
  { bus, secretBox, nonces, winCaps, rounds },
) => {
  const db = app.database.db
  // The site's catalogue per locale, for a completed bonus's notice in the player's words.
  const messages = (locale: string) => app.site.messages(locale)
  const secretOf = providerSecrets(db, secretBox)

  // The signature covers the exact bytes sent, so the body is kept as text and parsed here.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    rawBodies.set(request, text)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(null, NOT_JSON)
    }
  })

  /** The caller, when its signature, timestamp and nonce hold; else the refusal to send. */
  async function verify(request: FastifyRequest): Promise<string | ProviderErrorAnswer> {
    const headers = readSigningHeaders(request.headers)
    if (!headers.ok) return refusal('signature_invalid')
    const secret = await secretOf(headers.providerId)
    if (!secret) return refusal('signature_invalid')
    const path = request.url.split('?')[0] ?? request.url
    const expected = sign(
      secret,
      signingPayload({
        timestamp: headers.timestamp,
        nonce: headers.nonce,
        method: request.method,
        path,
        body: rawBodies.get(request) ?? '',
      }),
    )
    if (!signatureMatches(expected, headers.signature)) return refusal('signature_invalid')
    if (!isTimestampFresh(headers.timestamp)) return refusal('timestamp_invalid')
    // Claimed only once the signature holds, so forged requests cannot burn a studio's nonces.
    if (!(await nonces.claim(`${headers.providerId}:${headers.nonce}`))) {
      return refusal('request_replayed')
    }
    return headers.providerId
  }

  /**
   * One call: verify, validate, run, answer; then tell the header and the engagement features.
   * A validation failure is answered only after the signature, so unsigned probes learn nothing.
   */
  function handle<S extends z.ZodType, T>(
    bodySchema: S,
    run: (providerId: string, body: z.infer<S>) => Promise<ProviderAnswer<T>>,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const caller = await verify(request)
        if (typeof caller !== 'string') return await sendRefusal(reply, caller)
        const parsed = bodySchema.safeParse(request.body)
        if (request.body === NOT_JSON || !parsed.success) {
          return await sendRefusal(reply, refusal('invalid_request'))
        }
        const answer = await run(caller, parsed.data)
        if (!answer.ok) return await sendRefusal(reply, answer.body)
        if (answer.effects) {
          const { playerId, wallet, settledBet, wagering } = answer.effects
          await announce(db, bus, request.log, playerId, wallet, settledBet)
          await announceWagering({ bus, log: request.log, db, messages }, wagering)
        }
        return await reply.header('cache-control', 'no-store').send(answer.body)
      } catch (error) {
        request.log.error({ err: error }, 'provider API call failed')
        return sendRefusal(reply, refusal('internal_error'))
      }
    }
  }

  const tags = ['provider-api']
  const security = [{ providerSignature: [] }]
  // A studio's server sends every player's calls from a few addresses: the per-client limit
  // would throttle a whole studio. Unsigned calls stop at the signature check.
  const config = { rateLimit: false } as const
  const signing =
    'Signed: `Aurum-Provider`, `Aurum-Timestamp` (Unix seconds, within 5 minutes), `Aurum-Nonce` (16–100 of A-Z a-z 0-9 _ -, never reused) and `Aurum-Signature: v1=<hex HMAC-SHA256>` of `timestamp\\nnonce\\nPOST\\npath\\nbody` under the provider’s secret (docs/provider-api.md).'

  app.post(
    '/provider-api/v1/authenticate',
    {
      config,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Exchange a launch token for a game session',
        description: `The token from the game URL works once, within 5 minutes; the answer's \`session\` goes with every later call and lapses after 30 minutes without a bet or balance call. ${signing}`,
        body: AuthenticateBodySchema,
        response: { 200: AuthenticateAnswerSchema, ...errorResponses },
      },
    },
    handle(AuthenticateBodySchema, (providerId, body) => authenticate(db, providerId, body.token)),
  )

  app.post(
    '/provider-api/v1/balance',
    {
      config,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'The player’s cash in the session’s currency',
        description: signing,
        body: BalanceBodySchema,
        response: { 200: BalanceAnswerSchema, ...errorResponses },
      },
    },
    handle(BalanceBodySchema, (providerId, body) => balance(db, providerId, body)),
  )

  app.post(
    '/provider-api/v1/bet',
    {
      config,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Take a stake',
        description: `Within the game's stake limits in the session's currency and the player's cash. The same \`transaction_id\` again answers the first result and moves nothing; with other details it is \`transaction_conflict\`. A bet whose rollback came first is \`bet_rolled_back\`. ${signing}`,
        body: BetBodySchema,
        response: { 200: TransactionAnswerSchema, ...errorResponses },
      },
    },
    handle(BetBodySchema, (providerId, body) => rounds.placeBet(db, providerId, body)),
  )

  app.post(
    '/provider-api/v1/win',
    {
      config,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Pay a win into a round',
        description: `The round must hold a bet of this player that was not rolled back (\`round_not_found\`). An amount of "0" closes a lost round. A round's wins together pay at most the maximum win per bet: the answer's \`amount\` is what was paid and \`capped\` says when it was cut. Accepted after the session lapsed. Idempotent by \`transaction_id\`. ${signing}`,
        body: WinBodySchema,
        response: { 200: TransactionAnswerSchema, ...errorResponses },
      },
    },
    handle(WinBodySchema, async (providerId, body) =>
      rounds.payWin(db, providerId, body, await winCaps.current()),
    ),
  )

  app.post(
    '/provider-api/v1/rollback',
    {
      config,
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Take a bet back',
        description: `Refunds the bet's stake once, however many rollbacks name it. A bet never seen is recorded as rolled back and refused if it arrives later. A bet whose round paid a win is \`bet_settled\`. Accepted after the session lapsed. Idempotent by \`transaction_id\`. ${signing}`,
        body: RollbackBodySchema,
        response: { 200: TransactionAnswerSchema, ...errorResponses },
      },
    },
    handle(RollbackBodySchema, (providerId, body) => rounds.rollbackBet(db, providerId, body)),
  )
}

export interface ProviderLaunchOptions {
  /** The integrated studios (the same map the catalogue lists by, docs/decisions/010-catalogue-lists-what-plays.md). */
  studios: Studios
  countryHeader: string | undefined
}

/**
 * `POST /games/provider/launch`: the iframe address of a studio game. Real play creates the
 * one-time launch token for the signed-in player's current wallet, unless a break, a closure or
 * a register match bars them from play; demo needs no account and carries no token, so the studio
 * has nothing it could charge. Both carry the game rules of the player's jurisdiction (their
 * registered country; a visitor's, where they are now).
 */
export const providerLaunchRoutes: FastifyPluginAsyncZod<ProviderLaunchOptions> = async (
  app,
  { studios, countryHeader },
) => {
  const db = app.database.db
  app.post(
    '/games/provider/launch',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags: ['games'],
        summary: 'Open a studio game (iframe address)',
        description:
          "Real play needs a signed-in player and `currency` = the current wallet (409 `games.currency_not_current`), and is refused while a time-out, self-exclusion, closure or register match bars the player (409 `protection.*`, worded with when it ends); the answer carries a launch token valid once for 5 minutes. Demo needs the game to offer it. Both addresses carry the jurisdiction's game rules (`slot_min_cycle_ms`, `slot_autoplay`, `slot_turbo`: docs/provider-api.md). 404 `games.launch_unavailable` for a game no integrated studio runs.",
        body: LaunchBodySchema,
        response: { 200: LaunchResponseSchema },
      },
    },
    async (request, reply) => {
      const { slug, mode, currency, locale } = request.body
      const visitorCountry = detectCountry(request, { header: countryHeader })
      const game = await findGameBySlug({ db, studios }, slug, visitorCountry)
      if (!game) throw new AppError('catalogue.game_not_found')
      const studio = studios[game.provider_id]
      const code = studioCode(game)
      if (game.kind !== 'provider' || !studio || !code || !studio.games.includes(code)) {
        throw new AppError('games.launch_unavailable')
      }
      const url = new URL(`${studio.url}/play/${encodeURIComponent(code)}`, 'http://casino.invalid')
      url.searchParams.set('lang', locale)
      void reply.header('cache-control', 'no-store')
      const address = () =>
        url.origin === 'http://casino.invalid' ? `${url.pathname}${url.search}` : url.toString()
      const playerOf = async (playerId: string) =>
        (
          await db
            .select({ country: players.country, currency: players.currency })
            .from(players)
            .where(eq(players.id, playerId))
        )[0]
      if (mode === 'demo') {
        if (!game.has_demo) throw new AppError('games.launch_unavailable')
        const signedIn = (await request.session())?.playerId
        const player = signedIn ? await playerOf(signedIn) : undefined
        url.searchParams.set('mode', 'demo')
        if (currency) url.searchParams.set('currency', currency)
        addJurisdictionRules(url, jurisdictionOf(player?.country ?? visitorCountry ?? ''))
        return ok({ url: address(), expires_at: null })
      }
      const playerId = await requirePlayerId(request)
      const player = await playerOf(playerId)
      if (!currency || !isCurrencyCode(currency) || player?.currency !== currency) {
        throw new AppError('games.currency_not_current', { params: { currency: currency ?? '' } })
      }
      // A barred player's bets are all refused: opening the game would only lead to refusals.
      await assertNotBarred(db, playerId)
      const { token, expiresAt } = await createLaunchToken(db, {
        playerId,
        gameId: game.id,
        currency,
      })
      url.searchParams.set('mode', 'real')
      url.searchParams.set('token', token)
      addJurisdictionRules(url, jurisdictionOf(player.country))
      return ok({ url: address(), expires_at: expiresAt.toISOString() })
    },
  )
}
