import type { Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { CurrencyCode } from '#common/money.ts'
import {
  depositAllowance,
  type Allowance,
  type DepositTotalsSince,
} from '#server/modules/limits/index.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import { moneyText } from './cashier.ts'
import { paymentTotalsSince } from './payments.repo.ts'

// The deposit limits are the limits module's; the cashier tells it what was deposited and
// refuses a deposit they do not leave room for.

/** What the player deposited since an instant, as the deposit limits count it. */
export const depositTotalsSince: DepositTotalsSince = (db, playerId, since, excludingId) =>
  paymentTotalsSince(db, 'deposit', playerId, since, excludingId)

/** The refusal of a deposit above what the limits leave; its message names the amount left. */
export const depositLimitExceeded = (
  allowance: Allowance,
  currency: CurrencyCode,
  locale: string,
) =>
  new AppError('payments.deposit_limit_exceeded', {
    params: {
      remaining: moneyText(allowance.remainingMinor, currency, locale),
      period: allowance.period,
    },
    details: { remaining: allowance.remainingMinor.toString(), period: allowance.period },
  })

/**
 * Refuses a deposit of `walletAmountMinor` that the limits in force do not leave room for.
 * Called inside the transaction that records the deposit (see `depositAllowance`).
 */
export async function assertWithinDepositLimits(
  tx: Tx,
  rates: RateTable,
  input: { playerId: string; currency: CurrencyCode; walletAmountMinor: bigint; locale: string },
  now = new Date(),
): Promise<void> {
  const allowance = await depositAllowance(
    tx,
    rates,
    { ...input, totalsSince: depositTotalsSince },
    now,
  )
  if (allowance && input.walletAmountMinor > allowance.remainingMinor) {
    throw depositLimitExceeded(allowance, input.currency, input.locale)
  }
}
