import { eq, max, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import { exchangeRates } from './wallet.tables.ts'
import { forgetRates } from './exchange-rates.ts'
import type { RatesProvider } from './rate-providers/index.ts'

/** The advisory lock the refresh takes for its write: one instance writes, the others skip. */
const REFRESH_LOCK = 'exchange_rates:refresh'

export type RefreshOutcome =
  /** The provider's rates were stored. */
  | { status: 'refreshed'; currencies: number; asOf: Date }
  /** This provider's rates are younger than `minIntervalMs`: nothing asked, nothing written. */
  | { status: 'fresh' }
  /** Another instance is writing rates at this moment. */
  | { status: 'busy' }

async function newestFetch(db: Db | Tx, source: string): Promise<Date | null> {
  const [row] = await db
    .select({ newest: max(exchangeRates.fetchedAt) })
    .from(exchangeRates)
    .where(eq(exchangeRates.source, source))
  return row?.newest ?? null
}

/**
 * The exchange-rate refresh job: asks the provider for rates and stores them with
 * their fetch time. Idempotent and safe to run from every instance at once (the job below runs it
 * once per interval; tests run it at will): a provider whose rates are younger than `minIntervalMs` is not asked
 * again, and the write takes a transaction-scoped advisory lock, checking the age again under it,
 * so of several instances one writes and the others skip. The provider is called outside the
 * transaction (it may be another company's server). Throws what the provider throws.
 */
export async function refreshExchangeRates(
  db: Db,
  provider: RatesProvider,
  options: { minIntervalMs: number; now?: () => Date },
): Promise<RefreshOutcome> {
  const now = options.now ?? (() => new Date())
  const isFresh = (newest: Date | null) =>
    newest !== null && now().getTime() - newest.getTime() < options.minIntervalMs
  if (isFresh(await newestFetch(db, provider.id))) return { status: 'fresh' }
  const quote = await provider.fetchRates()
  const rows = Object.entries(quote.unitsPerEur).map(([currency, unitsPerEur]) => ({
    currency,
    unitsPerEur,
    source: provider.id,
    fetchedAt: quote.asOf,
  }))
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${REFRESH_LOCK}, 0)) as locked`,
    )
    const [lock] = (result as { rows: { locked: boolean }[] }).rows
    if (!lock?.locked) return { status: 'busy' }
    if (isFresh(await newestFetch(tx, provider.id))) return { status: 'fresh' }
    if (rows.length > 0) {
      await tx
        .insert(exchangeRates)
        .values(rows)
        .onConflictDoUpdate({
          target: exchangeRates.currency,
          set: {
            unitsPerEur: sql`excluded.units_per_eur`,
            source: sql`excluded.source`,
            fetchedAt: sql`excluded.fetched_at`,
            updatedAt: sql`now()`,
          },
        })
    }
    return { status: 'refreshed', currencies: rows.length, asOf: quote.asOf }
  })
  if (outcome.status === 'refreshed') forgetRates(db)
  return outcome
}

/** The queue whose runs refresh the rates. */
export const RATES_REFRESH_QUEUE = 'rates-refresh'

/**
 * The refresh as a job: the queue `rates-refresh`, one run every `intervalMs` across the
 * instances, the first at the start. A failed refresh (logged by the jobs) is not retried: the next
 * slot's run is its retry; meanwhile the stored rates age, and money-moving conversions stop once
 * they pass the maximum age. A run skips rates younger than half an interval, so a late run right
 * before the next one does not ask the provider twice.
 */
export function defineRatesRefresh(
  jobs: Jobs,
  options: { db: Db; provider: RatesProvider; intervalMs: number },
): void {
  jobs.define(
    RATES_REFRESH_QUEUE,
    async () => {
      await refreshExchangeRates(options.db, options.provider, {
        minIntervalMs: options.intervalMs / 2,
      })
    },
    { expireInSeconds: 60, retryLimit: 0 },
  )
  jobs.every(RATES_REFRESH_QUEUE, options.intervalMs)
}
