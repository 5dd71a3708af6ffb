import { describe, expect, it } from 'vitest'
import { envelopeOf, failure, ok, okWith } from './envelope.ts'
import { z } from 'zod'
import { AppError, ERROR_STATUS } from './errors.ts'

describe('envelope', () => {
  it('wraps data', () => {
    expect(ok({ a: 1 })).toEqual({ success: true, data: { a: 1 }, message: null, errors: null })
  })

  it('puts spec fields beside the envelope keys', () => {
    expect(okWith({ languages: [] })).toEqual({
      success: true,
      data: null,
      message: null,
      errors: null,
      languages: [],
    })
  })

  it('carries the error code and message of a failure', () => {
    expect(failure('No', { code: 'csrf.invalid' })).toEqual({
      success: false,
      data: null,
      message: 'No',
      errors: { code: 'csrf.invalid' },
    })
  })

  it('has a schema every answer satisfies', () => {
    const schema = envelopeOf(z.object({ a: z.number() }))
    expect(schema.safeParse(ok({ a: 1 })).success).toBe(true)
    expect(
      schema.safeParse({ success: true, data: { a: 'x' }, message: null, errors: null }).success,
    ).toBe(false)
  })
})

describe('AppError', () => {
  it('takes its HTTP status from the one table', () => {
    expect(new AppError('csrf.invalid').status).toBe(403)
    expect(new AppError('geo.country_blocked').status).toBe(403)
    expect(new AppError('site.unknown_locale').status).toBe(404)
    expect(new AppError('request.too_long').status).toBe(414)
  })

  it('maps only server faults to a 5xx: an internal error, exchange rates too old to use, a self-exclusion register that does not answer', () => {
    // A stale rate feed or a register down at sign-up is the operator's outage, not the player's
    // mistake (503, logged); its message, translated, tells the player to try again later.
    const fiveHundreds = Object.entries(ERROR_STATUS).filter(([, status]) => status >= 500)
    expect(fiveHundreds.map(([code]) => code).sort()).toEqual([
      'players.exclusion_register_unavailable',
      'server.internal',
      'wallet.rates_stale',
    ])
  })
})
