// The cashier's public surface: payment methods, deposits, providers, webhooks and deposit limits.
export { createProviders, type PaymentProvider, type Providers } from './providers/index.ts'
export type {
  CompleteWithdrawalInput,
  DepositOutcome,
  PayoutOutcome,
  StartDepositInput,
} from './providers/provider.ts'
export {
  findCashierPlayer,
  moneyText,
  type Cashier,
  type CashierRules,
  type CreditChanges,
  type CreditResult,
  type DepositCredits,
} from './cashier.ts'
export { COIN_NAMES, listPaymentMethods } from './list-payment-methods.ts'
export { startDeposit, paymentResult, type PaymentResult } from './start-deposit.ts'
// For the credit-deposit flow (server/flows/credit-deposit.ts).
export {
  lockDepositForCredit,
  paymentLocale,
  recordCredit,
  reviewReason,
} from './deposit-settlement.ts'
export { lockHeld, recordDecision } from './review-deposit.ts'
export { moveHeld } from './held-money.ts'
export {
  addDepositWagering,
  allowanceOf,
  allowedByMethod,
  closedLoopMinor,
  lockDepositWagering,
  releaseDepositWagering,
} from './deposit-wagering.ts'
export { paymentTotalsSince } from './payments.repo.ts'
export { confirmBankDeposit } from './confirm-deposit.ts'
export { nextActionOf, type PaymentRow } from './payments.repo.ts'
export { depositLimitExceeded, depositTotalsSince } from './deposit-limits.ts'
export { signWebhook, verifyWebhook, webhookHeaders } from './standard-webhooks.ts'
export { seedDemoDeposit } from './seed-demo-deposit.ts'
export { withdrawableAndDeposited } from './transactions.ts'
// For the withdrawal flows (server/flows/*-withdrawal.ts).
export {
  cancelWithdrawal,
  finishWithdrawal,
  type WithdrawalDeps,
  insertWithdrawal,
  insufficientFunds,
  planWithdrawal,
  repeatedWithdrawal,
  type RequestWithdrawal,
  type WithdrawalSettings,
  lockWithdrawal,
  payoutFailed,
  startApproval,
  withdrawalLocale,
  type DecisionContext,
  type WithdrawalDecisions,
} from './withdrawals.ts'
export { PAYOUT_STARTED_DETAIL, canCancel } from './transactions.ts'
export { sandboxPayout, type Payout } from './withdrawals-payout.ts'
export { approvalsNeeded, type ApprovalRule } from './four-eyes.ts'
