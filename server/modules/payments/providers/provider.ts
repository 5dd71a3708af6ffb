import type { Db, Tx } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { NextAction } from '../payments.contract.ts'
import type { MethodField, PaymentDirection, PaymentProviderId } from '../payments.tables.ts'

/**
 * One interface for every payment provider. The cashier (deposits, withdrawals)
 * never knows which provider it talks to: it validates the request, records the payment row, asks
 * the provider, and moves money through the ledger according to the answer. A provider never
 * touches balances itself.
 *
 * Note: a provider call may reach another company over the network, so callers make it outside
 * their database transactions and record its answer afterwards, keyed by the payment's id (which
 * the provider is told, and must treat as its own idempotency key).
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId
  /** Whether this provider calls us back with signed webhooks (`POST /payment/webhook/:id`). */
  readonly hasWebhooks: boolean
  /**
   * The method fields the player fills for `direction`: a card deposit asks for the token of the
   * provider's hosted fields (the card itself never reaches us); a bank transfer or crypto
   * deposit asks for nothing (the player pays us), a payout asks where to.
   */
  fieldsFor(direction: PaymentDirection, methodFields: MethodField[]): MethodField[]
  /** Starts a deposit; the answer says whether money arrived, was refused, or waits for someone. */
  startDeposit(input: StartDepositInput): Promise<DepositOutcome>
  /**
   * Pays an approved withdrawal out (called once an operator approved it, with the money already
   * on the player's held account). The sandbox providers always pay.
   */
  completeWithdrawal(input: CompleteWithdrawalInput): Promise<PayoutOutcome>
  /**
   * A verified webhook's payload read as the final answer for one of our pending deposits (a 3-D
   * Secure challenge decided on the provider's page), or undefined when it is not one. Only a
   * webhook whose signature was checked reaches this: it is the provider's word.
   */
  depositWebhook?(payload: unknown): { transactionId: string; outcome: DepositOutcome } | undefined
}

export interface StartDepositInput {
  /** For providers that keep state of their own (the crypto gateway's deposit addresses). */
  db: Db | Tx
  /** The payment row's id: the provider's idempotency key for this deposit. */
  transactionId: string
  playerId: string
  methodId: string
  /** The currency the method moves and `amountMinor` is in. */
  currency: CurrencyCode
  amountMinor: bigint
  /** The method fields as the player sent them, already checked against `fieldsFor` (a card: its one-time token). */
  fields: Record<string, string>
  /** Paying again with a saved account: the provider's reusable token for it. */
  savedProfile?:
    { id: string; label: string; providerToken: string; fields: Record<string, string> } | undefined
}

/** What a provider answers for a deposit. `details` are stored and shown (never a full card number). */
export type DepositOutcome =
  | {
      status: 'completed'
      providerReference?: string | undefined
      details: Record<string, string>
      /** An account the player may pay with again (a card's token, label and expiry). */
      saveProfile?: SavedProfileInput | undefined
    }
  | { status: 'failed'; reason: string; details: Record<string, string> }
  | {
      status: 'pending'
      nextAction: NextAction
      providerReference?: string | undefined
      /** Stored with the payment; a card waiting for 3-D Secure keeps what its saved account needs. */
      details: Record<string, string>
    }

export interface SavedProfileInput {
  /** `Visa •••• 4242` */
  label: string
  /** The saved method fields: holder, expiry, last four digits. Never a full number or a CVC. */
  fields: Record<string, string>
  providerToken: string
}

export interface CompleteWithdrawalInput {
  /** The withdrawal's payment row id: the provider's idempotency key for the payout. */
  transactionId: string
  playerId: string
  methodId: string
  currency: CurrencyCode
  amountMinor: bigint
  /** Where the money goes: the method fields the player gave (IBAN and holder, a wallet address). */
  fields: Record<string, string>
}

export type PayoutOutcome =
  | { status: 'paid'; providerReference: string; details: Record<string, string> }
  | { status: 'failed'; reason: string; details: Record<string, string> }
