import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  isTimestampFresh,
  memoryNonceStore,
  readSigningHeaders,
  sign,
  signatureMatches,
  signingPayload,
  SIGNATURE_WINDOW_MS,
} from './provider-signing.ts'

describe('provider request signing', () => {
  it('signs the five lines of docs/provider-api.md (a vector any HMAC tool reproduces)', () => {
    const payload = signingPayload({
      timestamp: '1790000000',
      nonce: 'nonce-0123456789abcdef',
      method: 'post',
      path: '/provider-api/v1/bet',
      body: '{"amount":"100"}',
    })
    expect(payload).toBe(
      '1790000000\nnonce-0123456789abcdef\nPOST\n/provider-api/v1/bet\n{"amount":"100"}',
    )
    const expected = createHmac('sha256', 'studio-secret').update(payload).digest('hex')
    expect(sign('studio-secret', payload)).toBe(`v1=${expected}`)
    expect(signatureMatches(`v1=${expected}`, `v1=${expected}`)).toBe(true)
    expect(signatureMatches(`v1=${expected}`, `v1=${'0'.repeat(64)}`)).toBe(false)
    expect(signatureMatches(`v1=${expected}`, 'v1=short')).toBe(false)
  })

  it('reads the headers only when each is present once and well formed', () => {
    const good = {
      'aurum-provider': 'demo-studio',
      'aurum-timestamp': '1790000000',
      'aurum-nonce': 'nonce-0123456789abcdef',
      'aurum-signature': `v1=${'a'.repeat(64)}`,
    }
    expect(readSigningHeaders(good)).toMatchObject({ ok: true, providerId: 'demo-studio' })
    expect(readSigningHeaders({ ...good, 'aurum-nonce': 'short' }).ok).toBe(false)
    expect(readSigningHeaders({ ...good, 'aurum-timestamp': '-5' }).ok).toBe(false)
    expect(readSigningHeaders({ ...good, 'aurum-signature': `v2=${'a'.repeat(64)}` }).ok).toBe(
      false,
    )
    expect(readSigningHeaders({ ...good, 'aurum-provider': ['a', 'b'] }).ok).toBe(false)
  })

  it('accepts timestamps within the window either way', () => {
    const now = 1_790_000_000_000
    expect(isTimestampFresh(String(now / 1000), now)).toBe(true)
    expect(isTimestampFresh(String((now - SIGNATURE_WINDOW_MS) / 1000), now)).toBe(true)
    expect(isTimestampFresh(String((now + SIGNATURE_WINDOW_MS) / 1000 + 1), now)).toBe(false)
    expect(isTimestampFresh(String((now - SIGNATURE_WINDOW_MS) / 1000 - 1), now)).toBe(false)
  })

  it('remembers a nonce for twice the window, then forgets it', async () => {
    let now = 0
    const store = memoryNonceStore(() => now)
    expect(await store.claim('demo-studio:n1')).toBe(true)
    expect(await store.claim('demo-studio:n1')).toBe(false)
    expect(await store.claim('other-studio:n1')).toBe(true)
    now = 2 * SIGNATURE_WINDOW_MS - 1
    expect(await store.claim('demo-studio:n1')).toBe(false)
    now = 2 * SIGNATURE_WINDOW_MS
    expect(await store.claim('demo-studio:n1')).toBe(true)
  })
})
