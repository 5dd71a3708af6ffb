import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'

/**
 * An amount in minor units (a string: bigint on the wire) in the console's English format;
 * coins (`COIN`, hundredths) and any other unit show as a plain number with its code.
 */
export function Money({ minor, currency }: { minor: string | number | bigint; currency: string }) {
  const value = BigInt(minor)
  const text = isCurrencyCode(currency)
    ? formatMoney(value, currency, 'en')
    : `${(Number(value) / 100).toLocaleString('en', { maximumFractionDigits: 2 })} ${currency}`
  return <span className="tabular-nums">{text}</span>
}
