import { describe, expect, it } from 'vitest'
import { derivePaymentWebhookSecret, EnvError, parseEnv, toConfig } from './env.ts'

describe('parseEnv', () => {
  it('gives defaults for an empty environment', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      NODE_ENV: 'production',
      PGLITE_DATA_DIR: './data/pglite',
    })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })

  it('names every bad variable', () => {
    let error: unknown
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        TRUST_PROXY: 'maybe',
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    const message = (error as EnvError).message
    for (const name of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'TRUST_PROXY'])
      expect(message).toContain(name)
  })

  it('parses booleans and numbers', () => {
    const env = parseEnv({
      TRUST_PROXY: 'true',
      DETECT_BROWSER_LANGUAGE: '0',
      RATE_LIMIT_MAX: '50',
    })
    expect(env).toMatchObject({
      TRUST_PROXY: true,
      DETECT_BROWSER_LANGUAGE: false,
      RATE_LIMIT_MAX: 50,
    })
  })
})

describe('toConfig', () => {
  it('uses the given secret', () => {
    const config = toConfig(parseEnv({ SESSION_SECRET: 'x'.repeat(32) }), () => 'random')
    expect(config.sessionSecret).toBe('x'.repeat(32))
  })

  it('makes a random secret for a local start, with the data key from the key file', () => {
    const keyFile = Buffer.alloc(32, 7)
    const config = toConfig(
      parseEnv({}),
      () => 'random',
      () => keyFile,
    )
    expect(config.sessionSecret).toBe('random')
    expect(config.dataKey.equals(keyFile)).toBe(true)
  })

  it('takes the data key from DATA_ENCRYPTION_KEY, else derives it from SESSION_SECRET', () => {
    const key = Buffer.alloc(32, 9)
    const fromVariable = toConfig(
      parseEnv({ DATA_ENCRYPTION_KEY: key.toString('base64') }),
      () => 'random',
    )
    expect(fromVariable.dataKey.equals(key)).toBe(true)
    const secret = 'a-session-secret-that-is-long-enough-012345'
    const derived = toConfig(parseEnv({ SESSION_SECRET: secret }), () => 'random')
    expect(derived.dataKey).toHaveLength(32)
    expect(derived.dataKey.equals(key)).toBe(false)
    expect(() => parseEnv({ DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/DATA_ENCRYPTION_KEY/)
  })

  it('takes the payment webhook secret from PAYMENT_WEBHOOK_SECRET, else derives it', () => {
    const given = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
    expect(
      toConfig(
        parseEnv({ PAYMENT_WEBHOOK_SECRET: given }),
        () => 'random',
        () => Buffer.alloc(32),
      ).paymentWebhookSecret,
    ).toBe(given)
    const secret = 'a-session-secret-that-is-long-enough-012345'
    const derived = toConfig(parseEnv({ SESSION_SECRET: secret }), () => 'random')
    expect(derived.paymentWebhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(derived.paymentWebhookSecret).toBe(derivePaymentWebhookSecret(secret))
    expect(derivePaymentWebhookSecret('another-session-secret-long-enough-0123')).not.toBe(
      derived.paymentWebhookSecret,
    )
    expect(() => parseEnv({ PAYMENT_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(
      /PAYMENT_WEBHOOK_SECRET/,
    )
    expect(() => parseEnv({ PAYMENT_WEBHOOK_SECRET: 'whsec_c2hvcnQ=' })).toThrow(/24 bytes/)
    expect(parseEnv({}).PAYMENT_CRYPTO_CONFIRMATIONS).toBe(3)
    expect(() => parseEnv({ PAYMENT_CRYPTO_CONFIRMATIONS: '0' })).toThrow(
      /PAYMENT_CRYPTO_CONFIRMATIONS/,
    )
  })

  it('refuses a public production deployment without a secret', () => {
    expect(() =>
      toConfig(parseEnv({ PUBLIC_URL: 'https://aurum.example' }), () => 'random'),
    ).toThrow(/SESSION_SECRET/)
  })
})
