import { truncateDown } from '#common/engagement-rules.ts'
import { formatMoney } from '#common/format-money.ts'

/**
 * Coins as the spec shows them: at most two decimals, cut (never rounded up), trailing zeros
 * removed, in the page's digits and separators (12.5 → "12.5", 3 → "3", 0.999 → "0.99").
 */
export function coinText(coins: number, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
    // The value is cut to two places first, so the formatter never rounds it up.
    roundingMode: 'trunc',
  }).format(truncateDown(coins, 2))
}

/**
 * A trigger's progress or target in its unit: euros (accumulated stakes or deposits) with the
 * cents only when there are any, or a whole count.
 */
export function triggerAmount(value: number, unit: 'count' | 'eur', localeTag: string): string {
  if (unit === 'eur') {
    const cut = truncateDown(value, 2)
    return new Intl.NumberFormat(localeTag, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: Number.isInteger(cut) ? 0 : 2,
      maximumFractionDigits: 2,
      roundingMode: 'trunc',
    }).format(cut)
  }
  return new Intl.NumberFormat(localeTag, {
    maximumFractionDigits: 0,
    roundingMode: 'trunc',
  }).format(Math.floor(value))
}

/** How far a bar is filled, 0–100 whole percent (a finished trigger is full). */
export function progressPercent(progress: { progress: number; expected: number }): number {
  if (progress.expected <= 0) return progress.progress > 0 ? 100 : 0
  return Math.max(0, Math.min(100, Math.floor((progress.progress * 100) / progress.expected)))
}

/** Euro cents as a decimal string → "€5,000" (no cents when whole), "€12.50" otherwise. */
export function eurText(minor: string, localeTag: string): string {
  if (!/^-?\d+$/.test(minor)) return minor
  if (BigInt(minor) % 100n !== 0n) return formatMoney(minor, 'EUR', localeTag)
  return new Intl.NumberFormat(localeTag, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(Number(BigInt(minor) / 100n))
}

/** A whole number the page's way ("12 500" in French). */
export const wholeNumber = (value: number, localeTag: string): string =>
  new Intl.NumberFormat(localeTag, { maximumFractionDigits: 0 }).format(value)

/** A percent with up to two decimals ("8 %", "0.5 %"). */
export const percentText = (value: number, localeTag: string): string =>
  new Intl.NumberFormat(localeTag, { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  )

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * What is left until `endsAt`, as the largest two units ("2 d 5 h", "3 h 12 min", "45 min"), in
 * the page's language through Intl's unit names; null when it has passed.
 */
export function timeLeft(endsAt: string, now: number, localeTag: string): string | null {
  const left = new Date(endsAt).getTime() - now
  if (!Number.isFinite(left) || left <= 0) return null
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(localeTag, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(
      value,
    )
  const days = Math.floor(left / DAY)
  const hours = Math.floor((left % DAY) / HOUR)
  const minutes = Math.max(1, Math.floor((left % HOUR) / MINUTE))
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day')
  if (hours > 0) return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`
  return unit(minutes, 'minute')
}
