import { createHash } from 'node:crypto'
import { isIP } from 'node:net'
import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config/env.ts'
import { escapeHtml } from '#server/lib/html.ts'
import { isLoopbackRequest } from '#server/lib/loopback.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { createSmtpMailer } from './mailer.ts'
import { listOutboxMessages, type OutboxMessage } from './messaging.repo.ts'
import { MESSAGE_CHANNELS } from './messaging.tables.ts'
import type { MessagingService } from './messaging-service.ts'
import type { MessageTransports } from './send-message.ts'

/** How many messages `/dev/outbox` shows. */
export const OUTBOX_PAGE_LIMIT = 100

export interface MessagingPluginDeps extends CoreDeps {
  /** E-mail and SMS hand-over; by default `transportsFromConfig` (tests pass fakes). */
  transports: MessageTransports | undefined
  /**
   * Serve `/dev/outbox` and `/dev/outbox.json`, to loopback requests only (never on a public
   * start, nor in production without DEV_OUTBOX: they answer 404 there).
   */
  devPages: boolean
}

/** SMTP when `SMTP_URL` is set; no SMS provider is built in (see `sms.ts`). */
function transportsFromConfig(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>) {
  return {
    mailer: config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : undefined,
  } satisfies MessageTransports
}

/**
 * The origin links in messages start with: `PUBLIC_URL`, else the address the server listens on
 * (any interface: localhost). Note: never the request's Host or X-Forwarded-Host header, which
 * a client chooses: a forged one would put another site's address in a password-reset e-mail.
 */
function linkOriginOf(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '')
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${String(config.PORT)}`
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g

const linksIn = (text: string) => [...text.matchAll(URL_PATTERN)].map((match) => match[0])

/** Escapes a message body and makes its web addresses clickable. */
function bodyHtml(text: string): string {
  let html = ''
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0]
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
    last = match.index + url.length
  }
  return html + escapeHtml(text.slice(last))
}

// The page's only style: the CSP admits exactly this text by its hash, and no script at all.
const STYLE =
  'body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}pre{margin:0;white-space:pre-wrap;font:inherit}'
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

function outboxPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${message.channel}</td><td>${escapeHtml(message.recipient)}</td><td>${escapeHtml(message.template)} (${escapeHtml(message.locale)})</td><td>${escapeHtml(message.subject)}</td><td><pre>${bodyHtml(message.body)}</pre></td></tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox · Aurum</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Outbox</h1>
<p>The newest ${String(OUTBOX_PAGE_LIMIT)} e-mails and text messages the site has written, newest first. This page exists outside production only.</p>
${
  messages.length === 0
    ? '<p>No messages yet.</p>'
    : `<table>
<thead><tr><th>Time (UTC)</th><th>Channel</th><th>To</th><th>Template</th><th>Subject</th><th>Message</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</body>
</html>
`
}

const OutboxQuerySchema = z.object({ recipient: z.string().trim().min(1).max(320).optional() })

const OutboxJsonSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(MESSAGE_CHANNELS),
      recipient: z.string(),
      template: z.string(),
      locale: z.string(),
      subject: z.string(),
      body: z.string(),
      /** The web addresses in the body, in order (the verification or reset link). */
      links: z.array(z.string()),
      delivered_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
})

/** `/dev/outbox` (a page) and `/dev/outbox.json` (for tests and the e2e journey). */
const outboxRoutes: FastifyPluginAsyncZod<{ enabled: boolean }> = async (app, { enabled }) => {
  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: OutboxQuerySchema } },
    async (request, reply) => {
      if (!enabled || !isLoopbackRequest(request)) return reply.callNotFound()
      const messages = await listOutboxMessages(app.database.db, {
        recipient: request.query.recipient,
        limit: OUTBOX_PAGE_LIMIT,
      })
      return reply
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(outboxPage(messages))
    },
  )

  app.get(
    '/dev/outbox.json',
    { schema: { hide: true, querystring: OutboxQuerySchema, response: { 200: OutboxJsonSchema } } },
    async (request, reply) => {
      if (!enabled || !isLoopbackRequest(request)) return reply.callNotFound()
      const messages = await listOutboxMessages(app.database.db, {
        recipient: request.query.recipient,
        limit: OUTBOX_PAGE_LIMIT,
      })
      void reply.header('cache-control', 'no-store')
      return {
        messages: messages.map((message) => ({
          id: message.id,
          channel: message.channel,
          recipient: message.recipient,
          template: message.template,
          locale: message.locale,
          subject: message.subject,
          body: message.body,
          links: linksIn(message.body),
          delivered_at: message.deliveredAt?.toISOString() ?? null,
          created_at: message.createdAt.toISOString(),
        })),
      }
    },
  )
}

/**
 * Messaging for the whole app: `app.messaging` (transports, link origin, deferred sending) and the
 * development outbox pages. Not encapsulated: every module's calls send messages. The outbox is a
 * page, outside the JSON API scope.
 */
export const messagingPlugin = fp(
  async (app, deps: MessagingPluginDeps) => {
    const transports = deps.transports ?? transportsFromConfig(deps.config)
    const pending = new Set<Promise<unknown>>()
    const service: MessagingService = {
      transports,
      origin: linkOriginOf(deps.config),
      defer(task, log) {
        const running: Promise<unknown> = Promise.resolve()
          .then(task)
          .catch((error: unknown) => {
            log.error({ err: error }, 'deferred message task failed')
          })
          .finally(() => pending.delete(running))
        pending.add(running)
      },
      async idle() {
        while (pending.size > 0) await Promise.allSettled([...pending])
      },
    }
    app.decorate('messaging', service)
    app.addHook('onClose', async () => {
      await service.idle()
      transports.mailer?.close?.()
    })
    await app.register(outboxRoutes, { enabled: deps.devPages })
  },
  { name: 'messaging', dependencies: ['database'] },
)
