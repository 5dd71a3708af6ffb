/**
 * Numbers inside games in the player's locale (`1,98×`, `50,00 %` and `Unter 50,00` in German),
 * always through `Intl`. Games count in integers (basis points, hundredths); the value reaches
 * `Intl` as decimal text built from that integer, so no float rounding shows.
 */

/** An integer scaled by 10^places as decimal text: (19_800, 4) → '1.9800'. */
function scaledToDecimal(value: number, places: number): `${number}` {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${String(value)}`)
  const digits = Math.abs(value)
    .toString()
    .padStart(places + 1, '0')
  const cut = digits.length - places
  return `${value < 0 ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}` as `${number}`
}

const formatters = new Map<string, Intl.NumberFormat>()

function format(value: `${number}`, localeTag: string, options: Intl.NumberFormatOptions): string {
  const key = `${localeTag}|${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeTag, options)
    formatters.set(key, formatter)
  }
  return formatter.format(value)
}

/**
 * A multiplier from basis points: 19_800 → '1.98×' (en), '1,98×' (de). Two decimals at least,
 * up to `maxDecimals` when the multiplier has them (Dice's 1.0102×).
 */
export const formatMultiplierBp = (bp: number, localeTag: string, maxDecimals = 4): string =>
  `${format(scaledToDecimal(bp, 4), localeTag, { minimumFractionDigits: 2, maximumFractionDigits: maxDecimals })}×`

/** A multiplier the server sends as decimal text ('1.98', '10000.00'). */
export const formatMultiplierText = (text: string, localeTag: string): string =>
  `${format(text as `${number}`, localeTag, { minimumFractionDigits: 2, maximumFractionDigits: 4 })}×`

/** A share in basis points of one as a percentage: 5_000 → '50.00%' (en), '50,00 %' (de). */
export const formatPercentBp = (bp: number, localeTag: string): string =>
  format(scaledToDecimal(bp, 4), localeTag, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })

/** Hundredths as a number with two decimals: 4_950 → '49.50' (en), '49,50' (de). */
export const formatHundredths = (value: number, localeTag: string): string =>
  format(scaledToDecimal(value, 2), localeTag, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })

/** A count of seconds with one decimal (a countdown): 4_200 ms → '4.2' (en), '4,2' (de). */
export const formatSecondsOfMs = (ms: number, localeTag: string): string =>
  format(scaledToDecimal(Math.max(0, Math.round(ms / 100)), 1), localeTag, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
