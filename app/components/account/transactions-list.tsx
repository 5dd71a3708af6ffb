import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { transactionAmount } from '#app/components/wallet/cash-out-card.tsx'
import { cancelPendingTransaction } from '#app/components/wallet/wallet-actions.ts'
import { showToast } from '#app/state/toast-store.ts'
import type { WireTransaction } from '#server/modules/payments/payments.contract.ts'
import { messageOf } from './form-errors.ts'
import { StatusBadge } from './status-badge.tsx'
import { paymentMethodName } from '#app/lib/payment-method-name.ts'

const TONES = {
  pending: 'pending',
  completed: 'success',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'muted',
} as const

/** Rows of deposits or withdrawals: method, time, amount, status, and Cancel while pending. */
export function TransactionsList({
  transactions,
  localeTag,
  onChanged,
}: {
  transactions: readonly WireTransaction[]
  localeTag: string
  onChanged: () => void
}) {
  const date = new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <ul
      className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface-raised"
      data-testid="transactions-list"
    >
      {transactions.map((transaction) => (
        <li key={transaction.id}>
          <TransactionRow
            transaction={transaction}
            localeTag={localeTag}
            when={date.format(new Date(transaction.created_at))}
            onChanged={onChanged}
          />
        </li>
      ))}
    </ul>
  )
}

function TransactionRow({
  transaction,
  localeTag,
  when,
  onChanged,
}: {
  transaction: WireTransaction
  localeTag: string
  when: string
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const [isBusy, setIsBusy] = useState(false)
  const cancel = async () => {
    setIsBusy(true)
    try {
      await cancelPendingTransaction(transaction.id)
      showToast({ tone: 'success', title: t('cashier.withdraw.cancelled'), autoClose: 'short' })
      onChanged()
    } catch (error) {
      showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
    } finally {
      setIsBusy(false)
    }
  }
  const isConverted = transaction.wallet_currency !== transaction.currency
  const methodName = paymentMethodName(t, transaction)
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4"
      data-testid="transaction-row"
      data-status={transaction.status}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate text-sm font-semibold text-ink">{methodName}</span>
        <span className="text-xs text-ink-muted">{when}</span>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="text-sm font-bold text-ink tabular-nums" dir="ltr">
          {transaction.type === 'withdrawal' ? '−' : '+'}
          {transactionAmount(transaction, localeTag)}
        </span>
        {isConverted ? (
          <span className="text-xs text-ink-muted tabular-nums">
            {transactionAmount(
              { amount: transaction.wallet_amount, currency: transaction.wallet_currency },
              localeTag,
            )}
          </span>
        ) : null}
      </div>
      <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
        <StatusBadge tone={TONES[transaction.status]}>
          {transaction.next_action?.type === 'operator_review'
            ? t('cashier.status.review')
            : t(`cashier.status.${transaction.status}`)}
        </StatusBadge>
        {transaction.can_cancel ? (
          <Button
            type="button"
            variant="secondary"
            isBusy={isBusy}
            onClick={() => void cancel()}
            className="min-h-9 px-3"
          >
            {t('cashier.withdraw.cancel')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
