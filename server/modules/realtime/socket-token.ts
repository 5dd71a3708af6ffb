import { createHmac, timingSafeEqual } from 'node:crypto'

/** Socket tokens live as long as a session can stay idle; the page hands out a fresh one. */
export const SOCKET_TOKEN_TTL_MS = 1_800_000

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url')

/** Who a socket belongs to: the player, and the session whose end closes it. */
export interface SocketClaims {
  playerId: string
  /** The session's id hash (not a credential: the cookie is). */
  sessionId: string
}

/** A token naming the player and session a socket belongs to, signed with the session secret. */
export function signSocketToken(secret: string, claims: SocketClaims, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ sub: claims.playerId, sid: claims.sessionId, exp: now + SOCKET_TOKEN_TTL_MS }),
  ).toString('base64url')
  return `${body}.${sign(secret, body)}`
}

/**
 * The claims of a valid, unexpired token; undefined otherwise. A token without a session is
 * refused: nothing would close its socket when the player signs out.
 */
export function verifySocketClaims(
  secret: string,
  token: unknown,
  now = Date.now(),
): SocketClaims | undefined {
  if (typeof token !== 'string' || token.length > 512) return undefined
  const [body, signature, ...rest] = token.split('.')
  if (!body || !signature || rest.length > 0) return undefined
  const expected = Buffer.from(sign(secret, body))
  const actual = Buffer.from(signature)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      sub?: unknown
      sid?: unknown
      exp?: unknown
    }
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number' ||
      payload.exp <= now
    )
      return undefined
    return { playerId: payload.sub, sessionId: payload.sid }
  } catch {
    return undefined
  }
}
