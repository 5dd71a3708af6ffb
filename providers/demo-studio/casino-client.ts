import { createHmac, randomBytes } from 'node:crypto'

// The casino's seamless-wallet API as any studio would call it: JSON over HTTP, each request
// signed with the studio's own secret (docs/provider-api.md). Nothing here comes from the
// casino's code: the format is the published one.

export interface CasinoClientOptions {
  /** The casino's origin, e.g. `https://casino.example` (the API lives under `/provider-api/v1`). */
  casinoUrl: string
  providerId: string
  secret: string
  /** Per attempt. */
  timeoutMs?: number
}

export type CasinoAnswer =
  | { kind: 'ok'; body: Record<string, unknown> }
  /** The casino refused the call: nothing moved; `code` says why. */
  | { kind: 'refused'; status: number; code: string; body: Record<string, unknown> }
  /** No answer we can trust (network, timeout, 5xx): the call may or may not have landed. */
  | { kind: 'unknown'; reason: string }

export type CasinoCall = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback'

export function createCasinoClient(options: CasinoClientOptions) {
  const base = options.casinoUrl.replace(/\/$/, '')
  const timeoutMs = options.timeoutMs ?? 5000

  async function call(name: CasinoCall, payload: Record<string, unknown>): Promise<CasinoAnswer> {
    const path = `/provider-api/v1/${name}`
    const body = JSON.stringify(payload)
    const timestamp = Math.floor(Date.now() / 1000).toString()
    // A fresh nonce per attempt: the casino refuses a nonce it has seen, and a retry is a new
    // request that the transaction id makes idempotent.
    const nonce = randomBytes(18).toString('base64url')
    const signed = [timestamp, nonce, 'POST', path, body].join('\n')
    const signature = `v1=${createHmac('sha256', options.secret).update(signed).digest('hex')}`
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'aurum-provider': options.providerId,
          'aurum-timestamp': timestamp,
          'aurum-nonce': nonce,
          'aurum-signature': signature,
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
      const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null
      if (response.status >= 500 || !answer) {
        return { kind: 'unknown', reason: `HTTP ${response.status}` }
      }
      if (response.ok && answer.status === 'ok') return { kind: 'ok', body: answer }
      return {
        kind: 'refused',
        status: response.status,
        code: typeof answer.code === 'string' ? answer.code : 'unknown',
        body: answer,
      }
    } catch (error) {
      return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) }
    }
  }

  /**
   * Sends a settling call (win, rollback) until the casino answers it: they are idempotent by
   * transaction id, so repeating one that landed moves nothing. Gives up after `attempts`.
   */
  async function settle(
    name: 'win' | 'rollback',
    payload: Record<string, unknown>,
    attempts = 3,
  ): Promise<CasinoAnswer> {
    let last: CasinoAnswer = { kind: 'unknown', reason: 'not sent' }
    for (let attempt = 0; attempt < attempts; attempt++) {
      last = await call(name, payload)
      if (last.kind !== 'unknown') return last
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt))
    }
    return last
  }

  return { call, settle }
}

export type CasinoClient = ReturnType<typeof createCasinoClient>
