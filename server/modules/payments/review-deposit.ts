import type { FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { publishWallet } from '#server/modules/wallet/index.ts'
import type { Cashier } from './cashier.ts'
import { REVIEW_ACTION } from './deposit-settlement.ts'
import { moveHeld } from './held-money.ts'
import { paymentTransactions } from './payments.tables.ts'
import type { PaymentRow } from './payments.repo.ts'

/*
 * Deposits held for review (docs/decisions/004): money that arrived above its
 * method's maximum or the player's deposit limit sits in the player's held account, the deposit
 * `pending` with the next action `operator_review`. An operator with the finance role either
 * releases it to the player's cash (only when the player's deposit limits now leave room for it:
 * an operator may vouch for the source of a large sum, never lift a limit the player set), or
 * returns it: the held money goes back through the provider's clearing account to where it came
 * from (the gateway sends a crypto transfer back to its sender, a bank transfer to its account),
 * and the deposit is `rejected` with the reason.
 */

export interface ReviewDeps {
  cashier: Cashier
  request: Pick<FastifyRequest, 'ip' | 'headers'>
}

// Releasing crosses modules (limits, wagering, the ledger, a notification): the credit-deposit
// flow does it (`cashier.deposits.release`).

/** Locks a deposit held for review, or refuses: unknown 404, decided (or not held) 409. */
export async function lockHeld(tx: Tx, id: string): Promise<PaymentRow> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.direction, 'deposit')))
    .for('update')
  if (!row) throw new AppError('payments.transaction_not_found')
  if (row.status !== 'pending' || row.nextAction !== REVIEW_ACTION) {
    throw new AppError('payments.transaction_not_pending')
  }
  return row
}

/**
 * Writes an operator's decision on a locked held deposit, once its money has moved: the deposit's
 * final state (a return keeps its reason) and the audit entry.
 */
export async function recordDecision(
  tx: Tx,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  row: PaymentRow,
  decision: { operatorId: string } & (
    { status: 'completed'; reason?: never } | { status: 'rejected'; reason: string }
  ),
): Promise<PaymentRow> {
  const now = new Date()
  const [payment] = await tx
    .update(paymentTransactions)
    .set({
      status: decision.status,
      nextAction: null,
      updatedAt: now,
      ...(decision.status === 'completed'
        ? { completedAt: now }
        : { details: { ...row.details, reason: decision.reason } }),
    })
    .where(eq(paymentTransactions.id, row.id))
    .returning()
  if (!payment) throw new Error(`deposit ${row.id} vanished under its lock`)
  await recordAudit(tx, request, {
    actorType: 'operator',
    actorId: decision.operatorId,
    playerId: row.playerId,
    action: decision.status === 'completed' ? 'deposit.released' : 'deposit.returned',
    details: {
      paymentId: row.id,
      amountMinor: row.walletAmountMinor.toString(),
      currency: row.walletCurrency,
      review: row.details.review ?? null,
      ...(decision.reason !== undefined && { reason: decision.reason }),
    },
  })
  return payment
}

/** Returns a held deposit to where it came from, through the provider; it becomes `rejected`. */
export async function returnHeldDeposit(
  { cashier, request }: ReviewDeps,
  input: { operatorId: string; id: string; reason: string },
): Promise<PaymentRow> {
  const payment = await inLedgerTransaction(cashier.db, async (tx) => {
    const row = await lockHeld(tx, input.id)
    await moveHeld(tx, row, 'deposit_return', 'clearing')
    return recordDecision(tx, request, row, {
      operatorId: input.operatorId,
      status: 'rejected',
      reason: input.reason,
    })
  })
  try {
    await publishWallet(cashier.db, cashier.bus, payment.playerId, payment.walletCurrency)
  } catch (error) {
    cashier.log.warn({ err: error, paymentId: payment.id }, 'deposit returned but not announced')
  }
  return payment
}
