import { and, eq } from 'drizzle-orm'
import { AppError } from '#server/lib/errors.ts'
import type { Cashier } from './cashier.ts'
import { creditDeposit, failDeposit } from './credit-deposit.ts'
import { findPlayerPayment } from './payments.repo.ts'
import { paymentMethods, paymentTransactions } from './payments.tables.ts'
import { cardProfile } from './providers/sandbox-card.ts'
import { paymentResult, type PaymentResult } from './start-deposit.ts'

/**
 * `POST /payment/three-ds`: the player's answer to the card issuer's check. Approve credits the
 * deposit (and keeps the card as a saved account); decline fails it. Only the player's own deposit
 * waiting for 3-D Secure is found; anything else is 404, a finished one 409.
 */
export async function confirmThreeDs(
  cashier: Cashier,
  playerId: string,
  input: { transactionId: string; outcome: 'approve' | 'decline' },
): Promise<PaymentResult> {
  const payment = await findPlayerPayment(cashier.db, playerId, input.transactionId)
  if (payment?.direction !== 'deposit' || !payment.providerReference?.startsWith('card_')) {
    throw new AppError('payments.transaction_not_found')
  }
  if (payment.status !== 'pending' || payment.nextAction !== 'three_ds') {
    throw new AppError('payments.transaction_not_pending')
  }
  if (input.outcome === 'decline') {
    const failed = await failDeposit(cashier.db, payment.id, 'three_ds_declined')
    if (!failed) throw new AppError('payments.transaction_not_pending')
    return paymentResult(cashier, failed)
  }
  const credit = await creditDeposit(cashier, payment.id, {
    saveProfile: cardProfile(payment.details),
  })
  if (credit.status === 'not_pending') throw new AppError('payments.transaction_not_pending')
  return paymentResult(cashier, credit.payment)
}

/**
 * `POST /admin/api/deposits/:id/confirm`: an operator saw a bank transfer arrive; the deposit is
 * credited. Only pending bank-transfer deposits can be confirmed.
 */
export async function confirmBankDeposit(
  cashier: Cashier,
  paymentId: string,
): Promise<PaymentResult> {
  const [row] = await cashier.db
    .select({ payment: paymentTransactions })
    .from(paymentTransactions)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentTransactions.methodId))
    .where(
      and(
        eq(paymentTransactions.id, paymentId),
        eq(paymentTransactions.direction, 'deposit'),
        eq(paymentMethods.provider, 'sandbox_bank'),
      ),
    )
  if (!row) throw new AppError('payments.transaction_not_found')
  if (row.payment.status !== 'pending') throw new AppError('payments.transaction_not_pending')
  const credit = await creditDeposit(cashier, paymentId)
  if (credit.status === 'not_pending') throw new AppError('payments.transaction_not_pending')
  return paymentResult(cashier, credit.payment)
}
