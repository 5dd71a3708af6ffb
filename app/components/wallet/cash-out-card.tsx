import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { messageOf } from '#app/components/account/form-errors.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import { showToast } from '#app/state/toast-store.ts'
import type { WireTransaction } from '#server/modules/payments/payments.contract.ts'
import { cancelPendingTransaction } from './wallet-actions.ts'
import { paymentMethodName } from '#app/lib/payment-method-name.ts'

/** An amount of a transaction in its own currency. */
export function transactionAmount(
  transaction: Pick<WireTransaction, 'amount' | 'currency'>,
  localeTag: string,
): string {
  return isCurrencyCode(transaction.currency)
    ? formatMoney(transaction.amount, transaction.currency, localeTag)
    : `${transaction.amount} ${transaction.currency}`
}

/**
 * The pending cash-out (the newest pending withdrawal) with its Cancel button; the money
 * goes back to the wallet at once.
 */
export function CashOutCard({
  cashOut,
  localeTag,
  onCancelled,
}: {
  cashOut: WireTransaction
  localeTag: string
  onCancelled?: (() => void) | undefined
}) {
  const { t } = useTranslation()
  const [isBusy, setIsBusy] = useState(false)
  const cancel = async () => {
    setIsBusy(true)
    try {
      await cancelPendingTransaction(cashOut.id)
      showToast({ tone: 'success', title: t('cashier.withdraw.cancelled'), autoClose: 'short' })
      onCancelled?.()
    } catch (error) {
      showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
    } finally {
      setIsBusy(false)
    }
  }
  const date = new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-gold/40 bg-gold/10 p-4"
      data-testid="cash-out"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-xs font-semibold tracking-wider text-gold uppercase">
          {t('cashier.withdraw.pending_label')}
        </span>
        <span className="text-lg font-bold text-ink tabular-nums">
          {transactionAmount(cashOut, localeTag)}
        </span>
        <span className="text-xs text-ink-muted">
          {paymentMethodName(t, cashOut)} · {date.format(new Date(cashOut.created_at))}
        </span>
      </div>
      {cashOut.can_cancel ? (
        <Button type="button" variant="secondary" isBusy={isBusy} onClick={() => void cancel()}>
          {t('cashier.withdraw.cancel')}
        </Button>
      ) : null}
    </div>
  )
}
