import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { createCasinoClient, type CasinoClient } from './casino-client.ts'
import { clientBundle } from './client-bundle.ts'
import { BRANDS, type Brand, type StudioTitle } from './games/types.ts'
import { renderPage, renderUnavailable } from './page.ts'
import { actInRound, openRound, startRound, type RoundContext, type RoundResult } from './rounds.ts'
import { codesByBrand, titleOf } from './sheet.ts'
import type { StudioStore } from './store.ts'
import { stringsFor } from './strings/index.ts'
import { casinoWallet, createRetryQueue, demoWallet } from './wallets.ts'

// Demo Studio, a game studio that happens to be served from the casino's process. It knows the
// casino only as an HTTP address, its brands' provider ids and a signing secret
// (docs/provider-api.md); it imports nothing of the casino. Its pages run in the casino's iframe;
// its server calls the casino's seamless-wallet API for every real-money stake and win, signed as
// the brand of the title (each brand is a provider id at the casino, all with the studio's secret).

export interface DemoStudioOptions {
  /** The studio's signing secret: the same the casino holds sealed for each of its brands. */
  secret: string
  /** The casino's origin as the studio's server reaches it. */
  casinoUrl: string
  /** The studio's own storage for sessions and open rounds. */
  store: StudioStore
  /** Who may frame the game pages (CSP `frame-ancestors`); default: this origin only. */
  frameAncestors?: string
}

/** The game codes each brand runs: what the studio's integration sheet gives a casino. */
export const demoStudioGames: Record<Brand, string[]> = codesByBrand()

const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/)
const MinorSchema = z.string().regex(/^[1-9]\d{0,17}$/)
const CodeSchema = z.string().regex(/^[a-z0-9-]{1,80}$/)
const CurrencySchema = z.string().regex(/^[A-Z]{3,4}$/)

const RealSessionBodySchema = z.object({ token: IdSchema, code: CodeSchema })
const DemoSessionBodySchema = z.object({ code: CodeSchema, currency: CurrencySchema.optional() })
const RoundBodySchema = z.object({
  session: IdSchema,
  stake: MinorSchema,
  params: z.unknown().optional(),
  /** One of the player's free rounds the casino offered (`free_rounds`): the casino stakes it. */
  free_round_id: z.uuid().optional(),
})
const ActBodySchema = z.object({ session: IdSchema, round_id: z.uuid(), action: z.unknown() })
const PlayQuerySchema = z.object({
  mode: z.enum(['real', 'demo']).default('demo'),
  token: IdSchema.optional(),
  currency: CurrencySchema.optional(),
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .default('en'),
  /**
   * The shortest round the player's jurisdiction allows (docs/provider-api.md). The studio has no
   * autoplay and no turbo anywhere, so `slot_autoplay` and `slot_turbo` ask nothing of it.
   */
  slot_min_cycle_ms: z.coerce.number().int().min(0).max(60_000).default(0),
})

/** Minor-unit digits of the casino's currencies the browser's Intl may not know (crypto). */
const KNOWN_EXPONENTS: Record<string, number> = { BTC: 8, ETH: 8, LTC: 8, USDT: 2, DOGE: 8 }

function exponentOf(currency: string): number {
  const known = KNOWN_EXPONENTS[currency]
  if (known !== undefined) return known
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** A page's session at the studio: the page holds only its id. */
interface Session {
  mode: 'real' | 'demo'
  code: string
  currency: string
  exponent: number
  stakeMin: bigint
  stakeMax: bigint
  /** Real play: the casino's session and player. */
  casino?: { session: string; playerId: string }
  /** Demo play: the play money left. */
  balance?: bigint
}

const REAL_SESSION_TTL_MS = 24 * 60 * 60_000
const DEMO_SESSION_TTL_MS = 6 * 60 * 60_000
/** A demo session's play money, in whole units of its currency. */
const DEMO_BALANCE_UNITS = 1000n
/** The longest a round may take to answer the page before the next press, added to a jurisdiction's minimum. */
const CYCLE_MARGIN_MS = 100

export const demoStudio: FastifyPluginAsync<DemoStudioOptions> = async (app, options) => {
  const { store } = options
  const clients = Object.fromEntries(
    BRANDS.map((brand) => [
      brand,
      createCasinoClient({ casinoUrl: options.casinoUrl, providerId: brand, secret: options.secret }),
    ]),
  ) as Record<Brand, CasinoClient>
  const retries = createRetryQueue(app.log)
  app.addHook('onClose', async () => {
    retries.stop()
  })
  const base = app.prefix
  const frameAncestors = options.frameAncestors ?? "'self'"

  const sendPage = (reply: FastifyReply, nonce: string, html: string, status = 200) =>
    reply
      .status(status)
      .header(
        'content-security-policy',
        [
          "default-src 'none'",
          `script-src 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "connect-src 'self'",
          "img-src 'self' data:",
          `frame-ancestors ${frameAncestors}`,
          "base-uri 'none'",
          "form-action 'none'",
        ].join('; '),
      )
      // The casino's pages frame this one; CSP frame-ancestors above says who may.
      .removeHeader('x-frame-options')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html)

  app.get<{ Params: { code: string }; Querystring: Record<string, string> }>(
    '/play/:code',
    { schema: { hide: true } },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64')
      const query = PlayQuerySchema.safeParse(request.query)
      const { lang, dir, t } = stringsFor(query.success ? query.data.lang : 'en')
      const title = titleOf(request.params.code)
      if (!query.success || !title || (query.data.mode === 'real' && !query.data.token)) {
        const html = renderUnavailable({ lang, dir, text: t.unavailable, nonce })
        return sendPage(reply, nonce, html, 404)
      }
      const minimum = query.data.slot_min_cycle_ms
      return sendPage(
        reply,
        nonce,
        renderPage({
          base,
          script: `${base}/assets/${(await clientBundle()).file}`,
          title,
          mode: query.data.mode,
          token: query.data.token ?? null,
          currency: query.data.currency ?? null,
          minCycleMs: minimum > 0 ? minimum + CYCLE_MARGIN_MS : 0,
          lang,
          dir,
          t,
          nonce,
        }),
      )
    },
  )

  // The pages' script: one bundle, named by its hash, so it can be kept for a year.
  app.get<{ Params: { file: string } }>('/assets/:file', { schema: { hide: true } }, async (request, reply) => {
    const bundle = await clientBundle()
    if (request.params.file !== bundle.file) return reply.status(404).send({ error: 'not_found' })
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('text/javascript; charset=utf-8')
      .send(bundle.code)
  })

  const sessionKey = (id: string) => `session:${id}`
  const newSessionId = () => randomBytes(24).toString('base64url')

  async function sessionOf(id: string) {
    const stored = await store.get<Session>(sessionKey(id))
    const title = stored ? titleOf(stored.value.code) : undefined
    return stored && title ? { session: stored.value, title } : null
  }

  function contextOf(id: string, session: Session, title: StudioTitle): RoundContext {
    if (session.mode === 'demo' || !session.casino) {
      return {
        store,
        title,
        owner: `demo:${id}`,
        wallet: demoWallet(store, sessionKey(id), DEMO_SESSION_TTL_MS),
      }
    }
    return {
      store,
      title,
      owner: `${title.brand}:${session.casino.playerId}`,
      wallet: casinoWallet({
        client: clients[title.brand],
        retries,
        log: app.log,
        session: session.casino.session,
        playerId: session.casino.playerId,
        currency: session.currency,
      }),
    }
  }

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  // Real play: the launch token becomes a casino session, kept by the studio under an id of its
  // own. The browser never holds the signing key nor the casino's session; the studio's server signs.
  app.post('/api/session', { schema: { hide: true } }, async (request, reply) => {
    const body = RealSessionBodySchema.safeParse(request.body)
    const title = body.success ? titleOf(body.data.code) : undefined
    if (!body.success || !title) return reply.status(400).send({ error: 'unavailable' })
    const answer = await clients[title.brand].call('authenticate', { token: body.data.token })
    if (answer.kind === 'unknown') return reply.status(503).send({ error: 'connection' })
    if (answer.kind === 'refused') return reply.status(409).send({ error: answer.code })
    if (answer.body.game_code !== title.code) return reply.status(400).send({ error: 'unavailable' })
    const currency = String(answer.body.currency)
    const session: Session = {
      mode: 'real',
      code: title.code,
      currency,
      exponent: exponentOf(currency),
      stakeMin: BigInt(String(answer.body.stake_min)),
      stakeMax: BigInt(String(answer.body.stake_max)),
      casino: { session: String(answer.body.session), playerId: String(answer.body.player_id) },
    }
    const id = newSessionId()
    await store.create(sessionKey(id), session, REAL_SESSION_TTL_MS)
    const open = await openRound(contextOf(id, session, title))
    return noStore(reply).send({
      session: id,
      mode: 'real',
      currency,
      exponent: session.exponent,
      balance: answer.body.balance,
      stake_min: session.stakeMin.toString(),
      stake_max: session.stakeMax.toString(),
      free_rounds: answer.body.free_rounds ?? [],
      open_round: open,
    })
  })

  // Demo play: play money the studio keeps with the session; the casino never hears of it.
  app.post('/api/demo-session', { schema: { hide: true } }, async (request, reply) => {
    const body = DemoSessionBodySchema.safeParse(request.body)
    const title = body.success ? titleOf(body.data.code) : undefined
    if (!body.success || !title) return reply.status(400).send({ error: 'unavailable' })
    const currency = body.data.currency ?? 'EUR'
    const exponent = exponentOf(currency)
    const unit = 10n ** BigInt(exponent)
    const session: Session = {
      mode: 'demo',
      code: title.code,
      currency,
      exponent,
      stakeMin: unit / 5n > 0n ? unit / 5n : 1n,
      stakeMax: 100n * unit,
      balance: DEMO_BALANCE_UNITS * unit,
    }
    const id = newSessionId()
    await store.create(sessionKey(id), session, DEMO_SESSION_TTL_MS)
    return noStore(reply).send({
      session: id,
      mode: 'demo',
      currency,
      exponent,
      balance: session.balance?.toString(),
      stake_min: session.stakeMin.toString(),
      stake_max: session.stakeMax.toString(),
      free_rounds: [],
      open_round: null,
    })
  })

  const send = (reply: FastifyReply, result: RoundResult) => {
    if (result.kind === 'ok') return noStore(reply).send(result.answer)
    const { kind: _kind, status, ...body } = result
    return reply.status(status).send(body)
  }

  app.post('/api/round', { schema: { hide: true } }, async (request, reply) => {
    const body = RoundBodySchema.safeParse(request.body)
    if (!body.success) return reply.status(400).send({ error: 'unavailable' })
    const found = await sessionOf(body.data.session)
    if (!found) return reply.status(401).send({ error: 'session_expired' })
    const { session, title } = found
    const stake = BigInt(body.data.stake)
    if (!body.data.free_round_id && (stake < session.stakeMin || stake > session.stakeMax)) {
      return reply.status(400).send({ error: 'stake_out_of_range' })
    }
    const result = await startRound(contextOf(body.data.session, session, title), {
      stake,
      params: body.data.params,
      ...(body.data.free_round_id && { freeRoundId: body.data.free_round_id }),
    })
    return send(reply, result)
  })

  app.post('/api/act', { schema: { hide: true } }, async (request, reply) => {
    const body = ActBodySchema.safeParse(request.body)
    if (!body.success) return reply.status(400).send({ error: 'unavailable' })
    const found = await sessionOf(body.data.session)
    if (!found) return reply.status(401).send({ error: 'session_expired' })
    const result = await actInRound(contextOf(body.data.session, found.session, found.title), {
      roundId: body.data.round_id,
      action: body.data.action,
    })
    return send(reply, result)
  })
}
