// The ledger's public surface (decisions §3): nothing else writes balances.
export {
  SYSTEM_SHARDS,
  TRANSFER_CODES,
  accountBalance,
  checkBooks,
  inLedgerTransaction,
  openAccounts,
  playerBalances,
  postTransfer,
  resolveAccount,
  type AccountRef,
  type BooksReport,
  type PlayerBalance,
  type Transfer,
  type TransferCode,
  type TransferInput,
  type TransferResult,
} from './ledger.ts'
