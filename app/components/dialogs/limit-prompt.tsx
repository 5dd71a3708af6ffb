import { useId, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { checkAmount } from '#app/components/deposit/amount-check.ts'
import { messageOf } from '#app/components/account/form-errors.ts'
import { apiFetch } from '#app/lib/api.ts'
import { useProtection } from '#app/lib/use-protection.ts'
import { showToast } from '#app/state/toast-store.ts'
import type { CurrencyCode } from '#common/money.ts'

const PERIODS = ['day', 'week', 'month'] as const
type Period = (typeof PERIODS)[number]

/**
 * The deposit-limit prompt, asked once: right after sign-up and, until answered, when the deposit
 * dialog opens. Setting a limit (`POST /player/deposit-limits`, which also answers the prompt) or
 * declining (`POST /player/protection/limit-prompt`) both end it for good; `onAnswered` then
 * closes it or goes on to the deposit.
 */
export function LimitPrompt({
  currency,
  localeTag,
  onAnswered,
}: {
  /** The wallet currency the limit counts in. */
  currency: CurrencyCode
  localeTag: string
  onAnswered: () => void
}) {
  const { t } = useTranslation()
  const { send, reload } = useProtection()
  const periodId = useId()
  const amountId = useId()
  const amountErrorId = useId()
  const [period, setPeriod] = useState<Period>('day')
  const [amount, setAmount] = useState('')
  const [amountError, setAmountError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | undefined>()
  const [busy, setBusy] = useState<'set' | 'decline' | null>(null)

  const setLimit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = checkAmount(amount, currency, { min: 1n, max: 10n ** 20n }, t, localeTag)
    if ('error' in checked) {
      setAmountError(checked.error)
      return
    }
    setBusy('set')
    setFormError(undefined)
    try {
      await apiFetch('/player/deposit-limits', {
        method: 'POST',
        body: { kind: 'deposit', period, amount: checked.minor.toString() },
      })
      // Setting a deposit limit answered the prompt on the server; the state says so now.
      await reload()
      showToast({ tone: 'success', title: t('cashier.limits.saved'), autoClose: 'short' })
      onAnswered()
    } catch (caught) {
      setFormError(messageOf(caught, t('auth.something_went_wrong')))
      setBusy(null)
    }
  }
  const decline = async () => {
    setBusy('decline')
    setFormError(undefined)
    try {
      await send('limit-prompt', { method: 'POST', body: { answer: 'declined' } })
      onAnswered()
    } catch (caught) {
      setFormError(messageOf(caught, t('auth.something_went_wrong')))
      setBusy(null)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void setLimit(event)}
      className="flex flex-col gap-4"
      data-testid="limit-prompt"
    >
      <p className="text-sm text-ink">{t('protection.prompt.text')}</p>
      <div className="grid gap-3 xsm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={periodId} className="text-sm font-medium text-ink">
            {t('protection.prompt.period_label')}
          </label>
          <select
            id={periodId}
            name="period"
            autoFocus
            value={period}
            onChange={(event) => setPeriod(event.target.value as Period)}
            className="min-h-11 rounded-xl border border-line bg-surface px-3.5 text-base text-ink focus:border-gold focus:outline-none"
          >
            {PERIODS.map((option) => (
              <option key={option} value={option}>
                {t(`cashier.limits.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={amountId} className="text-sm font-medium text-ink">
            {t('protection.prompt.amount_label', { currency })}
          </label>
          <input
            id={amountId}
            name="amount"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? amountErrorId : undefined}
            onChange={(event) => {
              setAmount(event.target.value)
              setAmountError(undefined)
            }}
            className="min-h-11 rounded-xl border border-line bg-surface px-3.5 text-base text-ink tabular-nums focus:border-gold focus:outline-none aria-invalid:border-danger"
          />
          {amountError ? (
            <p id={amountErrorId} className="text-xs text-danger">
              {amountError}
            </p>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-ink-muted">{t('protection.prompt.rule')}</p>
      {formError ? (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 xsm:flex-row">
        <Button type="submit" isBusy={busy === 'set'} disabled={busy !== null} className="flex-1">
          {t('protection.prompt.set')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          isBusy={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void decline()}
          className="flex-1"
          data-testid="limit-prompt-decline"
        >
          {t('protection.prompt.decline')}
        </Button>
      </div>
    </form>
  )
}
