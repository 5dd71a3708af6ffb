// The wallet's public face: balances per currency as the player sees them, exchange rates.
export { publishWallet, publishWalletEntry, walletEntry, walletEntryOf } from './wallet.ts'
export { walletRoutes } from './wallet.routes.ts'
export {
  DEFAULT_UNITS_PER_EUR,
  forgetRates,
  fromEurRounded,
  loadRates,
  rateTable,
  seedExchangeRates,
  type ExchangePolicy,
  type RateTable,
} from './exchange-rates.ts'
export { scheduleRatesRefresh } from './refresh-exchange-rates.ts'
export { createRatesProvider } from './rate-providers/index.ts'
export { WalletEntrySchema, type WalletEntry } from './wallet.contract.ts'
