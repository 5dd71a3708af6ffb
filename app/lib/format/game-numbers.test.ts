import { describe, expect, it } from 'vitest'
import {
  formatHundredths,
  formatMultiplierBp,
  formatMultiplierText,
  formatPercentBp,
  formatSecondsOfMs,
} from './game-numbers.ts'

describe('numbers inside games follow the locale', () => {
  it('writes multipliers with the locale decimal sign', () => {
    expect(formatMultiplierBp(19_800, 'de-DE')).toBe('1,98×')
    expect(formatMultiplierBp(19_800, 'en')).toBe('1.98×')
    expect(formatMultiplierBp(10_102, 'fi-FI')).toBe('1,0102×')
    expect(formatMultiplierBp(360_000, 'en')).toBe('36.00×')
    expect(formatMultiplierText('10000.00', 'de-DE')).toBe('10.000,00×')
    expect(formatMultiplierText('1.5', 'fr-FR')).toBe('1,50×')
  })

  it('writes chances and RTP as Intl percentages', () => {
    expect(formatPercentBp(5_000, 'de-DE')).toBe('50,00\u00a0%')
    expect(formatPercentBp(5_000, 'en')).toBe('50.00%')
    expect(formatPercentBp(9_730, 'fr-FR')).toMatch(/^97,30[\u00a0\u202f]%$/)
    expect(formatPercentBp(9_900, 'ar')).toBe(
      new Intl.NumberFormat('ar', { style: 'percent', minimumFractionDigits: 2 }).format(0.99),
    )
  })

  it('writes roll lines in hundredths without float noise', () => {
    expect(formatHundredths(5_000, 'de-DE')).toBe('50,00')
    expect(formatHundredths(29, 'en')).toBe('0.29')
    expect(formatHundredths(9_999, 'pl-PL')).toBe('99,99')
  })

  it('writes a countdown with one decimal', () => {
    expect(formatSecondsOfMs(4_240, 'de-DE')).toBe('4,2')
    expect(formatSecondsOfMs(-5, 'en')).toBe('0.0')
  })
})
