import { describe, expect, it } from 'vitest'
import { translate } from './translate.ts'

describe('translate', () => {
  const messages = { errors: { wait: 'Wait {{seconds}} s, {{name}}.' }, title: 'Hi' }

  it('finds dotted keys and fills placeholders', () => {
    expect(translate(messages, 'errors.wait', { seconds: 5, name: 'Ann' })).toBe('Wait 5 s, Ann.')
    expect(translate(messages, 'title')).toBe('Hi')
  })

  it('answers undefined for a missing key or a branch', () => {
    expect(translate(messages, 'errors.nope')).toBeUndefined()
    expect(translate(messages, 'errors')).toBeUndefined()
  })
})
