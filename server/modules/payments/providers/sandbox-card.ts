import type { CardSummary, SandboxPsp } from '../../../../providers/sandbox-psp/psp.ts'
import type { MethodField } from '../payments.tables.ts'
import type { DepositOutcome, PaymentProvider, SavedProfileInput } from './provider.ts'

/** The deposit field the PSP's hosted fields fill: a one-time token, never a card number. */
export const CARD_TOKEN_FIELD = 'card_token'
/** The withdrawal field naming the saved card (a card the player deposited with) to pay to. */
export const SAVED_CARD_FIELD = 'saved_profile_id'

/** What is kept of a card and shown: brand, last four digits, expiry and holder. */
const detailsOf = (card: CardSummary): Record<string, string> => ({
  brand: card.brand,
  last4: card.last4,
  expiry: card.expiry,
  holder: card.holder,
})

/** The saved account a card that paid leaves: the PSP's reusable token for it. */
const profileOf = (card: CardSummary, paymentMethod: string): SavedProfileInput => ({
  label: `${card.brand} •••• ${card.last4}`,
  fields: { holder: card.holder, expiry: card.expiry, last4: card.last4 },
  providerToken: paymentMethod,
})

/** The PSP's webhook: the answer of a 3-D Secure challenge its page showed the player. */
function challengeOutcome(
  payload: unknown,
): { transactionId: string; outcome: DepositOutcome } | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined
  const { type, data } = payload as { type?: unknown; data?: Record<string, unknown> }
  const card = data?.card as Record<string, unknown> | undefined
  if (typeof data?.reference !== 'string' || typeof card?.last4 !== 'string') return undefined
  const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback)
  const summary: CardSummary = {
    brand: text(card.brand, 'Card'),
    last4: card.last4,
    expiry: text(card.expiry),
    holder: text(card.holder),
  }
  if (type === 'charge.succeeded' && typeof data.payment_method === 'string') {
    return {
      transactionId: data.reference,
      outcome: {
        status: 'completed',
        details: detailsOf(summary),
        saveProfile: profileOf(summary, data.payment_method),
      },
    }
  }
  if (type === 'charge.failed') {
    return {
      transactionId: data.reference,
      outcome: { status: 'failed', reason: 'three_ds_declined', details: detailsOf(summary) },
    }
  }
  return undefined
}

/**
 * The card method, through the sandbox PSP (PCI DSS SAQ A): the PSP's hosted fields
 * take the card in the browser and give a one-time token, which is all the deposit carries; a
 * card that paid is kept as the PSP's reusable token (a saved account). The PSP answers a charge
 * at once, or asks for 3-D Secure on its own page and tells us the answer by a signed webhook.
 */
export function sandboxCardProvider(psp: SandboxPsp): PaymentProvider {
  const hostedFields: MethodField[] = [
    {
      name: CARD_TOKEN_FIELD,
      type: 'hosted_card',
      required: true,
      // The PSP's one-time token: a card number or anything else typed here is refused.
      pattern: '^tok_[A-Za-z0-9_.-]{10,990}$',
      maxLength: 1000,
      url: `${psp.base}/v1/card-fields`,
    },
  ]
  const savedCard: MethodField[] = [
    { name: SAVED_CARD_FIELD, type: 'saved_card', required: true, maxLength: 36 },
  ]
  return {
    id: 'sandbox_card',
    hasWebhooks: true,
    // The stored method fields are not asked: the PSP's page collects the card.
    fieldsFor: (direction) => (direction === 'deposit' ? hostedFields : savedCard),
    async startDeposit(input): Promise<DepositOutcome> {
      const token = input.fields[CARD_TOKEN_FIELD]
      const charged = await psp.charge({
        reference: input.transactionId,
        customer: input.playerId,
        amountMinor: input.amountMinor,
        currency: input.currency,
        source: input.savedProfile
          ? { paymentMethod: input.savedProfile.providerToken }
          : { token: token ?? '' },
      })
      const providerReference = `card_${input.transactionId}`
      switch (charged.status) {
        case 'succeeded':
          if (input.savedProfile) {
            // Already a saved account: kept as it is, with the holder it was saved with.
            const holder = input.savedProfile.fields.holder || charged.card.holder
            return {
              status: 'completed',
              providerReference,
              details: detailsOf({ ...charged.card, holder }),
            }
          }
          return {
            status: 'completed',
            providerReference,
            details: detailsOf(charged.card),
            saveProfile: profileOf(charged.card, charged.paymentMethod),
          }
        case 'requires_action':
          return {
            status: 'pending',
            providerReference,
            nextAction: {
              type: 'three_ds',
              transaction_id: input.transactionId,
              url: charged.challengeUrl,
            },
            // Kept for a repeated request and the history list, which show the page again.
            details: { ...detailsOf(charged.card), three_ds_url: charged.challengeUrl },
          }
        case 'declined':
          return {
            status: 'failed',
            reason: charged.reason === 'token_invalid' ? 'card_token_invalid' : charged.reason,
            details: charged.card ? detailsOf(charged.card) : {},
          }
      }
    },
    depositWebhook: challengeOutcome,
    async completeWithdrawal(input) {
      const paid = await psp.payout({
        reference: input.transactionId,
        paymentMethod: input.fields[CARD_TOKEN_FIELD] ?? '',
        customer: input.playerId,
      })
      return paid.status === 'paid'
        ? { status: 'paid', providerReference: paid.reference, details: {} }
        : { status: 'failed', reason: paid.reason, details: {} }
    },
  }
}
