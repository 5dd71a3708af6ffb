import { randomUUID } from 'node:crypto'
import type { Db } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import type { TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn } from './players.ts'

/**
 * Gives a player real money as a deposit would: a ledger transfer from the payment provider's
 * clearing account to the player's cash account (the books stay balanced).
 */
export async function fundPlayer(
  db: Db,
  playerId: string,
  currency: CurrencyCode,
  amountMinor: bigint,
): Promise<void> {
  const result = await inLedgerTransaction(db, (tx) =>
    postTransfer(tx, {
      idempotencyKey: `test-fund:${randomUUID()}`,
      code: 'deposit',
      debit: { system: 'payment_clearing', currency, shardKey: playerId },
      credit: { playerId, kind: 'cash', currency },
      amountMinor,
      reference: 'test',
    }),
  )
  if (result.status !== 'posted') throw new Error(`funding failed: ${result.status}`)
}

/** A new player with `amountMinor` euro cents in cash, signed in to the test app. */
export async function fundedClient(t: TestApp, amountMinor = 100_00n) {
  const player = await createPlayer(t.database.db)
  await fundPlayer(t.database.db, player.id, 'EUR', amountMinor)
  return { player, client: await signIn(t.app, player) }
}
