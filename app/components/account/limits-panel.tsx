import { useCallback, useEffect, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { checkAmount } from '#app/components/deposit/amount-check.ts'
import { apiFetch } from '#app/lib/api.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { showToast } from '#app/state/toast-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { messageOf } from './form-errors.ts'

/** One period's limit as `GET /player/deposit-limits` answers it. */
interface PlayerLimit {
  period: 'day' | 'week' | 'month'
  amount: string | null
  pending_amount: string | null
  pending_from: string | null
  /** For a loss limit the net loss, negative while the player is ahead. */
  used: string
}
interface LimitsAnswer {
  currency: string
  /** Deposit limits. */
  limits: PlayerLimit[]
  loss: PlayerLimit[]
  wager: PlayerLimit[]
}
type LimitKind = 'deposit' | 'wager' | 'loss'
const KINDS: LimitKind[] = ['deposit', 'wager', 'loss']

const limitsOf = (answer: LimitsAnswer, kind: LimitKind) =>
  kind === 'deposit' ? answer.limits : answer[kind]

/**
 * The player's limits per day, week and month, on the cabinet's dashboard:
 * deposits, stakes (wager) and net loss, each with what is in force, how much of it is used, and
 * a raise or removal waiting its 24 hours. Lowering applies at once. The server enforces them;
 * this only shows and edits them.
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
      console.warn('player limits', error)
      setStatus('error')
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])
  const currency = answer && isCurrencyCode(answer.currency) ? answer.currency : null
  const hasNone =
    answer !== null && KINDS.every((kind) => limitsOf(answer, kind).every((l) => !l.amount))
  return (
    <AccountPanel
      title={t('cashier.limits.panel_title')}
      description={t('cashier.limits.panel_text')}
    >
      {status === 'error' ? (
        <LoadError
          text={t('cashier.limits.load_failed_all')}
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
        <div className="flex flex-col gap-6">
          {hasNone ? (
            <p className="text-sm text-ink-muted" data-testid="limits-none">
              {t('cashier.limits.none_set')}
            </p>
          ) : null}
          {KINDS.map((kind) => (
            <section
              key={kind}
              aria-labelledby={`limits-${kind}-title`}
              className="flex flex-col gap-3"
            >
              <div className="flex flex-col gap-0.5">
                <h3 id={`limits-${kind}-title`} className="text-base font-semibold text-ink">
                  {kind === 'deposit'
                    ? t('cashier.limits.title')
                    : t(`cashier.limits.${kind}_title`)}
                </h3>
                <p className="text-xs text-ink-muted">{t(`cashier.limits.${kind}_text`)}</p>
              </div>
              <ul
                className="grid gap-3 md:grid-cols-3"
                data-testid={kind === 'deposit' ? 'deposit-limits' : `${kind}-limits`}
              >
                {limitsOf(answer, kind).map((limit) => (
                  <li key={limit.period}>
                    <LimitCard
                      kind={kind}
                      limit={limit}
                      currency={currency}
                      localeTag={localeTag}
                      onSaved={setAnswer}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </AccountPanel>
  )
}

const SAVED_KEY: Record<LimitKind, string> = {
  deposit: 'cashier.limits.saved',
  wager: 'cashier.limits.saved_wager',
  loss: 'cashier.limits.saved_loss',
}

function LimitCard({
  kind,
  limit,
  currency,
  localeTag,
  onSaved,
}: {
  kind: LimitKind
  limit: PlayerLimit
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
  const used = BigInt(limit.used)
  // A loss limit's net loss is negative while the player is ahead: nothing of it is used.
  const usedShare =
    limit.amount !== null && BigInt(limit.amount) > 0n && used > 0n
      ? Number((used * 100n) / BigInt(limit.amount))
      : 0

  const save = async (amount: string | null) => {
    setIsBusy(true)
    setError(undefined)
    try {
      const { data } = await apiFetch<{ data: LimitsAnswer }>('/player/deposit-limits', {
        method: 'POST',
        body: { kind, period: limit.period, amount },
      })
      onSaved(data)
      setIsEditing(false)
      showToast({ tone: 'success', title: t(SAVED_KEY[kind]), autoClose: 'short' })
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
      data-testid={kind === 'deposit' ? `limit-${limit.period}` : `${kind}-limit-${limit.period}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h4 className="text-sm font-semibold text-ink">{t(`cashier.limits.${limit.period}`)}</h4>
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
            {used < 0n
              ? t('cashier.limits.ahead', { amount: money((-used).toString()) })
              : t('cashier.limits.used', { used: money(limit.used), limit: money(limit.amount) })}
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
