import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { desc, eq, inArray, and } from 'drizzle-orm'
import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { escapeHtml } from '#server/lib/html.ts'
import { isLoopbackRequest } from '#server/lib/loopback.ts'
import { formatDecimal, MAX_AMOUNT_MINOR, parseDecimal, type CurrencyCode } from '#common/money.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { Cashier } from './cashier.ts'
import { confirmBankDeposit } from './confirm-deposit.ts'
import { handleWebhook, WebhookAnswerDataSchema } from './crypto-webhook.ts'
import { paymentMethods, paymentTransactions, PAYMENT_PROVIDERS } from './payments.tables.ts'
import { verifyWebhook, webhookHeaders } from './standard-webhooks.ts'

export interface PaymentWebhookOptions {
  cashier: Omit<Cashier, 'log'>
  /** The Standard Webhooks secret (`whsec_…`) providers sign with. */
  secret: string
  /**
   * Serve `/dev/payments`, to loopback requests only (never on a public start; outside
   * production, or with DEV_OUTBOX).
   */
  devPage: boolean
}

const WebhookParamsSchema = z.object({ provider: z.string().max(40) })

/**
 * Provider callbacks (`POST /payment/webhook/:provider`) and the development page that sends
 * them. Registered outside the JSON API scope: a provider sends neither the browser's marker
 * header nor a CSRF token; the Standard Webhooks signature over the raw body stands in for both.
 */
export const paymentWebhookPlugin: FastifyPluginAsyncZod<PaymentWebhookOptions> = async (
  app,
  { cashier: shared, secret, devPage },
) => {
  // The signature covers the exact bytes sent, so this scope keeps JSON bodies as text.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body)
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )

  app.post(
    '/payment/webhook/:provider',
    {
      schema: {
        tags: ['payments'],
        summary: 'A payment provider’s signed callback',
        description: `Standard Webhooks (standardwebhooks.com): headers \`webhook-id\`, \`webhook-timestamp\` (Unix seconds, at most 5 minutes from now) and \`webhook-signature\` (\`v1,<base64 HMAC-SHA256 of "id.timestamp.body">\` under the secret \`PAYMENT_WEBHOOK_SECRET\`). 401 \`payments.webhook_signature_invalid\` / \`payments.webhook_timestamp_invalid\`; 404 \`payments.provider_unknown\`. A repeated \`webhook-id\` gets the first answer again and moves nothing. The sandbox crypto gateway (\`sandbox_crypto\`) posts \`{"type":"crypto.deposit","data":{"address","currency","amount" (minor units),"txid","confirmations"}}\`: the deposit stays pending below the configured confirmations and is credited once at or above them. The sandbox card provider (\`sandbox_card\`) posts the answer of its 3-D Secure page: \`{"type":"charge.succeeded","data":{"reference" (the deposit's id),"payment_method" (the card's reusable token),"card":{"brand","last4","expiry","holder"}}}\` credits the deposit (once; the card becomes a saved account), \`charge.failed\` fails it; only a pending card deposit waiting for 3-D Secure moves.`,
        params: WebhookParamsSchema,
        body: z.string().describe('The JSON payload, verified as the exact bytes sent'),
        response: { 200: envelopeOf(WebhookAnswerDataSchema), 400: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const provider = PAYMENT_PROVIDERS.find((id) => id === request.params.provider)
      if (!provider || !shared.providers[provider].hasWebhooks) {
        throw new AppError('payments.provider_unknown')
      }
      const verified = verifyWebhook(secret, request.headers, request.body)
      if (!verified.ok) {
        throw new AppError(
          verified.reason === 'timestamp'
            ? 'payments.webhook_timestamp_invalid'
            : 'payments.webhook_signature_invalid',
        )
      }
      const answer = await handleWebhook(
        { ...shared, log: request.log },
        provider,
        verified.id,
        request.body,
      )
      // The stored answer is sent as it was first given (it was checked when first made).
      return reply
        .status(answer.statusCode as 200)
        .header('cache-control', 'no-store')
        .send(answer.body as z.infer<ReturnType<typeof envelopeOf<typeof WebhookAnswerDataSchema>>>)
    },
  )

  await app.register(devPaymentsRoutes, { cashier: shared, secret, enabled: devPage })
}

const STYLE =
  'body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}form{display:flex;gap:.4rem;flex-wrap:wrap;align-items:end}label{display:flex;flex-direction:column;font-size:12px}input{width:9rem}.note{background:#eef;padding:.5rem}'
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ')

const DevFormSchema = z.object({
  token: z.string(),
  payment_id: z.uuid(),
  action: z.enum(['crypto', 'bank']),
  amount: z.string().max(40).optional(),
  confirmations: z.coerce.number().int().min(0).max(1000).optional(),
})

/**
 * `/dev/payments`: pending crypto and bank deposits, with a form that sends a signed crypto
 * webhook through the real webhook route (or confirms a bank transfer), so the whole flow works
 * on a laptop. Answers 404 where it is off (a public start, production without DEV_OUTBOX) and
 * to any request that does not come from this machine's loopback address. Note: the form
 * carries a token derived from the webhook secret, and the page's CSP only posts to itself, so
 * another site cannot make a developer's browser send one.
 */
const devPaymentsRoutes: FastifyPluginAsyncZod<{
  cashier: Omit<Cashier, 'log'>
  secret: string
  enabled: boolean
}> = async (app, { cashier: shared, secret, enabled }) => {
  const formToken = createHmac('sha256', secret).update('dev-payments-form').digest('base64url')
  const isFormToken = (value: string) => {
    const given = Buffer.from(value)
    const expected = Buffer.from(formToken)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  const pendingDeposits = () =>
    shared.db
      .select({
        payment: paymentTransactions,
        provider: paymentMethods.provider,
        email: players.email,
      })
      .from(paymentTransactions)
      .innerJoin(paymentMethods, eq(paymentMethods.id, paymentTransactions.methodId))
      .innerJoin(players, eq(players.id, paymentTransactions.playerId))
      .where(
        and(
          eq(paymentTransactions.direction, 'deposit'),
          eq(paymentTransactions.status, 'pending'),
          inArray(paymentMethods.provider, ['sandbox_crypto', 'sandbox_bank']),
        ),
      )
      .orderBy(desc(paymentTransactions.createdAt))
      .limit(100)

  app.get(
    '/dev/payments',
    { schema: { hide: true, querystring: z.object({ result: z.string().max(300).optional() }) } },
    async (request, reply) => {
      if (!enabled || !isLoopbackRequest(request)) return reply.callNotFound()
      const rows = await pendingDeposits()
      const body = rows
        .map(({ payment, provider, email }) => {
          const currency = payment.currency as CurrencyCode
          const hidden = `<input type="hidden" name="token" value="${formToken}"><input type="hidden" name="payment_id" value="${payment.id}">`
          const form =
            provider === 'sandbox_crypto'
              ? `<form method="post" action="/dev/payments">${hidden}<input type="hidden" name="action" value="crypto"><label>Amount (${escapeHtml(currency)})<input name="amount" value="${formatDecimal(payment.amountMinor, currency)}"></label><label>Confirmations<input name="confirmations" type="number" min="0" value="${String(shared.cryptoConfirmations)}"></label><button>Send webhook</button></form>`
              : `<form method="post" action="/dev/payments">${hidden}<input type="hidden" name="action" value="bank"><button>Confirm transfer received</button></form>`
          return `<tr><td>${escapeHtml(payment.createdAt.toISOString())}</td><td>${escapeHtml(email)}</td><td>${escapeHtml(payment.methodId)}</td><td>${formatDecimal(payment.amountMinor, currency)} ${escapeHtml(currency)}</td><td>${escapeHtml(payment.details.address ?? payment.details.reference ?? '')}<br>confirmations: ${escapeHtml(payment.details.confirmations ?? '–')}</td><td>${form}</td></tr>`
        })
        .join('\n')
      const result = request.query.result
      const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Payments · Aurum</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Sandbox payments</h1>
<p>Pending crypto and bank-transfer deposits. “Send webhook” signs a <code>crypto.deposit</code> webhook with the site's secret and posts it to <code>/payment/webhook/sandbox_crypto</code>, as the gateway would; below the needed confirmations (${String(shared.cryptoConfirmations)}) the deposit stays pending. This page exists outside production only.</p>
${result ? `<p class="note">${escapeHtml(result)}</p>` : ''}
${rows.length === 0 ? '<p>No pending deposits.</p>' : `<table><thead><tr><th>Time (UTC)</th><th>Player</th><th>Method</th><th>Amount</th><th>Address / reference</th><th></th></tr></thead><tbody>\n${body}\n</tbody></table>`}
</body>
</html>
`
      return reply
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html)
    },
  )

  app.post(
    '/dev/payments',
    { schema: { hide: true, body: DevFormSchema } },
    async (request, reply) => {
      if (!enabled || !isLoopbackRequest(request)) return reply.callNotFound()
      const form = request.body
      if (!isFormToken(form.token) || request.headers['sec-fetch-site'] === 'cross-site') {
        throw new AppError('csrf.invalid')
      }
      const back = (result: string) =>
        reply.redirect(`/dev/payments?result=${encodeURIComponent(result.slice(0, 300))}`, 303)
      const [payment] = await shared.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, form.payment_id))
      if (payment?.status !== 'pending') return back('That deposit is not pending.')
      const currency = payment.currency as CurrencyCode
      const amount = parseDecimal(form.amount ?? '', currency)
      const isAmount = amount.ok && amount.minor > 0n && amount.minor <= MAX_AMOUNT_MINOR
      if (form.action === 'bank') {
        // What arrived: the typed amount, else the amount the reference announced.
        const result = await confirmBankDeposit({ ...shared, log: request.log }, payment.id, {
          amountMinor: isAmount ? amount.minor : payment.amountMinor,
          currency,
        })
        return back(`Bank transfer ${result.transaction_id}: ${result.status}.`)
      }
      if (!isAmount || !payment.details.address) return back('The amount is not valid.')
      const body = JSON.stringify({
        type: 'crypto.deposit',
        data: {
          address: payment.details.address,
          currency,
          amount: amount.minor.toString(),
          // One transfer per pending deposit: sending again adds confirmations to the same one.
          txid: payment.providerReference ?? `dev${randomUUID().replaceAll('-', '')}`,
          confirmations: form.confirmations ?? shared.cryptoConfirmations,
        },
      })
      const response = await app.inject({
        method: 'POST',
        url: '/payment/webhook/sandbox_crypto',
        headers: {
          'content-type': 'application/json',
          ...webhookHeaders(secret, randomUUID(), body),
        },
        payload: body,
      })
      return back(`Webhook answered ${String(response.statusCode)}: ${response.body}`)
    },
  )
}
