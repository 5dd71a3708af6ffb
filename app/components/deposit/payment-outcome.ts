import type { NextAction } from '#server/modules/payments/payments.contract.ts'
import { ApiError } from '#app/lib/api.ts'

/** `POST /payment/deposit` and `/payment/withdraw` answer this. */
export interface PaymentResult {
  transaction_id: string
  status: 'pending' | 'completed' | 'failed' | 'cancelled' | 'rejected'
  next_action?: NextAction | undefined
}

/** What the dialog shows after sending a payment. */
export type Outcome =
  | { kind: 'success'; transactionId: string }
  | { kind: 'declined'; transactionId: string | null; reason: string | null }
  /** The card provider's 3-D Secure page at `url` decides; the deposit is then watched. */
  | { kind: 'three_ds'; transactionId: string; url: string }
  | {
      kind: 'send_crypto'
      transactionId: string
      action: Extract<NextAction, { type: 'send_crypto' }>
    }
  | {
      kind: 'bank_transfer'
      transactionId: string
      action: Extract<NextAction, { type: 'bank_transfer' }>
    }
  | { kind: 'pending'; transactionId: string }
  | { kind: 'cancelled'; transactionId: string }

/** The outcome a payment answer means; `message` is the envelope's, in the player's language. */
export function outcomeOf(result: PaymentResult, message: string | null): Outcome {
  const transactionId = result.transaction_id
  switch (result.status) {
    case 'completed':
      return { kind: 'success', transactionId }
    case 'failed':
    case 'rejected':
      return { kind: 'declined', transactionId, reason: message }
    case 'cancelled':
      return { kind: 'cancelled', transactionId }
    case 'pending': {
      const action = result.next_action
      if (!action) return { kind: 'pending', transactionId }
      switch (action.type) {
        case 'three_ds':
          return {
            kind: 'three_ds',
            transactionId: action.transaction_id || transactionId,
            url: action.url,
          }
        case 'send_crypto':
          return { kind: 'send_crypto', transactionId, action }
        case 'bank_transfer':
          return { kind: 'bank_transfer', transactionId, action }
        case 'operator_review':
          return { kind: 'pending', transactionId }
      }
    }
  }
}

/** A refusal that is the provider's "no" (a declined card) rather than a mistake in the form. */
export function isDeclineError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 402 || /declin/.test(error.code))
}

/**
 * Field errors of a refusal keyed by the form's names: `body.amount` → `amount`,
 * `body.fields.iban` → `iban`.
 */
export function paymentFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  return Object.fromEntries(
    Object.entries(error.fields).map(([name, messages]) => [
      name.replace(/^body\./, '').replace(/^fields\./, ''),
      messages[0] ?? error.message,
    ]),
  )
}

/**
 * Keeps one idempotency key per attempt: the same payload sent again (a retry after a network
 * failure) reuses it, a changed payload or a finished attempt gets a fresh one. Callers leave
 * out of the payload what changes on every try without changing the payment (a card's one-time
 * token).
 */
export function createAttemptKeys(newKey: () => string) {
  let current: { key: string; fingerprint: string } | null = null
  return {
    keyFor(payload: unknown): string {
      const fingerprint = JSON.stringify(payload)
      if (current?.fingerprint !== fingerprint) current = { key: newKey(), fingerprint }
      return current.key
    },
    /** The attempt has an answer; the next one is a new attempt. */
    finish(): void {
      current = null
    },
  }
}
