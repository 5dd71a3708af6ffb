import { describe, expect, it } from 'vitest'
import { SOCKET_TOKEN_TTL_MS, signSocketToken, verifySocketToken } from './socket-token.ts'

const secret = 's'.repeat(40)

describe('socket tokens', () => {
  it('carry the player id', () => {
    expect(verifySocketToken(secret, signSocketToken(secret, 'p1', 1000), 2000)).toBe('p1')
  })

  it('expire', () => {
    const token = signSocketToken(secret, 'p1', 1000)
    expect(verifySocketToken(secret, token, 1000 + SOCKET_TOKEN_TTL_MS)).toBeUndefined()
  })

  it('reject another secret, tampering and junk', () => {
    const token = signSocketToken(secret, 'p1')
    expect(verifySocketToken('other'.repeat(10), token)).toBeUndefined()
    const [body = '', signature = ''] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ sub: 'p2', exp: Date.now() + 60_000 })).toString(
      'base64url',
    )
    expect(verifySocketToken(secret, `${forged}.${signature}`)).toBeUndefined()
    expect(verifySocketToken(secret, `${body}.`)).toBeUndefined()
    expect(verifySocketToken(secret, undefined)).toBeUndefined()
    expect(verifySocketToken(secret, ['a'])).toBeUndefined()
    expect(verifySocketToken(secret, 'a.b.c')).toBeUndefined()
  })
})
