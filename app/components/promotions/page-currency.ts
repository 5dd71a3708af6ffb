import { getLocale } from '#common/locales.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'

/**
 * The currency the terms are shown in: the signed-in player's wallet, else the locale's own
 * (a visitor on `/au/` sees Australian dollars), else euros.
 */
export function pageCurrency(locale: string, playerCurrency: string | undefined): CurrencyCode {
  if (playerCurrency && isCurrencyCode(playerCurrency)) return playerCurrency
  const own = getLocale(locale).currency
  return isCurrencyCode(own) ? own : 'EUR'
}
