import { describe, expect, it } from 'vitest'
import { FieldErrors } from '#server/lib/errors.ts'
import { checkMethodFields } from './method-fields.ts'
import type { MethodField } from './payments.tables.ts'

describe('checkMethodFields', () => {
  const fields: MethodField[] = [
    {
      name: 'iban',
      type: 'iban',
      required: true,
      pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,36}$',
      maxLength: 42,
    },
    { name: 'reference', type: 'text', required: false, pattern: '^[a-z]+$', maxLength: 8 },
    { name: 'holder', type: 'text', required: true, maxLength: 10 },
  ]
  const problemsOf = (sent: Record<string, string>) => {
    try {
      checkMethodFields(fields, sent)
      return {}
    } catch (error) {
      if (error instanceof FieldErrors) return error.problems
      throw error
    }
  }

  it('answers the known fields, trimmed, and drops the rest', () => {
    expect(
      checkMethodFields(fields, { iban: ' DE89 3704 0044 0532 0130 00 ', holder: 'Ann', x: 'y' }),
    ).toEqual({ iban: 'DE89 3704 0044 0532 0130 00', holder: 'Ann' })
  })

  it('names every refused field in one pass', () => {
    expect(problemsOf({ iban: 'nope', reference: 'ABC', holder: 'A very long name' })).toEqual({
      iban: { code: 'invalid' },
      reference: { code: 'invalid' },
      holder: { code: 'too_long', params: { max: 10 } },
    })
    expect(problemsOf({})).toEqual({ iban: { code: 'required' }, holder: { code: 'required' } })
  })
})
