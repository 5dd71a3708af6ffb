import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { renderCardFields, renderChallenge } from './pages.ts'
import { signedHeaders, type SandboxPsp } from './psp.ts'
import { stringsFor } from './strings.ts'

export interface SandboxPspPluginOptions {
  psp: SandboxPsp
  /** The casino's webhook secret (`whsec_…`) the PSP signs its webhooks with. */
  secret: string
  /**
   * Delivers a signed webhook to the casino (`POST /payment/webhook/sandbox_card`) and answers
   * its HTTP status. The casino wires it; a PSP elsewhere would POST to the casino's address.
   */
  notify: (body: string, headers: Record<string, string>) => Promise<number>
}

const PageQuerySchema = z.object({
  /** The challenge: the PSP's sealed id, too long for a path segment. */
  id: z.string().max(4100).optional(),
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .catch('en'),
  theme: z.enum(['dark', 'light']).catch('dark'),
})
const CardBodySchema = z.object({
  number: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  holder: z.string().max(200),
})
const DecisionBodySchema = z.object({ decision: z.enum(['approve', 'fail']) })

/** Minor units as the currency's amount, in the page's language (fiat: Intl knows the digits). */
function formatAmount(minor: bigint, currency: string, lang: string): string {
  try {
    const format = new Intl.NumberFormat(lang, { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    const whole = Number(minor) / 10 ** digits
    return format.format(whole)
  } catch {
    return `${minor.toString()} ${currency}`
  }
}

/**
 * The sandbox PSP's pages and browser endpoints under its own prefix (`/sandbox-psp`): the hosted
 * card fields, their token endpoint, and the 3-D Secure challenge whose answer the PSP sends to
 * the casino as a signed webhook. Outside the casino's API scope: the casino's marker header and
 * CSRF token are the casino's, not the PSP's.
 */
export const sandboxPspPlugin: FastifyPluginAsync<SandboxPspPluginOptions> = async (
  app,
  { psp, secret, notify },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )

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
          "frame-ancestors 'self'",
          "base-uri 'none'",
          "form-action 'self'",
        ].join('; '),
      )
      // The casino's page frames these; CSP frame-ancestors above says who may.
      .removeHeader('x-frame-options')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html)

  /** A page or token call made for another site is refused (the PSP trusts only its own pages). */
  const isCrossSite = (request: FastifyRequest) =>
    request.headers['sec-fetch-site'] === 'cross-site'

  app.get('/v1/card-fields', { schema: { hide: true } }, async (request, reply) => {
    const query = PageQuerySchema.parse(request.query ?? {})
    const { lang, dir, t } = stringsFor(query.lang)
    const nonce = randomBytes(16).toString('base64')
    const html = renderCardFields({ lang, dir, theme: query.theme, nonce, t, base: psp.base })
    return sendPage(reply, nonce, html)
  })

  app.post('/v1/tokens', { schema: { hide: true }, bodyLimit: 2048 }, async (request, reply) => {
    void reply.header('cache-control', 'no-store')
    const card = CardBodySchema.safeParse(request.body)
    if (isCrossSite(request) || !card.success) {
      return reply.status(400).send({ problems: { number: 'required' } })
    }
    const result = psp.tokenize(card.data)
    if ('problems' in result) return reply.status(400).send({ problems: result.problems })
    return { token: result.token, card: result.card }
  })

  const challengePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    decision?: 'approve' | 'fail',
  ) => {
    const query = PageQuerySchema.parse(request.query ?? {})
    const { lang, dir, t } = stringsFor(query.lang)
    const nonce = randomBytes(16).toString('base64')
    const frame = { lang, dir, theme: query.theme, nonce, t }
    const challenge = query.id ? psp.challenge(query.id) : undefined
    if (!challenge) {
      const card = { brand: '', last4: '', expiry: '', holder: '' }
      return sendPage(
        reply,
        nonce,
        renderChallenge({ ...frame, amount: '', card, expired: true }),
        404,
      )
    }
    const amount = formatAmount(challenge.amountMinor, challenge.currency, lang)
    if (!decision) {
      return sendPage(reply, nonce, renderChallenge({ ...frame, amount, card: challenge.card }))
    }
    const approved = decision === 'approve'
    const event = psp.decide(challenge, approved)
    const body = JSON.stringify(event)
    // One id per challenge: the casino takes the first answer it hears and repeats it after.
    const headers = signedHeaders(secret, `evt_3ds_${challenge.reference}`, body)
    let status = 0
    try {
      status = await notify(body, { 'content-type': 'application/json', ...headers })
    } catch (error) {
      request.log.warn({ err: error, reference: challenge.reference }, '3-D Secure not delivered')
    }
    const decided = { approved, delivered: status === 200 }
    // The page's own script asks for JSON; without script the form's post gets the page.
    if (request.headers.accept === 'application/json') {
      return reply
        .status(decided.delivered ? 200 : 502)
        .header('cache-control', 'no-store')
        .send(decided)
    }
    return sendPage(
      reply,
      nonce,
      renderChallenge({ ...frame, amount, card: challenge.card, decided }),
      decided.delivered ? 200 : 502,
    )
  }

  app.get('/v1/challenge', { schema: { hide: true } }, (request, reply) =>
    challengePage(request, reply),
  )

  app.post('/v1/challenge', { schema: { hide: true } }, async (request, reply) => {
    const form = DecisionBodySchema.safeParse(request.body)
    if (isCrossSite(request) || !form.success) return challengePage(request, reply)
    return challengePage(request, reply, form.data.decision)
  })
}
