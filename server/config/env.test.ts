import { randomBytes } from 'node:crypto'
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
      DETECT_BROWSER_LANGUAGE: '0',
      RATE_LIMIT_MAX: '50',
    })
    expect(env).toMatchObject({
      DETECT_BROWSER_LANGUAGE: false,
      RATE_LIMIT_MAX: 50,
    })
  })
})

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY

  it('trusts no proxy by default', () => {
    expect(trustProxy()).toBe(false)
    expect(trustProxy('false')).toBe(false)
    expect(trustProxy('0')).toBe(false)
  })

  it('takes a hop count', () => {
    expect(trustProxy('1')).toBe(1)
    expect(trustProxy(' 2 ')).toBe(2)
  })

  it('takes a list of addresses, CIDR blocks and named ranges', () => {
    expect(trustProxy('10.0.0.1')).toEqual(['10.0.0.1'])
    expect(trustProxy('loopback, 10.0.0.0/8,fd00::/8 ,2001:db8::1')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '2001:db8::1',
    ])
  })

  it('refuses true, which would trust every hop, and saying why', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: true would trust every hop/)
  })

  it.each([
    'maybe',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.1/8/8',
    '10.0.0.256',
    '10.0.0.1,',
    '-1',
    '1.5',
  ])('refuses %s', (value) => {
    expect(() => trustProxy(value)).toThrow(EnvError)
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

describe('a public start (PUBLIC_URL set)', () => {
  const keyFile = () => Buffer.alloc(32)
  const publicStart = {
    PUBLIC_URL: 'https://aurum.example',
    SESSION_SECRET: 'a-session-secret-that-is-long-enough-012345',
    OPERATOR_PASSWORD: 'an-operator-password',
    OPERATOR_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  }
  const studioSecret = randomBytes(32).toString('base64')
  const issuesOf = (source: Record<string, string>): string[] => {
    try {
      toConfig(parseEnv(source), () => 'random', keyFile)
    } catch (error) {
      if (error instanceof EnvError) return error.issues
      throw error
    }
    return []
  }

  it('names everything missing at once: the operator sign-in and a studio that is on', () => {
    const issues = issuesOf({ PUBLIC_URL: 'https://aurum.example', DEMO_STUDIO: 'true' })
    expect(issues.map((issue) => issue.split(':')[0])).toEqual([
      'SESSION_SECRET',
      'OPERATOR_PASSWORD',
      'OPERATOR_TOTP_SECRET',
      'DEMO_STUDIO_SECRET',
    ])
    expect(issuesOf(publicStart)).toEqual([])
    expect(issuesOf({ ...publicStart, DEV_OUTBOX: 'true' })).toEqual([
      'DEV_OUTBOX: not allowed when PUBLIC_URL is set',
    ])
  })

  it('seeds no demo player unless SEED_DEMO says so; elsewhere it is on by default', () => {
    const config = (source: Record<string, string>) =>
      toConfig(parseEnv(source), () => 'random', keyFile)
    expect(config(publicStart).seedDemoPlayer).toBe(false)
    expect(config({ ...publicStart, SEED_DEMO: 'true' }).seedDemoPlayer).toBe(true)
    expect(config({}).seedDemoPlayer).toBe(true)
    expect(config({ SEED_DEMO: 'false' }).seedDemoPlayer).toBe(false)
    expect(config(publicStart).isPublicStart).toBe(true)
    expect(config({}).isPublicStart).toBe(false)
  })

  it('serves the Demo Studio only with its secret; elsewhere it is on by default', () => {
    const config = (source: Record<string, string>) =>
      toConfig(parseEnv(source), () => 'random', keyFile)
    expect(config(publicStart).isDemoStudioOn).toBe(false)
    expect(config({ ...publicStart, DEMO_STUDIO_SECRET: studioSecret }).isDemoStudioOn).toBe(true)
    expect(config({}).isDemoStudioOn).toBe(true)
    expect(config({ DEMO_STUDIO: 'false' }).isDemoStudioOn).toBe(false)
  })
})

describe('DEMO_STUDIO_SECRET and METRICS_TOKEN', () => {
  it('take at least 32 random bytes in hex or base64', () => {
    for (const name of ['DEMO_STUDIO_SECRET', 'METRICS_TOKEN']) {
      for (const good of [
        randomBytes(32).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(32).toString('hex'),
      ]) {
        expect(() => parseEnv({ [name]: good })).not.toThrow()
      }
      for (const bad of [
        randomBytes(16).toString('base64'),
        // Words, even long ones, and the development secret earlier versions published.
        'demo-studio-development-secret-not-for-production',
        'this-is-my-very-long-and-secret-passphrase-for-the-studio',
        'x'.repeat(64),
        'ab'.repeat(40),
      ]) {
        expect(() => parseEnv({ [name]: bad }), bad).toThrow(new RegExp(name))
      }
    }
  })
})
