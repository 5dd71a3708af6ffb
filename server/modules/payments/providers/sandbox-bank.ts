import { randomBytes } from 'node:crypto'
import type { PaymentProvider } from './provider.ts'

/** The casino's own account the sandbox tells players to pay into (a valid example IBAN). */
export const SANDBOX_BANK_ACCOUNT = {
  iban: 'FI21 1234 5600 0007 85',
  bic: 'AURMFIHH',
  beneficiary: 'Aurum Casino Ltd',
} as const

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A payment reference the player types into their bank's form: `AUR-` and 10 unambiguous characters. */
export function bankReference(): string {
  const bytes = randomBytes(10)
  let reference = 'AUR-'
  for (const byte of bytes) reference += REFERENCE_ALPHABET.charAt(byte % REFERENCE_ALPHABET.length)
  return reference
}

/**
 * The sandbox bank transfer: the player pays the casino's account with a unique reference and the
 * deposit waits until an operator confirms the money arrived (`POST /admin/api/deposits/:id/confirm`).
 */
export function sandboxBankProvider(): PaymentProvider {
  return {
    id: 'sandbox_bank',
    hasWebhooks: false,
    // The player sends money to us: a deposit asks for nothing; a payout asks for an IBAN.
    fieldsFor: (direction, methodFields) => (direction === 'deposit' ? [] : methodFields),
    async startDeposit() {
      const reference = bankReference()
      return {
        status: 'pending',
        providerReference: reference,
        nextAction: { type: 'bank_transfer', ...SANDBOX_BANK_ACCOUNT, reference },
        details: { ...SANDBOX_BANK_ACCOUNT, reference },
      }
    },
    async completeWithdrawal(input) {
      return { status: 'paid', providerReference: `sepa_${input.transactionId}`, details: {} }
    },
  }
}
