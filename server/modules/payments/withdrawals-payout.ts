import { uuidv5 } from '#server/lib/ids.ts'
import type { PaymentProviderId } from './payments.tables.ts'
import type { CompleteWithdrawalInput, PayoutOutcome } from './providers/provider.ts'

/**
 * Pays an approved withdrawal out through the method's provider (`PaymentProvider.completeWithdrawal`).
 * The approval takes it as an argument, so tests can make a payout fail.
 */
export type Payout = (
  provider: PaymentProviderId,
  input: CompleteWithdrawalInput,
) => Promise<PayoutOutcome>

/**
 * The sandbox providers' payout: it always pays, and the same withdrawal always gets the same
 * reference, as a real provider that takes the payment id as its idempotency key would answer.
 * Note: this stands in until the provider registry answers `completeWithdrawal` per provider; it
 * has the interface's signature so that hooking it up changes one line in the routes.
 */
export const sandboxPayout: Payout = async (provider, input) => ({
  status: 'paid',
  providerReference: `${provider}:${uuidv5(`payout:${input.transactionId}`)}`,
  details: {},
})
