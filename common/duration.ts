/**
 * A wait said in words ("31 minutes", "1 Stunde, 5 Minuten"), worded by Intl so every locale gets
 * its own units and plurals without catalogue entries. Rounded up, so a player told to wait never
 * comes back too early; at most two units, since "1 hour, 4 minutes, 12 seconds" reads worse.
 */

type Unit = 'second' | 'minute' | 'hour' | 'day'

// Building formatters loads locale data; error answers and lists would otherwise pay it each time.
const unitFormatters = new Map<string, Intl.NumberFormat>()
const listFormatters = new Map<string, Intl.ListFormat>()

function formatUnit(value: number, unit: Unit, localeTag: string): string {
  const key = `${localeTag} ${unit}`
  let formatter = unitFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeTag, { style: 'unit', unit, unitDisplay: 'long' })
    unitFormatters.set(key, formatter)
  }
  return formatter.format(value)
}

function joinParts(parts: readonly [number, Unit][], localeTag: string): string {
  let formatter = listFormatters.get(localeTag)
  if (!formatter) {
    formatter = new Intl.ListFormat(localeTag, { type: 'unit', style: 'long' })
    listFormatters.set(localeTag, formatter)
  }
  return formatter.format(
    parts.filter(([value]) => value > 0).map(([value, unit]) => formatUnit(value, unit, localeTag)),
  )
}

/** `seconds` of waiting in the words of `localeTag` (a BCP 47 tag such as `de-DE`). */
export function formatDuration(seconds: number, localeTag: string): string {
  const total = Math.max(1, Math.ceil(seconds))
  if (total < 60) return joinParts([[total, 'second']], localeTag)
  const minutes = Math.ceil(total / 60)
  if (minutes < 60) return joinParts([[minutes, 'minute']], localeTag)
  if (minutes < 24 * 60) {
    return joinParts(
      [
        [Math.floor(minutes / 60), 'hour'],
        [minutes % 60, 'minute'],
      ],
      localeTag,
    )
  }
  const hours = Math.ceil(total / 3600)
  return joinParts(
    [
      [Math.floor(hours / 24), 'day'],
      [hours % 24, 'hour'],
    ],
    localeTag,
  )
}

/**
 * Message parameters with every wait in words: a number named `<name>Seconds` is a duration and
 * a message shows it as `{{<name>}}` (`waitSeconds: 1838` fills `{{wait}}` with "31 minutes").
 */
export function withWordedDurations(
  params: Record<string, string | number>,
  localeTag: string,
): Record<string, string | number> {
  const worded: Record<string, string | number> = { ...params }
  for (const [key, value] of Object.entries(params)) {
    const name = /^(\w+)Seconds$/.exec(key)?.[1]
    if (name && typeof value === 'number') worded[name] = formatDuration(value, localeTag)
  }
  return worded
}
