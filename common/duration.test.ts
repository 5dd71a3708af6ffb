import { describe, expect, it } from 'vitest'
import { formatDuration, withWordedDurations } from './duration.ts'

describe('formatDuration', () => {
  it.each([
    [1838, 'en-GB', '31 minutes'],
    [0.2, 'en-GB', '1 second'],
    [45, 'en-GB', '45 seconds'],
    [60, 'en-GB', '1 minute'],
    // Rounded up: never a shorter wait than the real one.
    [61, 'en-GB', '2 minutes'],
    [3599, 'en-GB', '1 hour'],
    [3600, 'en-GB', '1 hour'],
    [5400, 'en-GB', '1 hour, 30 minutes'],
    [21 * 3600, 'en-GB', '21 hours'],
    [86_400, 'en-GB', '1 day'],
    [30 * 86_400 - 1, 'en-GB', '30 days'],
    [90_000, 'en-GB', '1 day, 1 hour'],
    [1838, 'de-DE', '31 Minuten'],
    [5400, 'de-DE', '1 Stunde, 30 Minuten'],
    [1, 'de-DE', '1 Sekunde'],
    [1838, 'fr-FR', '31 minutes'],
    [1838, 'fi-FI', '31 minuuttia'],
    [7200, 'pl-PL', '2 godziny'],
  ])('%s s in %s: %s', (seconds, tag, expected) => {
    expect(formatDuration(seconds, tag)).toBe(expected)
  })

  it('says minutes in every language, never a count of seconds', () => {
    for (const tag of ['ar', 'et-EE', 'it-IT', 'nb-NO', 'pt-PT', 'en-AU', 'fr-CA', 'de-AT']) {
      const text = formatDuration(1838, tag)
      expect(text, tag).not.toContain('1838')
      expect(text, tag).not.toContain('1,838')
    }
  })
})

describe('withWordedDurations', () => {
  it('fills {{name}} from a number named nameSeconds and keeps the rest', () => {
    expect(withWordedDurations({ waitSeconds: 1838, currency: 'EUR' }, 'en-GB')).toEqual({
      waitSeconds: 1838,
      wait: '31 minutes',
      currency: 'EUR',
    })
  })
})
