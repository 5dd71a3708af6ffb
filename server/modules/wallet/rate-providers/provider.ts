import type { CurrencyCode } from '#common/money.ts'

/**
 * One interface for every source of exchange rates, like the payment providers':
 * the refresh job asks the configured provider and stores what it answers; nothing else reads a
 * provider. A provider may reach another company over the network, so the job calls it outside
 * any database transaction.
 */
export interface RatesProvider {
  /** Stored with each rate (`exchange_rates.source`). */
  readonly id: string
  /** The current rates. Throws when the source cannot be read or answers something malformed. */
  fetchRates(): Promise<RatesQuote>
}

export interface RatesQuote {
  /**
   * How many units of each currency one euro buys, as decimal text (at most 12 decimals). A
   * currency the source leaves out keeps its stored rate, which then ages until it is refused.
   */
  unitsPerEur: Partial<Record<CurrencyCode, string>>
  /** When the source says its rates were valid: the rates' fetch time, which their age counts from. */
  asOf: Date
}
