// The cashier's public surface: payment methods, deposits, providers, webhooks and deposit limits.
export { createProviders, type PaymentProvider, type Providers } from './providers/index.ts'
export type {
  CompleteWithdrawalInput,
  DepositOutcome,
  PayoutOutcome,
  StartDepositInput,
} from './providers/provider.ts'
export type { Cashier, CashierRules } from './cashier.ts'
export { COIN_NAMES, listPaymentMethods } from './list-payment-methods.ts'
export { startDeposit, paymentResult, type PaymentResult } from './start-deposit.ts'
export { creditDeposit } from './credit-deposit.ts'
export { confirmBankDeposit } from './confirm-deposit.ts'
export { nextActionOf } from './payments.repo.ts'
export { getDepositLimits, setDepositLimit } from './deposit-limits.ts'
export { signWebhook, verifyWebhook, webhookHeaders } from './standard-webhooks.ts'
export { seedDemoDeposit } from './seed-demo-deposit.ts'
export { withdrawableAndDeposited } from './transactions.ts'
