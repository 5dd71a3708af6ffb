import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  CURRENCY_EXPONENTS,
  convertMinor,
  costInMinor,
  formatRate,
  parseRate,
  type CurrencyCode,
  type Rounding,
} from '#common/money.ts'
import { exchangeRates } from './wallet.tables.ts'

/**
 * Seeded defaults: how many units of each currency one euro buys. Operators
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

/**
 * How money-moving conversions are made: the operator's spread in basis points,
 * kept back from what the player receives, and the age after which a rate is too old to move
 * money with.
 */
export interface ExchangePolicy {
  spreadBp: number
  maxAgeMs: number
}

/** A money-moving conversion: the amount the player gets and the rate it used, for the record. */
export interface Exchanged {
  amountMinor: bigint
  /** Units of the target per unit of the source, spread included, as decimal text. */
  rate: string
  /** Units of the source per unit of the target, spread included: what one unit received cost. */
  inverseRate: string
}

export interface RateTable {
  /** `rate` as the decimal text it is stored as, scaled for `convertMinor`, and when it was given. */
  get(currency: CurrencyCode): { text: string; scaled: bigint; fetchedAt: Date }
  /**
   * A conversion at the mid rate, without spread and whatever the rates' age: for what is shown
   * (`half_even`) and for comparing amounts across currencies (limits, thresholds, win caps).
   */
  convert(amount: bigint, from: CurrencyCode, to: CurrencyCode, rounding: Rounding): bigint
  /** Units of `to` per unit of `from`, as decimal text with 12 significant decimals (for records). */
  rateText(from: CurrencyCode, to: CurrencyCode): string
  /**
   * A conversion that moves money: the spread applies against the player, the result rounds
   * toward zero, and a rate older than the policy's maximum age refuses with `wallet.rates_stale`.
   * The same currency on both sides is no conversion: no spread, no rate needed.
   */
  exchange(
    amount: bigint,
    from: CurrencyCode,
    to: CurrencyCode,
    policy: ExchangePolicy,
    now?: Date,
  ): Exchanged
  /** The least amount of `from` that `exchange` turns into at least `target` of `to`. */
  costOf(
    target: bigint,
    from: CurrencyCode,
    to: CurrencyCode,
    policy: ExchangePolicy,
    now?: Date,
  ): bigint
}

const PRECISION = 12n
const BASIS_POINTS = 10_000n

export interface RateRow {
  currency: string
  unitsPerEur: string
  /** When the provider gave the rate; a row without it is too old to move money with. */
  fetchedAt?: Date
}

export function rateTable(rows: RateRow[]): RateTable {
  const rates = new Map<string, { text: string; scaled: bigint; fetchedAt: Date }>()
  for (const row of rows) {
    const scaled = parseRate(row.unitsPerEur)
    if (scaled !== undefined) {
      rates.set(row.currency, {
        text: row.unitsPerEur,
        scaled,
        fetchedAt: row.fetchedAt ?? new Date(0),
      })
    }
  }
  const get = (currency: CurrencyCode) => {
    const rate = rates.get(currency)
    if (!rate) throw new Error(`no exchange rate for ${currency}`)
    return rate
  }
  const side = (currency: CurrencyCode) => ({ currency, rate: get(currency).scaled })
  const fresh = (currency: CurrencyCode, policy: ExchangePolicy, now: Date) => {
    const rate = rates.get(currency)
    if (!rate || now.getTime() - rate.fetchedAt.getTime() > policy.maxAgeMs) {
      throw new AppError('wallet.rates_stale', { params: { currency } })
    }
    return { currency, rate: rate.scaled }
  }
  const spreadOf = (policy: ExchangePolicy) => BigInt(policy.spreadBp)
  return {
    get,
    convert: (amount, from, to, rounding) => convertMinor(amount, side(from), side(to), rounding),
    rateText: (from, to) => formatRate((get(to).scaled * 10n ** PRECISION) / get(from).scaled),
    exchange: (amount, from, to, policy, now = new Date()) => {
      if (from === to) return { amountMinor: amount, rate: '1', inverseRate: '1' }
      const source = fresh(from, policy, now)
      const target = fresh(to, policy, now)
      const kept = BASIS_POINTS - spreadOf(policy)
      const scale = 10n ** PRECISION
      return {
        amountMinor: convertMinor(amount, source, target, 'toward_zero', spreadOf(policy)),
        rate: formatRate((target.rate * scale * kept) / (source.rate * BASIS_POINTS)),
        inverseRate: formatRate((source.rate * scale * BASIS_POINTS) / (target.rate * kept)),
      }
    },
    costOf: (target, from, to, policy, now = new Date()) =>
      from === to
        ? target
        : costInMinor(target, fresh(from, policy, now), fresh(to, policy, now), spreadOf(policy)),
  }
}

/**
 * Every bet reads the rates, so each instance keeps them for a while; the refresh job drops its
 * own copy at once, and each rate carries its fetch time, so a copy never hides a stale rate.
 */
const CACHE_MS = 30_000
const cache = new WeakMap<Db, { table: RateTable; readAtMs: number }>()

/** The current rate table (every supported currency has a rate: the seed fills them). */
export async function loadRates(db: Db): Promise<RateTable> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < CACHE_MS) return cached.table
  const table = rateTable(await db.select().from(exchangeRates))
  cache.set(db, { table, readAtMs: Date.now() })
  return table
}

/** Drops this instance's copy of the rates: the next `loadRates` reads the table. */
export function forgetRates(db: Db): void {
  cache.delete(db)
}

/**
 * Fills missing rates with the defaults; existing ones are kept. They count as fetched now: the
 * refresh job replaces them as soon as the site starts.
 */
export async function seedExchangeRates(db: Db | Tx): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(
      (Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[]).map((currency) => ({
        currency,
        unitsPerEur: DEFAULT_UNITS_PER_EUR[currency],
        source: 'seed',
      })),
    )
    .onConflictDoNothing()
}

/**
 * An amount in euro minor units turned into `currency`, rounded to two significant figures
 * (ranges for currencies without their own), never to zero.
 */
export function fromEurRounded(table: RateTable, eurMinor: bigint, currency: CurrencyCode): bigint {
  const exact = table.convert(eurMinor, 'EUR', currency, 'half_even')
  const digits = exact.toString().length
  if (digits <= 2) return exact > 0n ? exact : 1n
  const unit = 10n ** BigInt(digits - 2)
  const rounded = ((exact + unit / 2n) / unit) * unit
  return rounded > 0n ? rounded : 1n
}
