import { z } from 'zod'
import { isCurrencyCode, parseRate, type CurrencyCode } from '#common/money.ts'
import type { RatesProvider } from './provider.ts'

/** A rate as text with at most 12 decimals; a JSON number is accepted as its shortest decimal. */
const RateValueSchema = z
  .union([z.string().max(40), z.number().positive()])
  .transform((value, context) => {
    const text = typeof value === 'number' ? numberText(value) : value.trim()
    const match = /^(\d{1,18})(?:\.(\d+))?$/.exec(text)
    // Digits past the twelfth decimal are below what the table keeps: cut, not refused.
    const normalised = match ? `${match[1] ?? '0'}.${(match[2] ?? '0').slice(0, 12)}` : ''
    if (parseRate(normalised) === undefined) {
      context.addIssue({ code: 'custom', message: `not a positive decimal rate: ${text}` })
      return z.NEVER
    }
    return normalised.replace(/\.?0+$/, '')
  })

/**
 * A JSON number as the decimal text it was written as, without an exponent: JavaScript prints
 * 0.00000011 as "1.1e-7", which is moved back into place digit by digit (no float arithmetic).
 */
function numberText(value: number): string {
  const text = String(value)
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!match) return text
  const digits = (match[1] ?? '') + (match[2] ?? '')
  const point = (match[1] ?? '').length + Number(match[3])
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length)
  return `${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * What `EXCHANGE_RATES_URL` must answer (GET, JSON): units of each currency per euro, keyed by
 * the currency code. Currencies Aurum does not support are ignored; a missing one keeps its stored
 * rate (which then ages). `timestamp`, when given, is when the source's rates were valid.
 *
 *     { "base": "EUR", "timestamp": "2026-11-26T10:00:00Z",
 *       "rates": { "USD": "1.0832", "BTC": "0.0000112", "PLN": 4.31 } }
 */
export const HttpRatesAnswerSchema = z.object({
  base: z.literal('EUR'),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  rates: z.record(z.string().max(10), RateValueSchema),
})

export interface HttpRatesOptions {
  url: string
  /** How long one request may take. */
  timeoutMs: number
  fetch?: typeof fetch
  now?: () => Date
}

/** Rates from an HTTP JSON source (production): one GET per refresh, parsed with the schema above. */
export function httpRatesProvider(options: HttpRatesOptions): RatesProvider {
  const fetchJson = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  return {
    id: 'http',
    async fetchRates() {
      const response = await fetchJson(options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      if (!response.ok) throw new Error(`exchange rates source answered ${String(response.status)}`)
      const parsed = HttpRatesAnswerSchema.safeParse(await response.json())
      if (!parsed.success) {
        throw new Error(
          `exchange rates source answered an unexpected shape: ${parsed.error.message}`,
        )
      }
      const unitsPerEur: Partial<Record<CurrencyCode, string>> = {}
      for (const [currency, rate] of Object.entries(parsed.data.rates)) {
        if (isCurrencyCode(currency)) unitsPerEur[currency] = rate
      }
      unitsPerEur.EUR = '1'
      const fetchedAt = now()
      const stated = parsed.data.timestamp ? new Date(parsed.data.timestamp) : fetchedAt
      // A source's clock ahead of ours must not make its rates look younger than they are.
      return { unitsPerEur, asOf: stated < fetchedAt ? stated : fetchedAt }
    },
  }
}
