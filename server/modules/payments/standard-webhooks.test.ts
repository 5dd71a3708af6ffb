import { describe, expect, it } from 'vitest'
import { signWebhook, verifyWebhook, webhookHeaders } from './standard-webhooks.ts'

// The Standard Webhooks specification's own example (standard-webhooks/spec, "Signature scheme").
const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const SPEC_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek'
const SPEC_TIMESTAMP = 1614265330
const SPEC_BODY = '{"test": 2432232314}'
const SPEC_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='

describe('Standard Webhooks', () => {
  it('signs as the specification’s example does', () => {
    expect(signWebhook(SPEC_SECRET, SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY)).toBe(SPEC_SIGNATURE)
  })

  it('verifies the example at its own time, and any of several signatures', () => {
    const headers = {
      'webhook-id': SPEC_ID,
      'webhook-timestamp': String(SPEC_TIMESTAMP),
      'webhook-signature': `v1,bm90IGl0 ${SPEC_SIGNATURE}`,
    }
    expect(verifyWebhook(SPEC_SECRET, headers, SPEC_BODY, SPEC_TIMESTAMP * 1000)).toEqual({
      ok: true,
      id: SPEC_ID,
      timestampS: SPEC_TIMESTAMP,
    })
  })

  it('refuses a changed body, another secret, a missing header or another scheme version', () => {
    const now = Date.now()
    const headers = webhookHeaders(SPEC_SECRET, 'msg_1', '{"a":1}', now)
    expect(verifyWebhook(SPEC_SECRET, headers, '{"a":1}', now).ok).toBe(true)
    expect(verifyWebhook(SPEC_SECRET, headers, '{"a":2}', now)).toEqual({
      ok: false,
      reason: 'signature',
    })
    expect(
      verifyWebhook('whsec_b3RoZXIgc2VjcmV0IG90aGVyIHNlY3JldA==', headers, '{"a":1}', now).ok,
    ).toBe(false)
    expect(
      verifyWebhook(SPEC_SECRET, { ...headers, 'webhook-signature': undefined }, '{"a":1}', now).ok,
    ).toBe(false)
    expect(
      verifyWebhook(
        SPEC_SECRET,
        { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') },
        '{"a":1}',
        now,
      ).ok,
    ).toBe(false)
    // The id is part of what is signed.
    expect(
      verifyWebhook(SPEC_SECRET, { ...headers, 'webhook-id': 'msg_2' }, '{"a":1}', now).ok,
    ).toBe(false)
  })

  it('refuses timestamps more than five minutes away, either way', () => {
    const now = Date.now()
    const old = webhookHeaders(SPEC_SECRET, 'msg_1', '{}', now - 5 * 60_000 - 1000)
    const future = webhookHeaders(SPEC_SECRET, 'msg_1', '{}', now + 5 * 60_000 + 1000)
    const edge = webhookHeaders(SPEC_SECRET, 'msg_1', '{}', now - 4 * 60_000)
    expect(verifyWebhook(SPEC_SECRET, old, '{}', now)).toEqual({ ok: false, reason: 'timestamp' })
    expect(verifyWebhook(SPEC_SECRET, future, '{}', now)).toEqual({
      ok: false,
      reason: 'timestamp',
    })
    expect(verifyWebhook(SPEC_SECRET, edge, '{}', now).ok).toBe(true)
    expect(
      verifyWebhook(SPEC_SECRET, { ...edge, 'webhook-timestamp': 'yesterday' }, '{}', now),
    ).toEqual({ ok: false, reason: 'timestamp' })
  })
})
