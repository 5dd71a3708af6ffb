// The ledger's public face: nothing else writes balances.
export {
  batchExtension,
  bindExtension,
  accountBalance,
  checkBooks,
  COIN,
  inLedgerTransaction,
  openAccounts,
  playerBalances,
  postTransfer,
  postTransfers,
  retryingConflicts,
  type ExtensionValues,
  type LedgerCurrency,
  type TransferCode,
  type TransferInput,
  type TransferResult,
} from './ledger.ts'
