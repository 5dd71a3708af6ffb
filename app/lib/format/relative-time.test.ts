import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatRelativeTime } from '#app/lib/format/relative-time.ts'

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0)
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const format = (offsetMs: number, localeTag = 'en') =>
  formatRelativeTime(NOW + offsetMs, { now: NOW, localeTag, justNow: 'JUST NOW' })

describe('formatRelativeTime', () => {
  // [offset from now in ms, expected English wording]; negative offsets lie in the past.
  const boundaries: [number, string][] = [
    [0, 'JUST NOW'],
    [-59 * SECOND, 'JUST NOW'],
    [-(MINUTE - 1), 'JUST NOW'],
    [-MINUTE, '1 minute ago'],
    [-(2 * MINUTE - 1), '1 minute ago'],
    [-(HOUR - 1), '59 minutes ago'],
    [-HOUR, '1 hour ago'],
    [-(DAY - 1), '23 hours ago'],
    [-DAY, 'yesterday'],
    [-(7 * DAY - 1), '6 days ago'],
    [-7 * DAY, 'last week'],
    [-(30 * DAY - 1), '4 weeks ago'],
    [-30 * DAY, 'last month'],
    [-(365 * DAY - 1), '12 months ago'],
    [-365 * DAY, 'last year'],
    [-730 * DAY, '2 years ago'],
    [59 * SECOND, 'JUST NOW'],
    [MINUTE - 1, 'JUST NOW'],
    [MINUTE, 'in 1 minute'],
    [90 * MINUTE, 'in 1 hour'],
    [2 * DAY, 'in 2 days'],
    [14 * DAY, 'in 2 weeks'],
    [400 * DAY, 'next year'],
  ]

  it.each(boundaries)('words an offset of %i ms as %j', (offsetMs, expected) => {
    expect(format(offsetMs)).toBe(expected)
  })

  // Literal strings checked against Node's full ICU, so a wrong unit or sign cannot hide.
  const locales: [string, number, string][] = [
    ['en', -5 * MINUTE, '5 minutes ago'],
    ['de-DE', -5 * MINUTE, 'vor 5 Minuten'],
    ['de-DE', -2 * 365 * DAY, 'vor 2 Jahren'],
    ['de-DE', 2 * DAY, 'übermorgen'],
    ['fr-FR', -5 * MINUTE, 'il y a 5 minutes'],
    ['fr-FR', -21 * DAY, 'il y a 3 semaines'],
    ['ar', -5 * MINUTE, 'قبل 5 دقائق'],
    ['ar', -2 * HOUR, 'قبل ساعتين'],
    ['ar', -DAY, 'أمس'],
    ['pl-PL', -MINUTE, '1 minutę temu'],
    ['pl-PL', -2 * MINUTE, '2 minuty temu'],
    ['pl-PL', -5 * MINUTE, '5 minut temu'],
    ['pl-PL', -22 * MINUTE, '22 minuty temu'],
    ['pl-PL', -5 * HOUR, '5 godzin temu'],
    ['fi-FI', -5 * MINUTE, '5 minuuttia sitten'],
    ['fi-FI', 14 * DAY, '2 viikon päästä'],
    ['et-EE', -5 * MINUTE, '5 minuti eest'],
    ['et-EE', 4 * HOUR, '4 tunni pärast'],
  ]

  it.each(locales)('words it in %s: %i ms as %j', (localeTag, offsetMs, expected) => {
    expect(format(offsetMs, localeTag)).toBe(expected)
  })

  it('returns the caller’s label under a minute in every locale', () => {
    expect(
      formatRelativeTime(NOW - 30 * SECOND, {
        now: NOW,
        localeTag: 'de-DE',
        justNow: 'gerade eben',
      }),
    ).toBe('gerade eben')
  })

  it('accepts a Date as well as epoch milliseconds', () => {
    expect(
      formatRelativeTime(new Date(NOW - 3 * HOUR), { now: NOW, localeTag: 'en', justNow: '' }),
    ).toBe('3 hours ago')
  })

  it('rejects an invalid date instead of printing NaN', () => {
    expect(() =>
      formatRelativeTime(new Date('not a date'), { now: NOW, localeTag: 'en', justNow: '' }),
    ).toThrow(RangeError)
  })

  describe('formatter cache', () => {
    afterEach(() => {
      vi.restoreAllMocks()
    })

    it('reuses one formatter per locale tag', () => {
      const spy = vi.spyOn(Intl.RelativeTimeFormat.prototype, 'format')
      format(-5 * MINUTE, 'en-GB')
      format(-5 * HOUR, 'en-GB')
      format(-5 * DAY, 'fr-FR')
      const contexts: unknown[] = spy.mock.contexts
      const [first, second, third] = contexts
      expect(first).toBeInstanceOf(Intl.RelativeTimeFormat)
      expect(second).toBe(first)
      expect(third).not.toBe(first)
    })
  })
})
