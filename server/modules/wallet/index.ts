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
export {
  DEFAULT_UNITS_PER_EUR,
  forgetRates,
  fromEurRounded,
  loadRates,
  rateTable,
  type ExchangePolicy,
  type Exchanged,
  type RateTable,
} from './exchange-rates.ts'
export { refreshExchangeRates } from './refresh-exchange-rates.ts'
export { createRatesProvider, type RatesProvider } from './rate-providers/index.ts'
export type { WalletEntry } from './wallet.contract.ts'
export {
  WalletEntrySchema,
  AmountInputSchema,
  CurrencySchema,
  MinorAmountSchema,
} from './wallet.contract.ts'
export {
  adjustmentTransferKey,
  decideAdjustment,
  findAdjustment,
  listAdjustments,
  requestAdjustment,
  type AdjustmentDecision,
  type AdjustmentListQuery,
  type BalanceAdjustment,
} from './balance-adjustments.ts'
export { ADJUSTMENT_STATUSES, type AdjustmentStatus } from './wallet.tables.ts'
