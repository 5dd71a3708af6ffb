import type { Db } from '#db/client.ts'
import { CURRENCY_EXPONENTS, type CurrencyCode } from '#common/money.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { originalStakeRange } from './instant-bets.ts'

/** A stake range in minor units, as strings (the page's loader data is JSON). */
export type WireStakeRange = { min: string; max: string }

/**
 * The stake range in every currency of an engine the casino runs itself (Originals and live
 * games), by the same rule its bet calls enforce (`originalStakeRange`), so the game screen's
 * default stake and steps stay inside what the server accepts whichever wallet is current.
 * Note: the catalogue's `stake_limits` of a live game are not that rule (the bets use the
 * Originals' range), which is why the screen asks here rather than reading them.
 */
export async function engineStakeRanges(
  db: Db,
  engine: string,
): Promise<Partial<Record<CurrencyCode, WireStakeRange>>> {
  const rates = await loadRates(db)
  const currencies = Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[]
  const ranges = await Promise.all(
    currencies.map(async (currency) => {
      const range = await originalStakeRange(db, rates, engine, currency)
      return [currency, { min: range.min.toString(), max: range.max.toString() }] as const
    }),
  )
  return Object.fromEntries(ranges)
}
