import { isCurrencyCode } from '#common/money.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import type { PaymentRow } from './transactions.ts'

/**
 * Four-eyes on withdrawals (issue 27): one worth more than the second-approval amount (the site
 * setting `withdrawalSecondApprovalEurMinor`, EUR-equivalent of the wallet amount at the mid rate)
 * is paid out only on the approval of a second operator, never the first one again. Operators are
 * compared by id, so one operator signed in twice is still one pair of eyes.
 */
export interface ApprovalRule {
  /** Above this many euro cents a withdrawal needs two approvals; at or below it, one. */
  secondApprovalAboveEurMinor: bigint
  rates: RateTable
}

/**
 * How many approvals pay a withdrawal out. A wallet currency the rate table cannot convert needs
 * two: not knowing what it is worth is no reason to let one operator pay it.
 */
export function approvalsNeeded(
  row: Pick<PaymentRow, 'walletAmountMinor' | 'walletCurrency'>,
  rule: ApprovalRule,
): 1 | 2 {
  if (!isCurrencyCode(row.walletCurrency)) return 2
  try {
    const eurMinor = rule.rates.convert(
      row.walletAmountMinor,
      row.walletCurrency,
      'EUR',
      'half_even',
    )
    return eurMinor > rule.secondApprovalAboveEurMinor ? 2 : 1
  } catch {
    return 2
  }
}
