/**
 * The spec's relative timestamps ("5 minutes ago", "in 2 days"), worded by the browser's Intl data
 * so every locale gets its own grammar and plurals without entries in the message catalogues.
 */

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
const WEEK_MS = 7 * DAY_MS
// The spec counts months as 30 days and years as 365, so results never depend on the calendar.
const MONTH_MS = 30 * DAY_MS
const YEAR_MS = 365 * DAY_MS

/** Each unit applies while the distance is below its limit; anything beyond the last is years. */
const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; sizeMs: number; limitMs: number }[] = [
  { unit: 'minute', sizeMs: MINUTE_MS, limitMs: HOUR_MS },
  { unit: 'hour', sizeMs: HOUR_MS, limitMs: DAY_MS },
  { unit: 'day', sizeMs: DAY_MS, limitMs: WEEK_MS },
  { unit: 'week', sizeMs: WEEK_MS, limitMs: MONTH_MS },
  { unit: 'month', sizeMs: MONTH_MS, limitMs: YEAR_MS },
]

// Building a formatter loads locale data; lists of timestamps would otherwise pay it per row.
const formatters = new Map<string, Intl.RelativeTimeFormat>()

function formatterFor(localeTag: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(localeTag)
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(localeTag, { numeric: 'auto' })
    formatters.set(localeTag, formatter)
  }
  return formatter
}

export interface RelativeTimeOptions {
  /** The reference instant in epoch milliseconds; passed in so renders and tests are stable. */
  now: number
  /** A BCP 47 tag such as `de-DE`. */
  localeTag: string
  /** The translated label for distances under a minute, past or future. */
  justNow: string
}

/**
 * Words the distance from `now` to `at` in the largest unit that fits, truncated toward zero
 * ("1 h 59 min ago" reads "1 hour ago"). Throws a RangeError for an invalid date.
 */
export function formatRelativeTime(at: Date | number, options: RelativeTimeOptions): string {
  const diffMs = (typeof at === 'number' ? at : at.getTime()) - options.now
  if (!Number.isFinite(diffMs)) throw new RangeError('formatRelativeTime needs a valid date')

  const distanceMs = Math.abs(diffMs)
  if (distanceMs < MINUTE_MS) return options.justNow

  const { unit, sizeMs } = UNITS.find(({ limitMs }) => distanceMs < limitMs) ?? {
    unit: 'year',
    sizeMs: YEAR_MS,
  }
  return formatterFor(options.localeTag).format(Math.trunc(diffMs / sizeMs), unit)
}
