import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'

/**
 * Figures the bonus screens show, worded by the browser's Intl data so every locale gets its own
 * percent sign spacing, day plurals and date order without entries in the catalogues.
 */
export function bonusFormat(localeTag: string) {
  const percent = new Intl.NumberFormat(localeTag, { style: 'percent', maximumFractionDigits: 0 })
  const days = new Intl.NumberFormat(localeTag, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
  })
  const date = new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' })
  return {
    /** Minor units of `currency`; a currency the app does not know is shown as its code. */
    money: (minor: string | bigint, currency: string) =>
      isCurrencyCode(currency) ? formatMoney(minor, currency, localeTag) : `${minor} ${currency}`,
    /** A whole percent (100 → "100 %" in German, "100%" in English). */
    percent: (whole: number) => percent.format(whole / 100),
    days: (count: number) => days.format(count),
    date: (iso: string) => date.format(new Date(iso)),
  }
}
export type BonusFormat = ReturnType<typeof bonusFormat>
