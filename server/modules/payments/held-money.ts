import type { Tx } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import { postTransfer, type TransferCode } from '#server/modules/ledger/index.ts'
import type { PaymentRow } from './payments.repo.ts'

/**
 * Moves a payment's whole held amount out of the player's held account: to the player's cash (a
 * release) or to the provider's clearing account (the money leaves: a payout or a return). The
 * transfer key is derived from the payment's id and the row is locked, so anything but `posted`
 * is a bug.
 */
export async function moveHeld(
  tx: Tx,
  row: PaymentRow,
  code: TransferCode,
  to: 'cash' | 'clearing',
): Promise<void> {
  const currency = row.walletCurrency as CurrencyCode
  const result = await postTransfer(tx, {
    idempotencyKey: `${code}:${row.id}`,
    code,
    debit: { playerId: row.playerId, kind: 'held', currency },
    credit:
      to === 'cash'
        ? { playerId: row.playerId, kind: 'cash', currency }
        : { system: 'payment_clearing', currency, shardKey: row.playerId },
    amountMinor: row.walletAmountMinor,
    reference: row.id,
  })
  if (result.status !== 'posted') throw new Error(`payment ${row.id}: ${code} ${result.status}`)
}
