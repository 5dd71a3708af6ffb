import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The Standard Webhooks scheme (standardwebhooks.com): the sender signs `id.timestamp.body` with
 * HMAC-SHA256 under the secret `whsec_<base64>` and sends `webhook-id`, `webhook-timestamp`
 * (Unix seconds) and `webhook-signature` (`v1,<base64>`, several separated by spaces while a
 * secret rotates). The receiver refuses timestamps more than five minutes off, which with the
 * stored ids makes a replay impossible.
 */
export const WEBHOOK_TOLERANCE_S = 5 * 60

function keyOf(secret: string): Buffer {
  const base64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret
  return Buffer.from(base64, 'base64')
}

/** The `v1,<base64>` signature of one message. */
export function signWebhook(secret: string, id: string, timestampS: number, body: string): string {
  const digest = createHmac('sha256', keyOf(secret))
    .update(`${id}.${String(timestampS)}.${body}`)
    .digest('base64')
  return `v1,${digest}`
}

/** The three headers a sender adds to `body`. */
export function webhookHeaders(
  secret: string,
  id: string,
  body: string,
  nowMs = Date.now(),
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestampS = Math.floor(nowMs / 1000)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': signWebhook(secret, id, timestampS, body),
  }
}

export type WebhookVerification =
  { ok: true; id: string; timestampS: number } | { ok: false; reason: 'signature' | 'timestamp' }

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * Checks a delivery's headers against the raw body, exactly as sent: any change of a byte, a
 * missing header or a stale timestamp refuses it. Signatures compare in constant time.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowMs = Date.now(),
): WebhookVerification {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  const signatures = header(headers, 'webhook-signature')
  if (!id || id.length > 200 || !timestamp || !signatures) return { ok: false, reason: 'signature' }
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'timestamp' }
  const timestampS = Number(timestamp)
  if (Math.abs(Math.floor(nowMs / 1000) - timestampS) > WEBHOOK_TOLERANCE_S) {
    return { ok: false, reason: 'timestamp' }
  }
  const expected = Buffer.from(signWebhook(secret, id, timestampS, body).slice(3), 'base64')
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2)
    if (version !== 'v1' || !value) return false
    const given = Buffer.from(value, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  return matches ? { ok: true, id, timestampS } : { ok: false, reason: 'signature' }
}
