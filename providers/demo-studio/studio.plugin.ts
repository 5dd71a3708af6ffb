import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { createCasinoClient, type CasinoClient } from './casino-client.ts'
import { renderPage, renderUnavailable, spinCycleMs } from './page.ts'
import { payoutOf, spin, THEMES } from './slot.ts'
import { stringsFor } from './strings/index.ts'

// Demo Studio, a game studio that happens to be served from the casino's process. It knows the
// casino only as an HTTP address, a provider id and a signing secret (docs/provider-api.md); it
// imports nothing of the casino. Its pages run in the casino's iframe; its server calls the
// casino's seamless-wallet API for every real-money spin.

export interface DemoStudioOptions {
  providerId: string
  /** The studio's signing secret: the same the casino holds sealed for this provider. */
  secret: string
  /** The casino's origin as the studio's server reaches it. */
  casinoUrl: string
  /** Who may frame the game pages (CSP `frame-ancestors`); default: this origin only. */
  frameAncestors?: string
}

const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/)
const MinorSchema = z.string().regex(/^[1-9]\d{0,17}$/)
const CodeSchema = z.string().regex(/^[a-z0-9-]{1,80}$/)

const SessionBodySchema = z.object({ token: IdSchema })
const SpinBodySchema = z.object({
  session: IdSchema,
  player_id: z.uuid(),
  currency: z.string().regex(/^[A-Z]{3,4}$/),
  stake: MinorSchema,
  code: CodeSchema,
  /** One of the player's free rounds the casino offered (`free_rounds`): the casino stakes it. */
  free_round_id: z.uuid().optional(),
})
const DemoSpinBodySchema = z.object({ stake: MinorSchema, code: CodeSchema })
const PlayQuerySchema = z.object({
  mode: z.enum(['real', 'demo']).default('demo'),
  token: IdSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3,4}$/)
    .optional(),
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .default('en'),
  /**
   * The shortest spin the player's jurisdiction allows (docs/provider-api.md). This slot has no
   * autoplay and no turbo anywhere, so `slot_autoplay` and `slot_turbo` ask nothing of it.
   */
  slot_min_cycle_ms: z.coerce.number().int().min(0).max(60_000).default(0),
})

/** Minor-unit digits of the casino's currencies the browser's Intl may not know (crypto). */
const KNOWN_EXPONENTS: Record<string, number> = { BTC: 8, ETH: 8, LTC: 8, USDT: 2, DOGE: 8 }

/**
 * Wins and rollbacks the casino did not answer are sent again for a while: they are idempotent
 * by transaction id there, and a win the studio owes must reach the player. Note: this queue is
 * the process's memory; a studio in production keeps it in its own database.
 */
function createRetryQueue(client: CasinoClient, log: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>()
  const MAX_ATTEMPTS = 30
  function later(name: 'win' | 'rollback', payload: Record<string, unknown>, attempt = 1) {
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        // Logged by transaction id only: the session token is a credential.
        const transactionId = payload.transaction_id
        void client.call(name, payload).then((answer) => {
          if (answer.kind !== 'unknown') {
            if (answer.kind === 'refused') {
              log.error({ transactionId, code: answer.code }, `${name} refused`)
            }
            return
          }
          if (attempt < MAX_ATTEMPTS) later(name, payload, attempt + 1)
          else log.error({ transactionId }, `${name} never reached the casino`)
        })
      },
      Math.min(60_000, 1000 * 2 ** attempt),
    )
    timer.unref()
    timers.add(timer)
  }
  return {
    later,
    stop() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

/** The game codes this studio runs: what it would list in its integration sheet for a casino. */
export const demoStudioGames: readonly string[] = Object.keys(THEMES)

export const demoStudio: FastifyPluginAsync<DemoStudioOptions> = async (app, options) => {
  const client = createCasinoClient({
    casinoUrl: options.casinoUrl,
    providerId: options.providerId,
    secret: options.secret,
  })
  const retries = createRetryQueue(client, app.log)
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
      const theme = THEMES[request.params.code]
      if (!query.success || !theme || (query.data.mode === 'real' && !query.data.token)) {
        const html = renderUnavailable({ lang, dir, text: t.unavailable, nonce })
        return sendPage(reply, nonce, html, 404)
      }
      return sendPage(
        reply,
        nonce,
        renderPage({
          base,
          code: request.params.code,
          theme,
          mode: query.data.mode,
          token: query.data.token ?? null,
          currency: query.data.currency ?? null,
          spinCycleMs: spinCycleMs(query.data.slot_min_cycle_ms),
          lang,
          dir,
          t,
          nonce,
        }),
      )
    },
  )

  // The page's own calls. The browser never holds the signing key; the studio's server signs.
  app.post('/api/session', { schema: { hide: true } }, async (request, reply) => {
    const body = SessionBodySchema.safeParse(request.body)
    if (!body.success) return reply.status(400).send({ error: 'unavailable' })
    const answer = await client.call('authenticate', { token: body.data.token })
    if (answer.kind === 'unknown') return reply.status(503).send({ error: 'connection' })
    if (answer.kind === 'refused') return reply.status(409).send({ error: answer.code })
    const currency = String(answer.body.currency)
    let exponent = KNOWN_EXPONENTS[currency]
    if (exponent === undefined) {
      try {
        exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits
      } catch {
        exponent = 2
      }
    }
    return reply.header('cache-control', 'no-store').send({ ...answer.body, exponent })
  })

  app.post('/api/spin', { schema: { hide: true } }, async (request, reply) => {
    const body = SpinBodySchema.safeParse(request.body)
    if (!body.success || !THEMES[body.data.code]) {
      return reply.status(400).send({ error: 'unavailable' })
    }
    const { session, player_id, currency, stake, free_round_id } = body.data
    const roundId = randomUUID()
    const betId = `bet-${roundId}`
    const common = { session, player_id, round_id: roundId }
    const bet = await client.call('bet', {
      ...common,
      transaction_id: betId,
      amount: stake,
      currency,
      ...(free_round_id && { free_round_id }),
    })
    if (bet.kind === 'refused') {
      // `player_blocked` says why (a reality check awaiting an answer, a spin too soon…).
      const reason = typeof bet.body.reason === 'string' ? bet.body.reason : null
      return reply.status(409).send({ error: bet.code, balance: bet.body.balance ?? null, reason })
    }
    if (bet.kind === 'unknown') {
      // We cannot tell whether the stake was taken: take the bet back, whether it landed or not.
      // If it never landed, the casino records the rollback and refuses the bet should it arrive.
      const rollback = {
        ...common,
        transaction_id: `rollback-${roundId}`,
        bet_transaction_id: betId,
      }
      const answer = await client.settle('rollback', rollback)
      if (answer.kind === 'unknown') retries.later('rollback', rollback)
      request.log.warn({ roundId, reason: bet.reason }, 'bet unanswered, rolled back')
      return reply.status(503).send({ error: 'connection' })
    }
    const outcome = spin()
    const payout = payoutOf(BigInt(stake), outcome.units)
    // A win of 0 closes the round at the casino, so its history shows the loss as settled.
    const win = { ...common, transaction_id: `win-${roundId}`, amount: payout.toString(), currency }
    const settled = await client.settle('win', win)
    if (settled.kind === 'unknown') retries.later('win', win)
    let balance = settled.kind === 'ok' ? settled.body.balance : null
    if (settled.kind === 'refused') {
      // Only a rollback racing this round can cause it; the page shows what the casino holds.
      request.log.error({ roundId, code: settled.code }, 'the casino refused a win')
      const now = await client.call('balance', { session, player_id })
      balance = now.kind === 'ok' ? now.body.balance : null
    }
    // The casino pays at most its maximum win per round; the page shows what it paid.
    const paid = settled.kind === 'ok' ? settled.body.amount : undefined
    return reply.header('cache-control', 'no-store').send({
      window: outcome.window,
      lines: outcome.lines,
      payout: typeof paid === 'string' ? paid : payout.toString(),
      // null: the win is still on its way (retried); the page adds the payout itself.
      balance,
    })
  })

  // Demo: the studio draws the spin and the page keeps the play money; the casino never hears.
  app.post('/api/demo-spin', { schema: { hide: true } }, async (request, reply) => {
    const body = DemoSpinBodySchema.safeParse(request.body)
    if (!body.success || !THEMES[body.data.code]) {
      return reply.status(400).send({ error: 'unavailable' })
    }
    const outcome = spin()
    return reply.header('cache-control', 'no-store').send({
      window: outcome.window,
      lines: outcome.lines,
      payout: payoutOf(BigInt(body.data.stake), outcome.units).toString(),
      balance: null,
    })
  })
}
