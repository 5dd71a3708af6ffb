import type { TFunction } from 'i18next'
import { formatMoney } from '#common/format-money.ts'
import { type CurrencyCode } from '#common/money.ts'
import { parseAmount } from './card-rules.ts'

/** The typed amount in minor units, or the message to show beside the field. */
export function checkAmount(
  typed: string,
  currency: CurrencyCode,
  range: { min: bigint; max: bigint },
  t: TFunction,
  localeTag: string,
): { minor: bigint } | { error: string } {
  const parsed = parseAmount(typed, currency)
  if ('problem' in parsed) {
    return {
      error:
        parsed.problem === 'decimals'
          ? t('cashier.errors.amount_decimals', {
              decimals: formatMoney(1n, currency, localeTag),
            })
          : t('cashier.errors.amount_invalid'),
    }
  }
  if (parsed.minor < range.min) {
    return {
      error: t('cashier.errors.amount_min', { min: formatMoney(range.min, currency, localeTag) }),
    }
  }
  if (parsed.minor > range.max) {
    return {
      error: t('cashier.errors.amount_max', { max: formatMoney(range.max, currency, localeTag) }),
    }
  }
  return parsed
}
