import { randomBytes } from 'node:crypto'
import { cardBrand, cardDigits } from '../card-rules.ts'
import type { DepositOutcome, PaymentProvider, SavedProfileInput } from './provider.ts'

/** Test card numbers (decisions §4), as the well-known card sandboxes use them. */
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  threeDs: '4000002760003184',
} as const

/** What is kept of a card: scheme, last four digits, expiry and holder; never the number or CVC. */
export function cardDetails(fields: Record<string, string>): Record<string, string> {
  const digits = cardDigits(fields.card_number ?? '') ?? ''
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expiry: fields.expiry ?? '',
    holder: fields.holder ?? '',
  }
}

/** The saved account a successful card deposit leaves, with a fresh provider token. */
export function cardProfile(details: Record<string, string>): SavedProfileInput {
  const last4 = details.last4 ?? ''
  return {
    label: `${details.brand ?? 'Card'} •••• ${last4}`,
    fields: { holder: details.holder ?? '', expiry: details.expiry ?? '', last4 },
    providerToken: `tok_${randomBytes(12).toString('base64url')}`,
  }
}

/**
 * The sandbox card acquirer: 4242… approves at once, 4000 0000 0000 0002 declines, 4000 0027 6000
 * 3184 asks for a 3-D Secure confirmation (`POST /payment/three-ds`); any other number is declined
 * as an unknown test card. A saved account's token approves.
 */
export function sandboxCardProvider(): PaymentProvider {
  return {
    id: 'sandbox_card',
    hasWebhooks: false,
    fieldsFor: (_direction, methodFields) => methodFields,
    async startDeposit(input): Promise<DepositOutcome> {
      const reference = `card_${input.transactionId}`
      if (input.savedProfile) {
        return {
          status: 'completed',
          providerReference: reference,
          details: {
            brand: input.savedProfile.label.split(' ')[0] ?? 'Card',
            last4: input.savedProfile.fields.last4 ?? '',
            expiry: input.savedProfile.fields.expiry ?? '',
            holder: input.savedProfile.fields.holder ?? '',
          },
        }
      }
      const digits = cardDigits(input.fields.card_number ?? '')
      const details = cardDetails(input.fields)
      if (digits === SANDBOX_CARDS.approve) {
        return {
          status: 'completed',
          providerReference: reference,
          details,
          saveProfile: cardProfile(details),
        }
      }
      if (digits === SANDBOX_CARDS.threeDs) {
        return {
          status: 'pending',
          providerReference: reference,
          nextAction: { type: 'three_ds', transaction_id: input.transactionId },
          details,
        }
      }
      if (digits === SANDBOX_CARDS.decline) {
        return { status: 'failed', reason: 'card_declined', details }
      }
      return { status: 'failed', reason: 'unknown_test_card', details }
    },
    async completeWithdrawal(input) {
      return { status: 'paid', providerReference: `payout_${input.transactionId}`, details: {} }
    },
  }
}
