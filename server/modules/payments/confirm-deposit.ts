import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '#server/lib/errors.ts'
import type { Cashier, CreditChanges } from './cashier.ts'
import { paymentMethods, paymentTransactions, type PaymentProviderId } from './payments.tables.ts'
import type { PaymentRow } from './payments.repo.ts'
import { applyOutcome, paymentResult, type PaymentResult } from './start-deposit.ts'

const notAResult = (message: string) =>
  new AppError('payments.webhook_payload_invalid', { message })

/** A deposit made with one of `providerId`'s methods, or nothing. */
async function findProviderDeposit(
  cashier: Cashier,
  id: string,
  providerId: PaymentProviderId,
): Promise<PaymentRow | undefined> {
  const [row] = await cashier.db
    .select({ payment: paymentTransactions })
    .from(paymentTransactions)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentTransactions.methodId))
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.direction, 'deposit'),
        eq(paymentMethods.provider, providerId),
      ),
    )
  return row?.payment
}

/**
 * A provider's verified webhook with the final answer for one of its deposits (the card
 * provider's 3-D Secure page was answered): the deposit is credited or failed on the provider's
 * word only; no call of the player's decides it. Only a pending deposit of this provider's
 * method that waits for that answer moves; a repeat, or an answer for another deposit, moves
 * nothing and is told the deposit's state.
 */
export async function settleDepositWebhook(
  cashier: Cashier,
  providerId: PaymentProviderId,
  payload: unknown,
): Promise<{ transaction_id: string; status: PaymentResult['status']; confirmations: number }> {
  const settled = cashier.providers[providerId].depositWebhook?.(payload)
  if (!settled) throw notAResult('The payload is not a deposit result.')
  if (!z.uuid().safeParse(settled.transactionId).success) {
    throw notAResult('The reference is not a deposit of ours.')
  }
  const payment = await findProviderDeposit(cashier, settled.transactionId, providerId)
  if (!payment) throw notAResult('The reference is not a deposit of this provider.')
  const isWaiting = payment.status === 'pending' && payment.nextAction === 'three_ds'
  const result = isWaiting
    ? await applyOutcome(cashier, payment, settled.outcome)
    : await paymentResult(cashier, payment)
  return { transaction_id: result.transaction_id, status: result.status, confirmations: 0 }
}

/**
 * `POST /admin/api/deposits/:id/confirm`: an operator saw a bank transfer arrive and says how much
 * arrived, in the deposit's currency; that amount is credited, whatever the reference announced
 * (kept in the details as `announced_amount`). Above the method's maximum or the player's
 * deposit limit it is held for review like any deposit (`cashier.deposits.credit`). Only pending
 * bank-transfer deposits can be confirmed; the confirmation is audited with the credit.
 */
export async function confirmBankDeposit(
  cashier: Cashier,
  paymentId: string,
  received: { amountMinor: bigint; currency: string },
  /** The operator who saw it arrive (the `/dev/payments` page has none). */
  confirmedBy?: CreditChanges['confirmedBy'],
): Promise<PaymentResult> {
  const payment = await findProviderDeposit(cashier, paymentId, 'sandbox_bank')
  if (!payment) throw new AppError('payments.transaction_not_found')
  if (payment.status !== 'pending') throw new AppError('payments.transaction_not_pending')
  // A bank transfer moves the wallet's own currency: what arrived is what is credited.
  if (received.currency !== payment.currency || payment.currency !== payment.walletCurrency) {
    throw new AppError('payments.confirm_currency_mismatch', {
      params: { currency: payment.currency },
    })
  }
  if (received.amountMinor <= 0n) throw new AppError('payments.amount_invalid')
  const credit = await cashier.deposits.credit(cashier.log, paymentId, {
    amountMinor: received.amountMinor,
    walletAmountMinor: received.amountMinor,
    details: { announced_amount: payment.amountMinor.toString() },
    ...(confirmedBy && { confirmedBy }),
  })
  if (credit.status === 'not_pending') throw new AppError('payments.transaction_not_pending')
  return paymentResult(cashier, credit.payment)
}
