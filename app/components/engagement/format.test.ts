import { describe, expect, it } from 'vitest'
import {
  coinText,
  eurText,
  percentText,
  progressPercent,
  timeLeft,
  triggerAmount,
  wholeNumber,
} from './format.ts'

describe('coin amounts', () => {
  it.each([
    [5, '5'],
    [12.5, '12.5'],
    [0.999, '0.99'],
    [0.29, '0.29'],
    [1.005, '1'],
    [1234.567, '1,234.56'],
    [0, '0'],
  ])(
    '%s coins read “%s” in English: at most two decimals, cut, no trailing zeros',
    (coins, text) => {
      expect(coinText(coins, 'en')).toBe(text)
    },
  )

  it('use the page’s separators', () => {
    expect(coinText(1234.5, 'de-DE')).toBe('1.234,5')
    expect(coinText(12.75, 'fr-FR')).toBe('12,75')
  })
})

describe('trigger amounts', () => {
  it('count whole actions', () => {
    expect(triggerAmount(2, 'count', 'en')).toBe('2')
    expect(triggerAmount(2.9, 'count', 'en')).toBe('2')
    expect(triggerAmount(12000, 'count', 'en')).toBe('12,000')
  })

  it('show euros without cents when whole, with cents (cut) otherwise', () => {
    expect(triggerAmount(50, 'eur', 'en')).toBe('€50')
    expect(triggerAmount(12.5, 'eur', 'en')).toBe('€12.50')
    expect(triggerAmount(0.999, 'eur', 'en')).toBe('€0.99')
    expect(triggerAmount(1000, 'eur', 'de-DE')).toBe('1.000\u00a0€')
  })
})

describe('bars and perks', () => {
  it('fill 0–100 whole percent', () => {
    expect(progressPercent({ progress: 1, expected: 3 })).toBe(33)
    expect(progressPercent({ progress: 2, expected: 3 })).toBe(66)
    expect(progressPercent({ progress: 5, expected: 3 })).toBe(100)
    expect(progressPercent({ progress: -1, expected: 3 })).toBe(0)
    expect(progressPercent({ progress: 0, expected: 0 })).toBe(0)
  })

  it('write euro cents, percents and points the locale’s way', () => {
    expect(eurText('500000', 'en')).toBe('€5,000')
    expect(eurText('1250', 'en')).toBe('€12.50')
    expect(eurText('not-a-number', 'en')).toBe('not-a-number')
    expect(percentText(8, 'en')).toBe('8%')
    expect(percentText(0.5, 'de-DE')).toBe('0,5\u00a0%')
    expect(wholeNumber(150000, 'en')).toBe('150,000')
  })
})

describe('time left', () => {
  const now = Date.UTC(2026, 10, 26, 22, 40)
  const at = (ms: number) => new Date(now + ms).toISOString()
  const minute = 60_000
  const hour = 60 * minute

  it('names the two largest units', () => {
    expect(timeLeft(at(80 * minute), now, 'en')).toBe('1h 20m')
    expect(timeLeft(at(3 * 24 * hour + 5 * hour), now, 'en')).toBe('3d 5h')
    expect(timeLeft(at(2 * 24 * hour), now, 'en')).toBe('2d')
    expect(timeLeft(at(45 * minute), now, 'en')).toBe('45m')
    // Under a minute still reads one minute, never zero.
    expect(timeLeft(at(20_000), now, 'en')).toBe('1m')
  })

  it('is null once the moment has passed or for an invalid date', () => {
    expect(timeLeft(at(0), now, 'en')).toBeNull()
    expect(timeLeft(at(-hour), now, 'en')).toBeNull()
    expect(timeLeft('not a date', now, 'en')).toBeNull()
  })
})
