import { Secret } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { newTotpSecret, otpauthUrl, totpCodeAt, totpStepAt, verifyTotp } from './totp.ts'

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1 with the 20-byte ASCII seed "12345678901234567890", 8 digits.
  const seed = Secret.fromLatin1('12345678901234567890')
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 vector at T=%d', (seconds, code) => {
    expect(totpCodeAt(seed, seconds * 1000, 8)).toBe(code)
  })

  it('accepts the current code and one step either side, and says which step it was', () => {
    const secret = newTotpSecret()
    const now = 1_800_000_000_000
    for (const offset of [-1, 0, 1]) {
      const at = now + offset * 30_000
      expect(verifyTotp(secret, totpCodeAt(secret, at), { nowMs: now, lastStep: null })).toBe(
        totpStepAt(at),
      )
    }
    expect(
      verifyTotp(secret, totpCodeAt(secret, now + 90_000), { nowMs: now, lastStep: null }),
    ).toBeUndefined()
  })

  it('never takes a code of a step already used, or an older one', () => {
    const secret = newTotpSecret()
    const now = 1_800_000_000_000
    const code = totpCodeAt(secret, now)
    const step = verifyTotp(secret, code, { nowMs: now, lastStep: null })
    expect(step).toBeDefined()
    expect(verifyTotp(secret, code, { nowMs: now, lastStep: step ?? 0 })).toBeUndefined()
    const earlier = totpCodeAt(secret, now - 30_000)
    expect(verifyTotp(secret, earlier, { nowMs: now, lastStep: step ?? 0 })).toBeUndefined()
  })

  it('refuses malformed codes and gives apps a standard otpauth address', () => {
    const secret = newTotpSecret()
    expect(verifyTotp(secret, '12345', { nowMs: 0, lastStep: null })).toBeUndefined()
    expect(verifyTotp(secret, 'abcdef', { nowMs: 0, lastStep: null })).toBeUndefined()
    const url = new URL(otpauthUrl(secret, 'robin@aurum.test'))
    expect(url.protocol).toBe('otpauth:')
    expect(url.searchParams.get('secret')).toBe(secret)
    expect(url.searchParams.get('issuer')).toBe('Aurum')
    expect(decodeURIComponent(url.pathname)).toContain('robin@aurum.test')
  })
})
