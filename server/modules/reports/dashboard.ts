import { and, count, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { OperatorRole } from '#common/back-office.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { balanceAdjustments } from '#server/modules/wallet/wallet.tables.ts'
import type { Dashboard } from './reports.contract.ts'
import { ggrReport, moneyReport } from './report-queries.ts'

/** Who sees which part of the dashboard (admin sees all): as the queues' own calls allow. */
export const DASHBOARD_ROLES = {
  money: ['finance', 'auditor'],
  kycDocuments: ['kyc', 'auditor'],
  payments: ['finance', 'auditor'],
  adjustments: ['finance', 'auditor'],
} as const satisfies Record<string, readonly OperatorRole[]>

/** What a pending payment waits for: a bank transfer an operator confirms, or a review. */
const BANK_TRANSFER_ACTION = 'bank_transfer'
const REVIEW_ACTION = 'operator_review'

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0

/** Today's money (UTC) and the queue counts, each part only for the roles that may see it. */
export async function loadDashboard(
  db: Db,
  roles: readonly OperatorRole[],
  now = new Date(),
): Promise<Dashboard> {
  const may = (allowed: readonly OperatorRole[]) =>
    roles.some((role) => role === 'admin' || allowed.includes(role))
  const p = paymentTransactions
  const pendingPayments = (direction: 'deposit' | 'withdrawal', nextAction?: string) =>
    countOf(
      db
        .select({ n: count() })
        .from(p)
        .where(
          and(
            eq(p.direction, direction),
            eq(p.status, 'pending'),
            nextAction === undefined ? undefined : eq(p.nextAction, nextAction),
          ),
        ),
    )
  const day = now.toISOString().slice(0, 10)
  const today = { from: day, to: day }
  const isPaymentsSeen = may(DASHBOARD_ROLES.payments)
  const [money, ggr, kycDocuments, withdrawals, bankDeposits, heldDeposits, adjustments] =
    await Promise.all([
      may(DASHBOARD_ROLES.money) ? moneyReport(db, { ...today, groupBy: 'currency' }) : null,
      may(DASHBOARD_ROLES.money) ? ggrReport(db, { ...today, groupBy: 'currency' }) : null,
      may(DASHBOARD_ROLES.kycDocuments)
        ? countOf(
            db
              .select({ n: count() })
              .from(playerDocuments)
              .where(eq(playerDocuments.status, 'pending')),
          )
        : null,
      isPaymentsSeen ? pendingPayments('withdrawal') : null,
      isPaymentsSeen ? pendingPayments('deposit', BANK_TRANSFER_ACTION) : null,
      isPaymentsSeen ? pendingPayments('deposit', REVIEW_ACTION) : null,
      may(DASHBOARD_ROLES.adjustments)
        ? countOf(
            db
              .select({ n: count() })
              .from(balanceAdjustments)
              .where(eq(balanceAdjustments.status, 'pending')),
          )
        : null,
    ])
  return {
    today:
      money && ggr
        ? {
            day,
            depositCount: money.totals.depositCount,
            depositEurMinor: money.totals.depositEurMinor,
            withdrawalCount: money.totals.withdrawalCount,
            withdrawalEurMinor: money.totals.withdrawalEurMinor,
            ggrEurMinor: ggr.totals.ggrEurMinor,
          }
        : null,
    queues: { kycDocuments, withdrawals, bankDeposits, heldDeposits, adjustments },
  }
}
