import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  checkPassword,
  COMMON_PASSWORD_COUNT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from './password-policy.ts'

const shipped = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)

describe('checkPassword (NIST SP 800-63B)', () => {
  it('ships the 3,000 most common passwords, one a line', () => {
    expect(shipped).toHaveLength(3000)
    expect(shipped.slice(0, 3)).toEqual(['123456', 'password', '12345678'])
    // Entries differing only in case count once.
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(2950)
  })

  it('asks for at least 8 characters and accepts up to 256, counting code points', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64)
    expect(checkPassword('')).toBe('password_too_short')
    expect(checkPassword('gh7#kq2')).toBe('password_too_short')
    expect(checkPassword('gh7#kq2z')).toBeUndefined()
    expect(checkPassword('x'.repeat(64))).toBeUndefined()
    expect(checkPassword('x'.repeat(256))).toBeUndefined()
    expect(checkPassword('x'.repeat(257))).toBe('password_too_long')
    // Seven emoji are 14 UTF-16 units but 7 characters.
    expect(checkPassword('🐉🐉🐉🐉🐉🐉🐉')).toBe('password_too_short')
    expect(checkPassword('🐉🐉🐉🐉🐉🐉🐉🐉')).toBeUndefined()
  })

  it('has no composition rules: letters only, digits only and spaces are fine', () => {
    expect(checkPassword('correct horse battery staple')).toBeUndefined()
    expect(checkPassword('zqxwvtrplkmn')).toBeUndefined()
    expect(checkPassword('90817263544')).toBeUndefined()
    expect(checkPassword('        x       ')).toBeUndefined()
  })

  it('refuses every shipped common password of 8 or more characters, in any case', () => {
    const long = shipped.filter((password) => password.length >= PASSWORD_MIN_LENGTH)
    expect(long.length).toBeGreaterThan(600)
    for (const password of long) expect(checkPassword(password)).toBe('password_too_common')
    expect(checkPassword('PASSWORD')).toBe('password_too_common')
    expect(checkPassword('Password1')).toBe('password_too_common')
    expect(checkPassword('QWERTYUIOP')).toBe('password_too_common')
    expect(checkPassword(' ILoveYou ')).toBe('password_too_common')
  })

  it('refuses the e-mail address and its local part, in any case', () => {
    const email = 'Robin.Tester@Example.com'
    expect(checkPassword('robin.tester@example.com', { email })).toBe('password_is_email')
    expect(checkPassword('ROBIN.TESTER@EXAMPLE.COM', { email })).toBe('password_is_email')
    expect(checkPassword('Robin.Tester', { email })).toBe('password_is_email')
    expect(checkPassword('robin.tester!', { email })).toBeUndefined()
    expect(checkPassword('robin.tester', {})).toBeUndefined()
  })

  it('gives field problems with the limit the message names', () => {
    expect(passwordProblem('short', undefined)).toEqual({
      code: 'password_too_short',
      params: { min: 8 },
    })
    expect(passwordProblem('y'.repeat(300), undefined)).toEqual({
      code: 'password_too_long',
      params: { max: 256 },
    })
    expect(passwordProblem('password1', undefined)).toEqual({ code: 'password_too_common' })
    expect(passwordProblem('a.b.c.d.e@x.org', 'a.b.c.d.e@x.org')).toEqual({
      code: 'password_is_email',
    })
    expect(passwordProblem('tranquil meadow', 'a@b.co')).toBeUndefined()
  })
})
