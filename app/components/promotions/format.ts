import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'

/** Minor units in the page's language; an unknown currency shows the bare number. */
export const money = (minor: string, currency: string, localeTag: string): string =>
  isCurrencyCode(currency) ? formatMoney(minor, currency, localeTag) : `${minor} ${currency}`

/** A whole percent written the locale's way ("100 %" in German, "100%" in English). */
export const percent = (value: number, localeTag: string): string =>
  new Intl.NumberFormat(localeTag, { style: 'percent', maximumFractionDigits: 0 }).format(
    value / 100,
  )

/** A promotion's date, in UTC like every time box of the rules. */
export const day = (iso: string, localeTag: string): string =>
  new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))
