import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Redis } from 'ioredis'

// How a studio signs each seamless-wallet call (docs/provider-api.md, "Signing"), and the memory
// of nonces that refuses a replayed request.

/** How far a request's timestamp may be from our clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000

export const SIGNING_HEADERS = {
  provider: 'aurum-provider',
  timestamp: 'aurum-timestamp',
  nonce: 'aurum-nonce',
  signature: 'aurum-signature',
} as const

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,100}$/

/** The signed text: every part that gives the request its meaning, joined by newlines. */
export function signingPayload(parts: {
  timestamp: string
  nonce: string
  method: string
  path: string
  body: string
}): string {
  return [parts.timestamp, parts.nonce, parts.method.toUpperCase(), parts.path, parts.body].join(
    '\n',
  )
}

export function sign(secret: string, payload: string): string {
  return `v1=${createHmac('sha256', secret).update(payload).digest('hex')}`
}

export type SignedHeaders =
  | { ok: true; providerId: string; timestamp: string; nonce: string; signature: string }
  | { ok: false }

/** The four signing headers, when each is present once and well formed. */
export function readSigningHeaders(
  headers: Record<string, string | string[] | undefined>,
): SignedHeaders {
  const one = (name: string) => {
    const value = headers[name]
    return typeof value === 'string' ? value : undefined
  }
  const providerId = one(SIGNING_HEADERS.provider)
  const timestamp = one(SIGNING_HEADERS.timestamp)
  const nonce = one(SIGNING_HEADERS.nonce)
  const signature = one(SIGNING_HEADERS.signature)
  if (!providerId || !/^[a-z0-9-]{1,60}$/.test(providerId)) return { ok: false }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false }
  if (!nonce || !NONCE_PATTERN.test(nonce)) return { ok: false }
  if (!signature || !/^v1=[0-9a-f]{64}$/.test(signature)) return { ok: false }
  return { ok: true, providerId, timestamp, nonce, signature }
}

/** Compares in constant time, so the answer's timing does not leak how much of a guess matched. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function isTimestampFresh(timestamp: string, nowMs = Date.now()): boolean {
  return Math.abs(nowMs - Number(timestamp) * 1000) <= SIGNATURE_WINDOW_MS
}

/**
 * Remembers each provider's nonces long enough that a request cannot be replayed within its
 * signature window: an old copy outside the window is refused by its timestamp instead.
 */
export interface NonceStore {
  /** True the first time a nonce is claimed; false when it was seen before. */
  claim(key: string): Promise<boolean>
}

/** Twice the window: a copy stamped at the window's far edge still finds its nonce remembered. */
const NONCE_TTL_MS = 2 * SIGNATURE_WINDOW_MS

/**
 * One process's memory. Note: with several instances and no Redis a replay could reach another
 * instance; it still moves nothing twice, since every money call is idempotent by transaction id.
 */
export function memoryNonceStore(now: () => number = Date.now): NonceStore {
  const seen = new Map<string, number>()
  let nextSweep = now() + NONCE_TTL_MS
  return {
    async claim(key) {
      const time = now()
      if (time >= nextSweep) {
        for (const [entry, expiresAt] of seen) if (expiresAt <= time) seen.delete(entry)
        nextSweep = time + NONCE_TTL_MS
      }
      const expiresAt = seen.get(key)
      if (expiresAt !== undefined && expiresAt > time) return false
      seen.set(key, time + NONCE_TTL_MS)
      return true
    },
  }
}

/** Shared by every instance: `SET NX` with an expiry is one atomic claim. */
export function redisNonceStore(redis: Redis): NonceStore {
  return {
    async claim(key) {
      const answer = await redis.set(`aurum:provider-nonce:${key}`, '1', 'PX', NONCE_TTL_MS, 'NX')
      return answer === 'OK'
    },
  }
}
