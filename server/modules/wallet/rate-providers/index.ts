import { DEFAULT_UNITS_PER_EUR } from '../exchange-rates.ts'
import { httpRatesProvider } from './http-rates.ts'
import type { RatesProvider } from './provider.ts'
import { sandboxRatesProvider } from './sandbox-rates.ts'

export type { RatesProvider, RatesQuote } from './provider.ts'
export { httpRatesProvider, HttpRatesAnswerSchema } from './http-rates.ts'
export { sandboxRatesProvider } from './sandbox-rates.ts'

/** The sandbox walk: a move of at most 0.2 % per refresh, never more than 5 % from the reference. */
export const SANDBOX_STEP_BP = 20
export const SANDBOX_BOUND_BP = 500

/**
 * The rates provider `EXCHANGE_RATES_URL` names: an HTTP JSON source, else the moving sandbox feed
 * (development, and any start without a source), seeded at random.
 */
export function createRatesProvider(options: {
  url?: string | undefined
  seed: number
}): RatesProvider {
  if (options.url) return httpRatesProvider({ url: options.url, timeoutMs: 10_000 })
  return sandboxRatesProvider({
    reference: DEFAULT_UNITS_PER_EUR,
    stepBp: SANDBOX_STEP_BP,
    boundBp: SANDBOX_BOUND_BP,
    seed: options.seed,
  })
}
