import { describe, expect, it } from 'vitest'
import { keepsPlaceholders, placeholdersOf, previewOf } from './translation-preview.ts'

describe('translation preview', () => {
  it('fills placeholders with sample values as the site would', () => {
    expect(previewOf('Deposit {{amount}} {{ currency }} now')).toBe('Deposit 25.00 EUR now')
    expect(previewOf('Hello {{nickname}}')).toBe('Hello ‹nickname›')
  })

  it('checks the placeholders as the server does', () => {
    expect(placeholdersOf('{{b}} {{a}} {{b}}')).toEqual(['a', 'b'])
    expect(keepsPlaceholders('{{amount}} left', 'Still {{ amount }}')).toBe(true)
    expect(keepsPlaceholders('{{amount}} left', 'Still some')).toBe(false)
    expect(keepsPlaceholders('Plain', 'Plain {{x}}')).toBe(false)
  })
})
