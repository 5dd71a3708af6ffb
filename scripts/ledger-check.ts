// `npm run ledger:check`: proves the books of DATABASE_URL, or of the embedded database. Prints
// the report and exits with 1 when they do not balance (for cron jobs and the crash test).
import { openDatabase } from '#db/client.ts'
import { loadEnv } from '#server/config/env.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'

const env = loadEnv()
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DATA_DIR },
)
let isBalanced = false
try {
  const report = await checkBooks(database.db)
  isBalanced = report.isBalanced
  console.log(
    `Ledger check (${database.kind}): ${report.accounts} accounts, ${report.transfers} transfers.`,
  )
  for (const { currency, sumMinor } of report.currencyTotals) {
    console.log(`  ${currency}: accounts sum to ${sumMinor} minor units, not 0`)
  }
  for (const mismatch of report.accountMismatches) {
    console.log(
      `  account ${mismatch.accountId}: balance ${mismatch.balanceMinor}, transfers ${mismatch.transfersMinor}`,
    )
  }
  for (const id of report.currencyMismatches) {
    console.log(`  transfer ${id} mixes currencies`)
  }
  for (const id of report.missingAccounts) {
    console.log(`  transfer ${id} names an account that does not exist`)
  }
  console.log(isBalanced ? 'The books balance.' : 'The books do NOT balance.')
} finally {
  await database.close()
}
process.exitCode = isBalanced ? 0 : 1
