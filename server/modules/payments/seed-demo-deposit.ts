import { and, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { SANDBOX_SAVED_VISA } from '../../../providers/sandbox-psp/psp.ts'
import { paymentTransactions, savedPaymentProfiles } from './payments.tables.ts'

const DEMO_KEY = 'demo-seed-card-deposit-500-eur'
const DEMO_AMOUNT_MINOR = 500_00n

/**
 * The demo player's first deposit: 500.00 EUR by the sandbox Visa, completed through the real
 * ledger (clearing → cash) with its saved card. Only when it is not there yet (the key says).
 */
export async function seedDemoDeposit(db: Db, playerId: string): Promise<void> {
  const [existing] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.playerId, playerId),
        eq(paymentTransactions.idempotencyKey, DEMO_KEY),
      ),
    )
  if (existing) return
  await inLedgerTransaction(db, async (tx) => {
    const id = uuidv7()
    const profileId = uuidv7()
    const details = { brand: 'Visa', last4: '4242', expiry: '12/30', holder: 'Alex Morgan' }
    await tx.insert(savedPaymentProfiles).values({
      id: profileId,
      playerId,
      methodId: 'card',
      label: 'Visa •••• 4242',
      fields: { holder: details.holder, expiry: details.expiry, last4: details.last4 },
      // The sandbox PSP's saved test Visa: paying with it again works like a card typed anew.
      providerToken: SANDBOX_SAVED_VISA,
    })
    const now = new Date()
    await tx.insert(paymentTransactions).values({
      id,
      playerId,
      direction: 'deposit',
      methodId: 'card',
      currency: 'EUR',
      amountMinor: DEMO_AMOUNT_MINOR,
      walletCurrency: 'EUR',
      walletAmountMinor: DEMO_AMOUNT_MINOR,
      status: 'completed',
      idempotencyKey: DEMO_KEY,
      providerReference: `card_${id}`,
      details,
      savedProfileId: profileId,
      completedAt: now,
    })
    await postTransfer(tx, {
      idempotencyKey: `deposit:${id}`,
      code: 'deposit',
      debit: { system: 'payment_clearing', currency: 'EUR', shardKey: playerId },
      credit: { playerId, kind: 'cash', currency: 'EUR' },
      amountMinor: DEMO_AMOUNT_MINOR,
      reference: id,
    })
  })
}
