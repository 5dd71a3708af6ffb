import type { Db } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { SiteSettings } from '#server/modules/site/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'

// The maximum win per bet, one rule for every game: Originals, live games and
// studio rounds. The operator sets it in euros (site setting `maxWinPerBetEurMinor`); each
// currency's cap is that amount at the rate table's middle rate (no spread: the cap protects the
// house, it is no exchange), rounded toward zero. A result worth more pays the cap, and the bet
// row keeps what the result would have paid (`uncapped_payout_minor`).

/** A payout under the cap: what is paid, and what the result would have paid when more. */
export interface CappedWin {
  payoutMinor: bigint
  /** Null when the payout was within the cap. */
  uncappedPayoutMinor: bigint | null
}

/** The payout a bet gets under `maxWinMinor`. */
export function capWin(payoutMinor: bigint, maxWinMinor: bigint): CappedWin {
  return payoutMinor > maxWinMinor
    ? { payoutMinor: maxWinMinor, uncappedPayoutMinor: payoutMinor }
    : { payoutMinor, uncappedPayoutMinor: null }
}

/** The caps in force now, per currency; synchronous, so it can be used inside a transaction. */
export type MaxWinOf = (currency: CurrencyCode) => bigint

export interface WinCaps {
  /**
   * The caps in force now. Read it before a transaction that settles bets (a rate read inside
   * it would wait for the transaction on PGlite's single connection).
   */
  current(): Promise<MaxWinOf>
}

/**
 * How long an instance keeps the caps it computed. The setting itself is cached by the site
 * service until any instance publishes `site.changed` (a new settings object is a new cap at
 * once); this bounds how long a cap follows a rate that moved.
 */
const WIN_CAPS_CACHE_MS = 10_000

/**
 * The caps of this instance, from the site settings and the rate table. A bet pays no database
 * round trip for them: both are already cached in memory, and the caps are computed once per
 * currency until the settings change or the cache lapses.
 */
export function createWinCaps(db: Db, settings: () => Promise<SiteSettings>): WinCaps {
  let cached: { settings: SiteSettings; readAtMs: number; maxWinOf: MaxWinOf } | undefined
  return {
    async current() {
      const now = await settings()
      if (cached?.settings === now && Date.now() - cached.readAtMs < WIN_CAPS_CACHE_MS) {
        return cached.maxWinOf
      }
      const rates = await loadRates(db)
      const capEurMinor = BigInt(now.maxWinPerBetEurMinor)
      const byCurrency = new Map<CurrencyCode, bigint>()
      const maxWinOf: MaxWinOf = (currency) => {
        let cap = byCurrency.get(currency)
        if (cap === undefined) {
          cap = rates.convert(capEurMinor, 'EUR', currency, 'toward_zero')
          byCurrency.set(currency, cap)
        }
        return cap
      }
      cached = { settings: now, readAtMs: Date.now(), maxWinOf }
      return maxWinOf
    },
  }
}
