import { randomInt } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { createRatesProvider } from './rate-providers/index.ts'
import { defineRatesRefresh } from './refresh-exchange-rates.ts'
import { walletRoutes } from './wallet.routes.ts'

/** The wallet calls, and the exchange rates' refresh (a job). */
export const walletPlugin: FastifyPluginAsync<CoreDeps> = async (app, deps) => {
  const { config } = deps
  await deps.api(app, async (api) => {
    await api.register(walletRoutes)
  })

  // Exchange rates move: one refresh per interval across the instances that work jobs.
  const refreshS = config.EXCHANGE_RATES_REFRESH_S ?? (config.NODE_ENV === 'test' ? 0 : 60)
  if (refreshS <= 0) return
  const provider = createRatesProvider({ url: config.EXCHANGE_RATES_URL, seed: randomInt(2 ** 31) })
  if (provider.id === 'sandbox' && config.PUBLIC_URL) {
    app.log.warn('exchange rates come from the sandbox feed: set EXCHANGE_RATES_URL')
  }
  defineRatesRefresh(deps.jobs, { db: deps.db, provider, intervalMs: refreshS * 1000 })
}
