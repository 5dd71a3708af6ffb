import type { Db, Tx } from '#db/client.ts'
import {
  CURRENCY_EXPONENTS,
  convertMinor,
  parseRate,
  type CurrencyCode,
  type Rounding,
} from '#server/lib/money.ts'
import { exchangeRates } from '#server/modules/ledger/ledger.tables.ts'

/**
 * Seeded defaults: how many units of each currency one euro buys (decisions §3). Operators
 * refresh the table; these only fill an empty one.
 */
export const DEFAULT_UNITS_PER_EUR: Record<CurrencyCode, string> = {
  EUR: '1',
  USD: '1.08',
  CAD: '1.5',
  AUD: '1.65',
  NZD: '1.8',
  PLN: '4.3',
  INR: '90',
  NOK: '11.6',
  BCH: '0.0025',
  BTC: '0.000011',
  LTC: '0.012',
  ETH: '0.00032',
  DOG: '5.5',
  XRP: '1.9',
  USDT: '1.08',
  ADA: '2.2',
  TRX: '4.3',
  BNB: '0.0017',
}

export interface RateTable {
  /** `rate` as the decimal text it is stored as, and scaled for `convertMinor`. */
  get(currency: CurrencyCode): { text: string; scaled: bigint }
  convert(amount: bigint, from: CurrencyCode, to: CurrencyCode, rounding: Rounding): bigint
  /** Units of `to` per unit of `from`, as decimal text with 12 significant decimals (for records). */
  rateText(from: CurrencyCode, to: CurrencyCode): string
}

const PRECISION = 12n

export function rateTable(rows: { currency: string; unitsPerEur: string }[]): RateTable {
  const rates = new Map<string, { text: string; scaled: bigint }>()
  for (const row of rows) {
    const scaled = parseRate(row.unitsPerEur)
    if (scaled !== undefined) rates.set(row.currency, { text: row.unitsPerEur, scaled })
  }
  const get = (currency: CurrencyCode) => {
    const rate = rates.get(currency)
    if (!rate) throw new Error(`no exchange rate for ${currency}`)
    return rate
  }
  return {
    get,
    convert: (amount, from, to, rounding) =>
      convertMinor(
        amount,
        { currency: from, rate: get(from).scaled },
        { currency: to, rate: get(to).scaled },
        rounding,
      ),
    rateText: (from, to) => {
      const scaled = (get(to).scaled * 10n ** PRECISION) / get(from).scaled
      const whole = scaled / 10n ** PRECISION
      const fraction = (scaled % 10n ** PRECISION).toString().padStart(Number(PRECISION), '0')
      const trimmed = fraction.replace(/0+$/, '')
      return trimmed ? `${whole}.${trimmed}` : whole.toString()
    },
  }
}

/** Rates change rarely; each instance reads them at most once a minute. */
const CACHE_MS = 60_000
const cache = new WeakMap<Db, { table: RateTable; readAtMs: number }>()

/** The current rate table (every supported currency has a rate: the seed fills them). */
export async function loadRates(db: Db): Promise<RateTable> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < CACHE_MS) return cached.table
  const table = rateTable(await db.select().from(exchangeRates))
  cache.set(db, { table, readAtMs: Date.now() })
  return table
}

/** Fills missing rates with the defaults; existing ones are kept. */
export async function seedExchangeRates(db: Db | Tx): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(
      (Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[]).map((currency) => ({
        currency,
        unitsPerEur: DEFAULT_UNITS_PER_EUR[currency],
      })),
    )
    .onConflictDoNothing()
}

/**
 * An amount in euro minor units turned into `currency`, rounded to two significant figures
 * (decisions §6: ranges for currencies the spec leaves out), never to zero.
 */
export function fromEurRounded(table: RateTable, eurMinor: bigint, currency: CurrencyCode): bigint {
  const exact = table.convert(eurMinor, 'EUR', currency, 'half_even')
  const digits = exact.toString().length
  if (digits <= 2) return exact > 0n ? exact : 1n
  const unit = 10n ** BigInt(digits - 2)
  const rounded = ((exact + unit / 2n) / unit) * unit
  return rounded > 0n ? rounded : 1n
}
