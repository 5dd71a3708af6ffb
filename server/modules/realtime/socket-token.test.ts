import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SOCKET_TOKEN_TTL_MS, signSocketToken, verifySocketClaims } from './socket-token.ts'

const secret = 's'.repeat(40)
const claims = { playerId: 'p1', sessionId: 'sid-1' }

describe('socket tokens', () => {
  it('carry the player id and the session', () => {
    expect(verifySocketClaims(secret, signSocketToken(secret, claims, 1000), 2000)).toEqual(claims)
  })

  it('expire', () => {
    const token = signSocketToken(secret, claims, 1000)
    expect(verifySocketClaims(secret, token, 1000 + SOCKET_TOKEN_TTL_MS)).toBeUndefined()
  })

  it('reject another secret, tampering, a token without a session and junk', () => {
    const token = signSocketToken(secret, claims)
    expect(verifySocketClaims('other'.repeat(10), token)).toBeUndefined()
    const [body = '', signature = ''] = token.split('.')
    const forged = Buffer.from(
      JSON.stringify({ sub: 'p2', sid: 'sid-1', exp: Date.now() + 60_000 }),
    ).toString('base64url')
    expect(verifySocketClaims(secret, `${forged}.${signature}`)).toBeUndefined()
    const sessionless = Buffer.from(
      JSON.stringify({ sub: 'p1', exp: Date.now() + 60_000 }),
    ).toString('base64url')
    // Signed right, as tokens were before they carried the session: still refused.
    const sessionlessSignature = createHmac('sha256', secret)
      .update(sessionless)
      .digest('base64url')
    expect(verifySocketClaims(secret, `${sessionless}.${sessionlessSignature}`)).toBeUndefined()
    expect(verifySocketClaims(secret, `${body}.`)).toBeUndefined()
    expect(verifySocketClaims(secret, undefined)).toBeUndefined()
    expect(verifySocketClaims(secret, ['a'])).toBeUndefined()
    expect(verifySocketClaims(secret, 'a.b.c')).toBeUndefined()
  })
})
