import type { SandboxPsp } from '../../../../providers/sandbox-psp/psp.ts'
import type { PaymentProviderId } from '../payments.tables.ts'
import type { PaymentProvider } from './provider.ts'
import { sandboxBankProvider } from './sandbox-bank.ts'
import { sandboxCardProvider } from './sandbox-card.ts'
import { sandboxCryptoProvider } from './sandbox-crypto.ts'

export type { PaymentProvider } from './provider.ts'
export type Providers = Record<PaymentProviderId, PaymentProvider>

/** Every provider the cashier can use, by the id `payment_methods.provider` names. */
export function createProviders(options: {
  cryptoConfirmations: number
  cardPsp: SandboxPsp
}): Providers {
  return {
    sandbox_card: sandboxCardProvider(options.cardPsp),
    sandbox_bank: sandboxBankProvider(),
    sandbox_crypto: sandboxCryptoProvider({ confirmations: options.cryptoConfirmations }),
  }
}
