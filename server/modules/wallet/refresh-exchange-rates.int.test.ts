import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createJobs } from '#server/lib/jobs.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { exchangeRates } from './wallet.tables.ts'
import { DEFAULT_UNITS_PER_EUR, loadRates } from './exchange-rates.ts'
import { sandboxRatesProvider } from './rate-providers/index.ts'
import { defineRatesRefresh, refreshExchangeRates } from './refresh-exchange-rates.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

describe('refreshExchangeRates (the rates job)', () => {
  it('stores the provider’s rates with their fetch time, once per interval however many run', async () => {
    const { db } = t.database
    let fetches = 0
    const asOf = new Date()
    const walk = sandboxRatesProvider({
      reference: DEFAULT_UNITS_PER_EUR,
      stepBp: 20,
      boundBp: 500,
      seed: 1,
      now: () => asOf,
    })
    const provider = {
      id: 'sandbox',
      fetchRates: () => {
        fetches++
        return walk.fetchRates()
      },
    }
    // Three instances at once: one writes; the others find the rates fresh or the lock taken.
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => refreshExchangeRates(db, provider, { minIntervalMs: 30_000 })),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'refreshed')).toHaveLength(1)
    const [usd] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'USD'))
    expect(usd).toMatchObject({ source: 'sandbox', fetchedAt: asOf })
    expect(usd?.unitsPerEur).not.toBe(DEFAULT_UNITS_PER_EUR.USD)
    // The instance's cached table is dropped: the new rate is the one conversions use.
    expect((await loadRates(db)).get('USD').text).toBe(usd?.unitsPerEur)

    // Again within the interval: idempotent, the provider is not even asked.
    const before = fetches
    expect(await refreshExchangeRates(db, provider, { minIntervalMs: 30_000 })).toEqual({
      status: 'fresh',
    })
    expect(fetches).toBe(before)
    // After it: new rates.
    const later = await refreshExchangeRates(db, provider, {
      minIntervalMs: 30_000,
      now: () => new Date(asOf.getTime() + 60_000),
    })
    expect(later.status).toBe('refreshed')
  })

  it('runs as the rates-refresh job: a working instance’s first run stores the provider’s rates', async () => {
    const { db } = t.database
    let fetches = 0
    const walk = sandboxRatesProvider({
      reference: DEFAULT_UNITS_PER_EUR,
      stepBp: 20,
      boundBp: 500,
      seed: 2,
    })
    // A source of its own: the test above left the sandbox's rates fresh.
    const provider = {
      id: 'job-test',
      fetchRates: () => {
        fetches++
        return walk.fetchRates()
      },
    }
    const jobs = createJobs(db, { work: true, log: t.app.log, pollingIntervalSeconds: 0.1 })
    defineRatesRefresh(jobs, { db, provider, intervalMs: 60_000 })
    try {
      await jobs.start()
      await vi.waitFor(
        async () => {
          const [usd] = await db
            .select()
            .from(exchangeRates)
            .where(eq(exchangeRates.currency, 'USD'))
          expect(usd?.source).toBe('job-test')
        },
        { timeout: 10_000, interval: 100 },
      )
    } finally {
      await jobs.stop()
    }
    expect(fetches).toBe(1)
  })
})
