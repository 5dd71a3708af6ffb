import { eq, max, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
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
 * their fetch time. Idempotent and safe to run from every instance at once, from a timer now and
 * from a scheduled job later: a provider whose rates are younger than `minIntervalMs` is not asked
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

/**
 * Runs the refresh now and then every `intervalMs` in this process, until `stop`. Note: there is no
 * job system yet; a scheduled job will call `refreshExchangeRates` instead. A failed refresh is
 * logged and tried again at the next tick; meanwhile the stored rates age, and money-moving
 * conversions stop once they pass the maximum age.
 */
export function scheduleRatesRefresh(options: {
  db: Db
  provider: RatesProvider
  intervalMs: number
  log: { warn(object: object, message: string): void }
}): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  const tick = () => {
    running = refreshExchangeRates(options.db, options.provider, {
      // Half an interval: the ticks of several instances fall on one write per interval.
      minIntervalMs: options.intervalMs / 2,
    }).catch((error: unknown) => {
      options.log.warn({ err: error, source: options.provider.id }, 'exchange rates not refreshed')
    })
  }
  tick()
  const timer = setInterval(tick, options.intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
