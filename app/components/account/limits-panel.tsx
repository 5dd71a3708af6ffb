import { useCallback, useEffect, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { checkAmount } from '#app/components/deposit/amount-check.ts'
import { apiFetch } from '#app/lib/api.ts'
import { formatMoney, isCurrencyCode, type CurrencyCode } from '#app/lib/format-money.ts'
import { showToast } from '#app/state/toast-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { messageOf } from './form-errors.ts'

/** One period's limit as `GET /player/deposit-limits` answers it. */
interface DepositLimit {
  period: 'day' | 'week' | 'month'
  amount: string | null
  pending_amount: string | null
  pending_from: string | null
  used: string
}
interface LimitsAnswer {
  currency: string
  limits: DepositLimit[]
}

/**
 * Deposit limits per day, week and month (decisions §7), on the cabinet's dashboard: what is in
 * force, how much of it is used, and a raise or removal waiting its 24 hours. Lowering applies at
 * once.
 */
export function LimitsPanel({ localeTag }: { localeTag: string }) {
  const { t } = useTranslation()
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [answer, setAnswer] = useState<LimitsAnswer | null>(null)
  const load = useCallback(async () => {
    try {
      const { data } = await apiFetch<{ data: LimitsAnswer }>('/player/deposit-limits')
      setAnswer(data)
      setStatus('ready')
    } catch (error) {
      console.warn('deposit limits', error)
      setStatus('error')
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])
  const currency = answer && isCurrencyCode(answer.currency) ? answer.currency : null
  return (
    <AccountPanel title={t('cashier.limits.title')} description={t('cashier.limits.text')}>
      {status === 'error' ? (
        <LoadError
          text={t('cashier.limits.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => {
            setStatus('loading')
            void load()
          }}
        />
      ) : !answer || !currency ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-3 md:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-36 rounded-2xl" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-3 md:grid-cols-3" data-testid="deposit-limits">
          {answer.limits.map((limit) => (
            <li key={limit.period}>
              <LimitCard
                limit={limit}
                currency={currency}
                localeTag={localeTag}
                onSaved={setAnswer}
              />
            </li>
          ))}
        </ul>
      )}
    </AccountPanel>
  )
}

function LimitCard({
  limit,
  currency,
  localeTag,
  onSaved,
}: {
  limit: DepositLimit
  currency: CurrencyCode
  localeTag: string
  onSaved: (answer: LimitsAnswer) => void
}) {
  const { t } = useTranslation()
  const [isEditing, setIsEditing] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [isBusy, setIsBusy] = useState(false)
  const money = (minor: string) => formatMoney(minor, currency, localeTag)
  const when = (iso: string) =>
    new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    )
  const usedShare =
    limit.amount !== null && BigInt(limit.amount) > 0n
      ? Number((BigInt(limit.used) * 100n) / BigInt(limit.amount))
      : 0

  const save = async (amount: string | null) => {
    setIsBusy(true)
    setError(undefined)
    try {
      const { data } = await apiFetch<{ data: LimitsAnswer }>('/player/deposit-limits', {
        method: 'POST',
        body: { period: limit.period, amount },
      })
      onSaved(data)
      setIsEditing(false)
      showToast({ tone: 'success', title: t('cashier.limits.saved'), autoClose: 'short' })
    } catch (caught) {
      setError(messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setIsBusy(false)
    }
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = checkAmount(text, currency, { min: 1n, max: 10n ** 20n }, t, localeTag)
    if ('error' in checked) {
      setError(checked.error)
      return
    }
    void save(checked.minor.toString())
  }

  return (
    <div
      className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid={`limit-${limit.period}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink">{t(`cashier.limits.${limit.period}`)}</h3>
        <span className="text-base font-bold text-ink tabular-nums">
          {limit.amount === null ? t('cashier.limits.none') : money(limit.amount)}
        </span>
      </div>
      {limit.amount !== null ? (
        <div className="flex flex-col gap-1">
          <div
            className="h-1.5 overflow-hidden rounded-full bg-line"
            role="progressbar"
            aria-label={t('cashier.limits.used_label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, usedShare)}
          >
            <div
              className="h-full rounded-full bg-gold"
              style={{ width: `${String(Math.min(100, usedShare))}%` }}
            />
          </div>
          <span className="text-xs text-ink-muted">
            {t('cashier.limits.used', { used: money(limit.used), limit: money(limit.amount) })}
          </span>
        </div>
      ) : null}
      {limit.pending_from ? (
        <p
          className="rounded-lg bg-gold/10 px-2.5 py-1.5 text-xs text-ink"
          data-testid="limit-pending"
        >
          {limit.pending_amount === null
            ? t('cashier.limits.pending_removal', { date: when(limit.pending_from) })
            : t('cashier.limits.pending_raise', {
                amount: money(limit.pending_amount),
                date: when(limit.pending_from),
              })}
        </p>
      ) : null}
      {isEditing ? (
        <form noValidate onSubmit={submit} className="mt-auto flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
            {t('cashier.limits.new_limit', { currency })}
            <input
              inputMode="decimal"
              dir="ltr"
              autoFocus
              value={text}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setText(event.target.value)}
              className="min-h-10 rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink tabular-nums focus:border-gold focus:outline-none aria-invalid:border-danger"
            />
          </label>
          {error ? (
            <p role="alert" className="text-xs text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isBusy={isBusy} className="min-h-10 flex-1 px-3">
              {t('cashier.limits.save')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="min-h-10 px-3"
              onClick={() => {
                setIsEditing(false)
                setError(undefined)
              }}
            >
              {t('cashier.limits.cancel')}
            </Button>
          </div>
          <p className="text-[0.6875rem] text-ink-muted">{t('cashier.limits.rule')}</p>
        </form>
      ) : (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            className="min-h-10 flex-1 px-3"
            onClick={() => {
              setText('')
              setIsEditing(true)
            }}
          >
            {limit.amount === null ? t('cashier.limits.set') : t('cashier.limits.change')}
          </Button>
          {limit.amount !== null && limit.pending_from === null ? (
            <Button
              type="button"
              variant="ghost"
              className="min-h-10 px-3"
              isBusy={isBusy}
              onClick={() => void save(null)}
            >
              {t('cashier.limits.remove')}
            </Button>
          ) : null}
        </div>
      )}
      {!isEditing && error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
