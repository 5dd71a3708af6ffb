import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { errorText, useLocaleTag } from '#app/lib/fairness-play.ts'
import { logOut } from '#app/state/session-actions.ts'
import { readRealityCheckSummary, type RealityCheckSummary } from './protection-calls.ts'
import { formatPlayedTime, netResult, summaryMoney } from './reality-check-rules.ts'

type Summary =
  { status: 'loading' } | { status: 'ready'; summary: RealityCheckSummary } | { status: 'failed' }

/**
 * The reality check (issue 26): time played and the money result since the sign-in, and the
 * player's answer: Continue (the game goes on and the next check is set), their game history, or
 * sign out. It needs an answer: no close button, and Escape or a click outside does nothing.
 */
export function RealityCheckDialog({
  locale,
  onContinue,
}: {
  locale: string
  /** Sends the player's Continue; the dialog closes once it is taken. */
  onContinue: () => Promise<void>
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [summary, setSummary] = useState<Summary>({ status: 'loading' })
  const [isSending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(() => {
    setSummary({ status: 'loading' })
    readRealityCheckSummary()
      .then((answer) => setSummary({ status: 'ready', summary: answer }))
      .catch(() => setSummary({ status: 'failed' }))
  }, [])
  useEffect(load, [load])

  const answerContinue = () => {
    setSending(true)
    setError(null)
    onContinue().catch((cause: unknown) => {
      setError(errorText(cause, t('game_ui.error')))
      setSending(false)
    })
  }

  return (
    <Dialog
      id="reality-check"
      role="alertdialog"
      isDismissible={false}
      title={t('reality_check.title')}
      description={t('reality_check.intro')}
      // Only Continue or leaving the page ends it; the registry never closes it on its own.
      onClosed={() => undefined}
    >
      <div className="flex flex-col gap-4" data-testid="reality-check">
        {summary.status === 'ready' ? (
          <Figures summary={summary.summary} />
        ) : summary.status === 'failed' ? (
          <LoadError
            text={t('reality_check.load_failed')}
            retryLabel={t('common.retry')}
            onRetry={load}
          />
        ) : (
          <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:flex-wrap">
          <Button
            onClick={answerContinue}
            isBusy={isSending}
            className="sm:flex-1"
            data-testid="reality-check-continue"
          >
            {t('reality_check.continue')}
          </Button>
          <Link
            to={`/${locale}/account/game-history/`}
            className={`${buttonClassName('secondary')} sm:flex-1`}
            data-testid="reality-check-history"
          >
            {t('reality_check.history')}
          </Link>
          <Button
            variant="ghost"
            className="sm:flex-1"
            onClick={() => void logOut(t, () => navigate(`/${locale}/`))}
            data-testid="reality-check-sign-out"
          >
            {t('auth.logout')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}

function Figures({ summary }: { summary: RealityCheckSummary }) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const money = (minor: string | bigint) => summaryMoney(BigInt(minor), summary.currency, localeTag)
  const net = netResult(summary.net)
  const played = formatPlayedTime(summary.elapsed_seconds, localeTag)
  return (
    <>
      <p className="text-base text-ink" data-testid="reality-check-played">
        {t('reality_check.played', { time: played })}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="col-span-2 rounded-xl bg-surface-sunken p-3">
          <dt className="text-xs text-ink-muted">{t('reality_check.net')}</dt>
          <dd
            className={`text-lg font-extrabold ${net.direction === 'up' ? 'text-success' : net.direction === 'down' ? 'text-danger' : 'text-ink'}`}
            data-testid="reality-check-net"
          >
            {t(`reality_check.net_${net.direction}`, { amount: money(net.amount) })}
          </dd>
        </div>
        <div className="rounded-xl bg-surface-sunken p-3">
          <dt className="text-xs text-ink-muted">{t('reality_check.staked')}</dt>
          <dd className="font-bold text-ink tabular-nums">{money(summary.staked)}</dd>
        </div>
        <div className="rounded-xl bg-surface-sunken p-3">
          <dt className="text-xs text-ink-muted">{t('reality_check.won')}</dt>
          <dd className="font-bold text-ink tabular-nums">{money(summary.won)}</dd>
        </div>
        <div className="col-span-2 rounded-xl bg-surface-sunken p-3">
          <dt className="text-xs text-ink-muted">{t('reality_check.bets')}</dt>
          <dd className="font-bold text-ink tabular-nums">
            {new Intl.NumberFormat(localeTag).format(summary.bets)}
          </dd>
        </div>
      </dl>
    </>
  )
}
