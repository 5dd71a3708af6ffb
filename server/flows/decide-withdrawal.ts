import { getLocale } from '#common/locales.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import type { Messages } from '#common/messages.ts'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { notifyAfterCommit, type Notify } from '#server/modules/notifications/index.ts'
import {
  PAYOUT_STARTED_DETAIL,
  canCancel,
  finishWithdrawal,
  lockWithdrawal,
  moveHeld,
  payoutFailed,
  startApproval,
  withdrawalLocale,
  type ApprovalRule,
  type DecisionContext,
  type PaymentRow,
  type Payout,
  type WithdrawalDecisions,
} from '#server/modules/payments/index.ts'
import { textsIn, type Texts } from '#server/modules/site/index.ts'
import { publishWallet } from '#server/modules/wallet/index.ts'

export interface DecideWithdrawalDeps {
  db: Db
  bus: EventBus
  /** A locale's catalogue with the operator's overrides, for the player's notification. */
  messages: (locale: string) => Promise<Messages>
}

type Decision = { status: 'completed' } | { status: 'rejected'; reason: string }

/** The decision's notification text in the player's language, English where it is not translated. */
export function withdrawalNotificationText(
  text: Texts,
  locale: string,
  row: Pick<PaymentRow, 'walletAmountMinor' | 'walletCurrency'>,
  decision: Decision,
): string {
  const currency = row.walletCurrency
  const amount = isCurrencyCode(currency)
    ? formatMoney(row.walletAmountMinor, currency, getLocale(locale).tag)
    : `${row.walletAmountMinor.toString()} ${currency}`
  const key =
    decision.status === 'completed'
      ? 'notifications_text.withdrawal_approved'
      : 'notifications_text.withdrawal_rejected'
  const values = { amount, ...(decision.status === 'rejected' && { reason: decision.reason }) }
  return text(key, values)
}

/**
 * An operator's decision on a pending withdrawal: the payout by the method's provider (payments),
 * the held money's move (ledger), the audit entry, the player's notification in their language
 * with the operator's wording (notifications, site), the header's balance (wallet).
 */
export function decideWithdrawalFlow(deps: DecideWithdrawalDeps): WithdrawalDecisions {
  const { db } = deps

  /** The player's texts for a decision on a withdrawal, read before its transaction. */
  async function decisionTexts(withdrawalId: string) {
    const locale = await withdrawalLocale(db, withdrawalId)
    return { locale, text: await textsIn(deps.messages, locale) }
  }

  async function notifyDecision(
    tx: Tx,
    notify: Notify,
    { locale, text }: { locale: string; text: Texts },
    row: PaymentRow,
    decision: Decision,
  ) {
    await notify(tx, {
      playerId: row.playerId,
      type: decision.status === 'completed' ? 'withdrawal_approved' : 'withdrawal_rejected',
      text: withdrawalNotificationText(text, locale, row, decision),
      url: `/${locale}/account/transactions/withdrawals`,
      durationS: decision.status === 'rejected' ? 10 : undefined,
    })
  }

  /** Tells the player's open pages the new balance; a failed push is only logged. */
  async function announceBalance(context: DecisionContext, row: PaymentRow) {
    try {
      await publishWallet(db, deps.bus, row.playerId, row.walletCurrency)
    } catch (error) {
      context.log.warn({ err: error, playerId: row.playerId }, 'balance update not pushed')
    }
  }

  /**
   * Approval (the second one when it needs two: `startApproval`): the provider pays it out, then the held money leaves to the provider's clearing
   * account and the row is completed, with an audit entry and the player's notification.
   *
   * Note: the provider is called outside any database transaction (it may be another company's
   * server). First the row is marked as being paid (the player can no longer cancel it), then the
   * provider pays with the row's id as its idempotency key, then the outcome is recorded. If the
   * process dies between the two, approving again asks the provider again with the same id and
   * gets the same payout, never a second one; the ledger's key `withdrawal_payout:<id>` makes the
   * transfer once. A failed payout clears the mark: the withdrawal stays pending and held.
   */
  async function approve(
    context: DecisionContext,
    payout: Payout,
    input: { operatorId: string; id: string; rule: Omit<ApprovalRule, 'rates'> },
  ): Promise<PaymentRow> {
    const started = await startApproval(db, input.id, {
      operatorId: input.operatorId,
      rule: input.rule,
      request: context.request,
    })
    // Four-eyes: the first of two approvals moves no money and tells the player nothing yet.
    if (started.kind === 'first_approval') return started.row
    const { row, provider, fields } = started
    const outcome = await payout(provider, {
      transactionId: row.id,
      playerId: row.playerId,
      methodId: row.methodId,
      currency: row.currency as CurrencyCode,
      amountMinor: row.amountMinor,
      fields,
    })
    if (outcome.status === 'failed') {
      await payoutFailed(db, context.request, row, {
        operatorId: input.operatorId,
        reason: outcome.reason,
      })
      throw new AppError('withdrawals.payout_failed')
    }

    const texts = await decisionTexts(row.id)
    const completed = await notifyAfterCommit({ bus: deps.bus, log: context.log }, (notify) =>
      inLedgerTransaction(db, async (tx) => {
        const current = await lockWithdrawal(tx, row.id)
        if (!current) throw new AppError('withdrawals.not_found')
        // Two approvals at once: the provider paid once (same id), the second finds it done.
        if (current.status !== 'pending') throw new AppError('withdrawals.not_pending')
        const currency = current.walletCurrency as CurrencyCode
        await moveHeld(tx, current, 'withdrawal_payout', 'clearing')
        const { [PAYOUT_STARTED_DETAIL]: _started, ...details } = current.details
        const completed = await finishWithdrawal(tx, current, 'completed', {
          details: { ...details, ...outcome.details },
          providerReference: outcome.providerReference,
        })
        await recordAudit(tx, context.request, {
          actorType: 'operator',
          actorId: input.operatorId,
          playerId: current.playerId,
          action: 'withdrawal.approved',
          details: {
            withdrawalId: current.id,
            amountMinor: current.walletAmountMinor.toString(),
            currency,
            providerReference: outcome.providerReference,
            ...(current.firstApproverId !== null && { firstApproverId: current.firstApproverId }),
          },
        })
        await notifyDecision(tx, notify, texts, completed, { status: 'completed' })
        return completed
      }),
    )
    await announceBalance(context, completed)
    return completed
  }

  /**
   * Rejection with a reason: the held money goes back to the player's cash, with an audit entry
   * and the player's notification. One already being paid out cannot be rejected (409): the
   * provider may have paid it.
   */
  async function reject(
    context: DecisionContext,
    input: { operatorId: string; id: string; reason: string },
  ): Promise<PaymentRow> {
    const texts = await decisionTexts(input.id)
    const rejected = await notifyAfterCommit({ bus: deps.bus, log: context.log }, (notify) =>
      inLedgerTransaction(db, async (tx) => {
        const row = await lockWithdrawal(tx, input.id)
        if (!row) throw new AppError('withdrawals.not_found')
        if (!canCancel(row)) throw new AppError('withdrawals.not_pending')
        await moveHeld(tx, row, 'withdrawal_release', 'cash')
        const rejected = await finishWithdrawal(tx, row, 'rejected', {
          details: { ...row.details, reason: input.reason },
        })
        await recordAudit(tx, context.request, {
          actorType: 'operator',
          actorId: input.operatorId,
          playerId: row.playerId,
          action: 'withdrawal.rejected',
          details: {
            withdrawalId: row.id,
            amountMinor: row.walletAmountMinor.toString(),
            currency: row.walletCurrency,
            reason: input.reason,
          },
        })
        await notifyDecision(tx, notify, texts, rejected, {
          status: 'rejected',
          reason: input.reason,
        })
        return rejected
      }),
    )
    await announceBalance(context, rejected)
    return rejected
  }

  return { approve, reject }
}
