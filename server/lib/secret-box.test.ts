import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox, deriveDataKey } from './secret-box.ts'

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32))

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed)
  })

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal('secret')
    const parts = sealed.split('.')
    const tampered = [...parts.slice(0, 3), Buffer.from('xxxxxx').toString('base64url')].join('.')
    expect(() => box.open(tampered)).toThrow()
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow()
  })

  it('derives a stable 32-byte key from the session secret', () => {
    const key = deriveDataKey('a session secret that is long enough')
    expect(key).toHaveLength(32)
    expect(deriveDataKey('a session secret that is long enough').equals(key)).toBe(true)
  })
})
