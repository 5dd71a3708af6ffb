import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { useUserStore } from '#app/state/user-store.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import type { Outcome } from './payment-outcome.ts'
import { BankInstructions, CryptoInstructions, ResultHeading, Waiting } from './payment-result.tsx'
import { ProviderFrame } from './provider-frame.tsx'
import { useTransactionWatch } from './transaction-watch.ts'

/**
 * A deposit's result: success, declined, the card provider's 3-D Secure page, crypto or bank
 * details, or pending. A result still waiting for the payment watches the transaction.
 */
export function DepositOutcome({
  outcome,
  sentAmount,
  locale,
  localeTag,
  onSettled,
  onTryAgain,
  onDone,
}: {
  outcome: Outcome
  sentAmount: string | null
  locale: string
  localeTag: string
  onSettled: Parameters<typeof useTransactionWatch>[1]
  onTryAgain: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const current = useUserStore((state) => state.wallet.current)
  const [isChallengeAnswered, setIsChallengeAnswered] = useState(false)
  const isWaiting =
    outcome.kind === 'send_crypto' ||
    outcome.kind === 'bank_transfer' ||
    outcome.kind === 'three_ds' ||
    outcome.kind === 'pending'
  const checkNow = useTransactionWatch(isWaiting ? outcome.transactionId : null, onSettled)
  switch (outcome.kind) {
    case 'success':
      return (
        <div className="flex flex-col gap-5">
          <ResultHeading
            tone="success"
            testId="deposit-success"
            title={t('cashier.success_title')}
            text={
              current && isCurrencyCode(current.currency_id)
                ? t('cashier.new_balance', {
                    balance: formatMoney(current.cents, current.currency_id, localeTag),
                  })
                : undefined
            }
          />
          <Button type="button" onClick={onDone} autoFocus>
            {t('cashier.done')}
          </Button>
        </div>
      )
    case 'declined':
      return (
        <div className="flex flex-col gap-5">
          <ResultHeading
            tone="danger"
            testId="deposit-declined"
            title={t('cashier.declined_title')}
            text={outcome.reason ?? t('cashier.declined_text')}
          />
          <div className="flex gap-3">
            <Button type="button" variant="secondary" onClick={onDone}>
              {t('cashier.close')}
            </Button>
            <Button type="button" className="flex-1" onClick={onTryAgain} autoFocus>
              {t('cashier.try_again')}
            </Button>
          </div>
        </div>
      )
    case 'three_ds':
      // The provider's page decides; it tells the casino, and the deposit is watched here.
      return (
        <div className="flex flex-col gap-4" data-testid="three-ds">
          <p className="text-sm text-ink-muted">{t('cashier.three_ds.text')}</p>
          <ProviderFrame
            url={outcome.url}
            locale={locale}
            title={t('cashier.three_ds.title')}
            onChallengeDone={() => {
              setIsChallengeAnswered(true)
              checkNow()
            }}
            testId="three-ds-frame"
          />
          {isChallengeAnswered ? <Waiting text={t('cashier.three_ds.waiting')} /> : null}
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.close')}
          </Button>
        </div>
      )
    case 'send_crypto':
      return (
        <div className="flex flex-col gap-4">
          <CryptoInstructions action={outcome.action}>
            <Waiting text={t('cashier.crypto.waiting')} />
          </CryptoInstructions>
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.close')}
          </Button>
        </div>
      )
    case 'bank_transfer':
      return (
        <div className="flex flex-col gap-4">
          <BankInstructions action={outcome.action} amount={sentAmount} />
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.done')}
          </Button>
        </div>
      )
    case 'pending':
    case 'cancelled':
      return (
        <div className="flex flex-col gap-5">
          <ResultHeading
            tone="pending"
            testId="deposit-pending"
            title={t('cashier.pending_title')}
            text={t('cashier.pending_text')}
          />
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('cashier.close')}
          </Button>
        </div>
      )
  }
}
