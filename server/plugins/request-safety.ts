import { timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#server/lib/errors.ts'

/** Every API call carries this header, which a cross-site form cannot send. */
export const MARKER_HEADER = 'x-requested-with'
export const MARKER_VALUE = 'XMLHttpRequest'
export const CSRF_HEADER = 'x-csrf-token'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the call needs the session's CSRF token. Defaults to true for every method but GET;
     * GET calls that change state (the spec has a few) set it to true.
     */
    csrf?: boolean
  }
}

export async function requireMarkerHeader(request: FastifyRequest): Promise<void> {
  if (request.headers[MARKER_HEADER] !== MARKER_VALUE) throw new AppError('request.marker_missing')
}

export async function requireCsrfToken(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  const needsToken = request.routeOptions.config.csrf ?? request.method !== 'GET'
  if (!needsToken) return
  const sent = request.headers[CSRF_HEADER]
  const session = typeof sent === 'string' && sent ? await request.session() : undefined
  if (!session || typeof sent !== 'string' || !safeEqual(sent, session.csrfToken)) {
    throw new AppError('csrf.invalid')
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
