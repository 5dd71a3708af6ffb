import { CURRENCY_EXPONENTS, formatRate, parseRate, type CurrencyCode } from '#common/money.ts'
import type { RatesProvider } from './provider.ts'

const BASIS_POINTS = 10_000

export interface SandboxRatesOptions {
  /** The rates the walk moves around (units per euro, decimal text). */
  reference: Record<CurrencyCode, string>
  /** The largest move of one refresh, in basis points. */
  stepBp: number
  /** How far from the reference a rate may wander, in basis points either way. */
  boundBp: number
  /** Seeds the walk: the same seed gives the same rates, refresh after refresh (tests). */
  seed: number
  now?: () => Date
}

/** A small, fast, seedable generator (mulberry32): uniform 32-bit integers, not for secrets. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return (mixed ^ (mixed >>> 14)) >>> 0
  }
}

/**
 * The sandbox feed for development and tests: each currency's rate takes a bounded random walk
 * around its reference, so rates move (and arbitrage between currencies is not risk-free) without
 * any outside service. Each fetch moves every rate by at most `stepBp`, and never further than
 * `boundBp` from the reference; the euro stays 1. Offsets are whole basis points and the rate is
 * computed on integers, so the same seed always gives the same text.
 */
export function sandboxRatesProvider(options: SandboxRatesOptions): RatesProvider {
  const random = seededRandom(options.seed)
  const currencies = Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[]
  const offsetsBp = new Map<CurrencyCode, number>(currencies.map((currency) => [currency, 0]))
  const step = (currency: CurrencyCode): number => {
    const move = (random() % (2 * options.stepBp + 1)) - options.stepBp
    const moved = (offsetsBp.get(currency) ?? 0) + move
    const bounded = Math.max(-options.boundBp, Math.min(options.boundBp, moved))
    offsetsBp.set(currency, bounded)
    return bounded
  }
  return {
    id: 'sandbox',
    fetchRates() {
      const unitsPerEur: Partial<Record<CurrencyCode, string>> = {}
      for (const currency of currencies) {
        const reference = parseRate(options.reference[currency])
        if (reference === undefined) throw new Error(`no reference rate for ${currency}`)
        if (currency === 'EUR') {
          unitsPerEur.EUR = '1'
          continue
        }
        const factor = BigInt(BASIS_POINTS + step(currency))
        unitsPerEur[currency] = formatRate((reference * factor) / BigInt(BASIS_POINTS))
      }
      return Promise.resolve({ unitsPerEur, asOf: options.now?.() ?? new Date() })
    },
  }
}
