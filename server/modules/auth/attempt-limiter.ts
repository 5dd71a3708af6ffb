import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#server/lib/errors.ts'

/** Login attempts are counted per client address and e-mail over this window. */
export const LOGIN_RATE_WINDOW_MS = 15 * 60_000
/**
 * An account also has a cap across all addresses, this many times the per-address one: enough
 * for a household or an office, while a guess spread over many addresses still stops.
 */
export const LOGIN_ACCOUNT_LIMIT_FACTOR = 5

/**
 * Counts attempts per key (an account, a player) beside the per-route limits, in the app's
 * rate-limit store: Redis when configured, so every instance shares the count, else memory.
 */
export interface AttemptLimiter {
  /** Refuses with 429 (saying when to retry) when `key` has used up its attempts; counts nothing. */
  assertAllowed(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>
  /** Counts one attempt for `key`, refusing with 429 once it goes past the limit. */
  hit(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void>
  /** Counts one failed attempt for `key`; the next `assertAllowed` refuses once they are used up. */
  count(request: FastifyRequest, key: string): Promise<void>
}

export function createAttemptLimiter(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindowMs: number },
): AttemptLimiter {
  // The plugin's limiter derives the key from the request alone; this hands it the caller's key.
  const keys = new WeakMap<FastifyRequest, string>()
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => `${options.name}:${keys.get(request) ?? ''}`,
  })

  const check = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    increment: boolean,
  ) => {
    keys.set(request, key)
    const result = await limit(request, { increment })
    if (result.isAllowed) return
    const isSpent = increment ? result.isExceeded : result.remaining === 0
    if (!isSpent) return
    const seconds = Math.max(1, result.ttlInSeconds)
    void reply.header('retry-after', String(seconds))
    throw new AppError('request.rate_limited', { params: { waitSeconds: seconds } })
  }

  return {
    assertAllowed: (request, reply, key) => check(request, reply, key, false),
    hit: (request, reply, key) => check(request, reply, key, true),
    count: async (request, key) => {
      keys.set(request, key)
      await limit(request)
    },
  }
}
