// The wallet's public surface: balances per currency as the player sees them, exchange rates.
export {
  getWallet,
  openWallet,
  publishWallet,
  publishWalletEntry,
  switchWallet,
  walletEntry,
  walletEntryOf,
} from './wallet.ts'
export { walletRoutes } from './wallet.routes.ts'
export {
  DEFAULT_UNITS_PER_EUR,
  fromEurRounded,
  loadRates,
  rateTable,
  type RateTable,
} from './exchange-rates.ts'
export type { WalletEntry } from './wallet.contract.ts'
