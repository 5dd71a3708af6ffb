import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { formatRelativeTime } from '#app/lib/format/relative-time.ts'
import { showToast } from '#app/state/toast-store.ts'
import { useModalStore } from '#app/state/modal-store.ts'
import { useUserStore } from '#app/state/user-store.ts'
import type { PlayerBonus } from '#server/modules/bonuses/bonuses.contract.ts'
import { cancelBonus, loadBonusTerms, type BonusTerms } from './bonuses-actions.ts'
import type { BonusFormat } from './bonuses-format.ts'
import { messageOf } from './form-errors.ts'
import { StatusBadge } from './status-badge.tsx'

const CANCEL_DIALOG = 'bonus-cancel'

/**
 * The active bonus: what was granted, what is left in the bonus balance, the wagering bar (moved
 * live by the socket's `bonusUpdate`), when it expires, the maximum bet, which games count, and
 * cancelling it after saying exactly what is forfeited and what is kept.
 */
export function ActiveBonusCard({
  bonus,
  format,
  locale,
  localeTag,
}: {
  bonus: PlayerBonus
  format: BonusFormat
  locale: string
  localeTag: string
}) {
  const { t } = useTranslation()
  const [isConfirming, setIsConfirming] = useState(false)
  const money = (minor: string) => format.money(minor, bonus.currency)
  const progressLabel = t('bonuses.wagering_progress', {
    wagered: money(bonus.wagered),
    required: money(bonus.wagering_required),
    left: money(bonus.wagering_left),
  })
  return (
    <section
      aria-labelledby="active-bonus-title"
      data-testid="active-bonus"
      className="flex flex-col gap-5 rounded-2xl border border-gold/40 bg-surface-raised p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <span className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
            {t('bonuses.active_title')}
          </span>
          <h2 id="active-bonus-title" className="text-lg font-bold text-ink">
            {t(`bonuses.code.${bonus.code}`)}
          </h2>
        </div>
        <StatusBadge tone="success">{t('bonuses.status.active')}</StatusBadge>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={t('bonuses.amount')} value={money(bonus.amount)} />
        <Figure label={t('bonuses.balance')} value={money(bonus.balance)} testId="bonus-balance" />
        <Figure label={t('bonuses.max_bet')} value={money(bonus.max_bet)} />
        {bonus.expires_at ? (
          <Figure
            label={t('bonuses.expires')}
            value={formatRelativeTime(new Date(bonus.expires_at), {
              now: Date.now(),
              localeTag,
              justNow: t('time.just_now'),
            })}
            detail={format.date(bonus.expires_at)}
          />
        ) : null}
      </dl>

      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-semibold text-ink">{t('bonuses.wagering')}</span>
          <span className="font-bold text-gold tabular-nums">
            {format.percent(bonus.wagering_percent)}
          </span>
        </div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={bonus.wagering_percent}
          aria-valuetext={progressLabel}
          aria-label={t('bonuses.wagering')}
          data-testid="wagering-bar"
          className="h-3 overflow-hidden rounded-full bg-line"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-gold-soft to-gold-strong transition-[width] duration-500 rtl:bg-gradient-to-l"
            style={{ width: `${String(bonus.wagering_percent)}%` }}
          />
        </div>
        <p className="text-sm text-ink-muted tabular-nums" data-testid="wagering-text">
          {progressLabel}
        </p>
        <p className="text-xs text-ink-muted">
          {t('bonuses.max_bet_text', { amount: money(bonus.max_bet) })}
        </p>
      </div>

      <Contributions currency={bonus.currency} format={format} />

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <AppLink to={`/${locale}/bonus-terms/`} className="text-sm font-semibold text-gold">
          {t('bonuses.terms_link')}
        </AppLink>
        <Button
          type="button"
          variant="secondary"
          onClick={() => setIsConfirming(true)}
          data-testid="cancel-bonus"
        >
          {t('bonuses.cancel')}
        </Button>
      </div>
      {isConfirming ? (
        <CancelDialog bonus={bonus} format={format} onClosed={() => setIsConfirming(false)} />
      ) : null}
    </section>
  )
}

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string
  value: string
  detail?: string
  testId?: string
}) {
  return (
    <div className="flex flex-col gap-0.5 rounded-xl border border-line bg-surface p-3">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="font-bold text-ink tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail ? <dd className="text-xs text-ink-muted">{detail}</dd> : null}
    </div>
  )
}

/** Which games count toward wagering, from the live rules (`GET /bonus/terms`). */
function Contributions({ currency, format }: { currency: string; format: BonusFormat }) {
  const { t } = useTranslation()
  const [terms, setTerms] = useState<BonusTerms | null>(null)
  const [hasFailed, setHasFailed] = useState(false)
  useEffect(() => {
    let isCurrent = true
    loadBonusTerms(currency)
      .then((answer) => {
        if (isCurrent) setTerms(answer)
      })
      .catch((error: unknown) => {
        console.warn('bonus terms', error)
        if (isCurrent) setHasFailed(true)
      })
    return () => {
      isCurrent = false
    }
  }, [currency])
  const counted = terms?.contributions
    .filter((entry) => entry.percent > 0)
    .sort((a, b) => b.percent - a.percent)
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink">{t('bonuses.games_title')}</h3>
      {hasFailed ? (
        <p className="text-sm text-ink-muted">{t('bonuses.games_failed')}</p>
      ) : !counted ? (
        <p className="text-sm text-ink-muted" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2" data-testid="bonus-contributions">
            {counted.map((entry) => (
              <li
                key={entry.category}
                className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink"
              >
                {t(`lobby.category.${entry.category}`, { defaultValue: entry.category })}{' '}
                <span className="font-bold text-gold tabular-nums">
                  {format.percent(entry.percent)}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-ink-muted">{t('bonuses.games_note')}</p>
        </>
      )}
    </div>
  )
}

/** Says what cancelling forfeits (the bonus balance) and what it keeps (cash), then does it. */
function CancelDialog({
  bonus,
  format,
  onClosed,
}: {
  bonus: PlayerBonus
  format: BonusFormat
  onClosed: () => void
}) {
  const { t } = useTranslation()
  const cash = useUserStore(
    (state) => state.wallet.all.find((entry) => entry.currency_id === bonus.currency)?.cents,
  )
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const close = () => useModalStore.getState().close(CANCEL_DIALOG)
  const forfeited = format.money(bonus.balance, bonus.currency)
  const confirm = async () => {
    setIsBusy(true)
    setError(null)
    try {
      await cancelBonus(bonus.id)
      showToast({ tone: 'success', title: t('bonuses.cancelled_toast'), autoClose: 'short' })
      close()
    } catch (caught) {
      setError(messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <Dialog id={CANCEL_DIALOG} title={t('bonuses.cancel_title')} onClosed={onClosed} size="sm">
      <div className="flex flex-col gap-4" data-testid="cancel-bonus-dialog">
        <ul className="flex flex-col gap-2 text-sm">
          <li className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-ink">
            {t('bonuses.cancel_forfeit', { amount: forfeited })}
          </li>
          <li className="rounded-xl border border-line bg-surface p-3 text-ink">
            {cash === undefined
              ? t('bonuses.cancel_keep_cash')
              : t('bonuses.cancel_keep_cash_amount', {
                  amount: format.money(cash, bonus.currency),
                })}
          </li>
        </ul>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="secondary" className="flex-1" onClick={close} autoFocus>
            {t('bonuses.cancel_keep')}
          </Button>
          <Button
            type="button"
            className="flex-1"
            isBusy={isBusy}
            onClick={() => void confirm()}
            data-testid="confirm-cancel-bonus"
          >
            {t('bonuses.cancel_confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
