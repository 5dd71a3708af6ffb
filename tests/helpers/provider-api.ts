import { createHmac, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { TEST_DEMO_STUDIO_SECRET } from './test-secrets.ts'

/**
 * The development secret earlier versions shipped in the repository (and so published). Only its
 * hash is in the server (studio-secret.ts); tests sign with it to show it opens nothing.
 */
export const RETIRED_PUBLIC_STUDIO_SECRET = 'demo-studio-development-secret-not-for-production'

/** Parts of a signature a test may forge or replay; the rest is signed as the studio would. */
export interface Signing {
  provider?: string
  secret?: string
  timestamp?: number
  nonce?: string
  signature?: string
}

/**
 * One seamless-wallet call exactly as a studio's server sends it (docs/provider-api.md), signed
 * with the Demo Studio's test secret, which the test database's seed sealed.
 */
export function providerCall(
  app: FastifyInstance,
  name: string,
  body: unknown,
  signing: Signing = {},
) {
  const path = `/provider-api/v1/${name}`
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const timestamp = String(signing.timestamp ?? Math.floor(Date.now() / 1000))
  const nonce = signing.nonce ?? randomUUID()
  const payload = [timestamp, nonce, 'POST', path, text].join('\n')
  const signature =
    signing.signature ??
    `v1=${createHmac('sha256', signing.secret ?? TEST_DEMO_STUDIO_SECRET)
      .update(payload)
      .digest('hex')}`
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'aurum-provider': signing.provider ?? 'demo-studio',
      'aurum-timestamp': timestamp,
      'aurum-nonce': nonce,
      'aurum-signature': signature,
    },
    payload: text,
  })
}
