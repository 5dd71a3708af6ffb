import { useEffect, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LoadError, SkeletonList } from '#app/components/ui/skeleton.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { formatRelativeTime } from '#app/lib/format/relative-time.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { showToast } from '#app/state/toast-store.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { getLocale } from '#common/locales.ts'
import type { BonusStatus } from '#common/bonus-rules.ts'
import type { PlayerBonus } from '#server/modules/bonuses/bonuses.contract.ts'
import { AccountPanel } from './account-panel.tsx'
import { ActiveBonusCard } from './bonuses-active-card.tsx'
import { activateBonus, activateBonusCode, cancelBonus, loadBonuses } from './bonuses-actions.ts'
import { bonusFormat, type BonusFormat } from './bonuses-format.ts'
import { FreeSpinsPanel } from './free-spins-panel.tsx'
import { messageOf } from './form-errors.ts'
import { StatusBadge } from './status-badge.tsx'

/**
 * The cabinet's Bonuses tab: the active bonus, offers waiting for a deposit or for the active one
 * to end, a bonus code form and the history. The lists are the user store's, kept live by the
 * socket; this tab only draws them and sends the player's choices.
 */
export function BonusesTab() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const format = bonusFormat(localeTag)
  const status = useUserStore((state) => state.bonusesStatus)
  const { activeBonuses, oldBonuses } = useUserStore((state) => state.bonuses)
  const isAuthenticated = useUserStore((state) => state.isAuthenticated)
  const failed = t('bonuses.load_failed')

  useEffect(() => {
    if (isAuthenticated && status === 'idle') void loadBonuses(failed)
  }, [isAuthenticated, status, failed])

  const active = activeBonuses.find((bonus) => bonus.status === 'active')
  const offers = activeBonuses.filter((bonus) => bonus.status === 'offered')
  const hasAny = activeBonuses.length > 0 || oldBonuses.length > 0

  if (!hasAny && status === 'error') {
    return (
      <LoadError
        text={failed}
        retryLabel={t('common.retry')}
        onRetry={() => void loadBonuses(failed)}
      />
    )
  }
  if (!hasAny && status !== 'ready') {
    return <SkeletonList rows={3} label={t('common.loading')} />
  }
  return (
    <div className="flex flex-col gap-6" data-testid="bonuses-tab">
      {active ? (
        <ActiveBonusCard bonus={active} format={format} locale={locale} localeTag={localeTag} />
      ) : (
        <EmptyState
          title={t('bonuses.none_title')}
          text={t('bonuses.none_text')}
          action={
            <AppLink to={`/${locale}/promotions/`} className={buttonClassName('secondary')}>
              {t('bonuses.promotions_link')}
            </AppLink>
          }
        />
      )}
      {offers.length > 0 ? (
        <AccountPanel title={t('bonuses.offers_title')} description={t('bonuses.offers_text')}>
          <ul className="flex flex-col gap-3" data-testid="bonus-offers">
            {offers.map((offer) => (
              <li key={offer.id}>
                <OfferRow
                  offer={offer}
                  format={format}
                  localeTag={localeTag}
                  hasActive={!!active}
                />
              </li>
            ))}
          </ul>
        </AccountPanel>
      ) : null}
      <FreeSpinsPanel locale={locale} format={format} />
      <CodeForm />
      <AccountPanel title={t('bonuses.history_title')}>
        {oldBonuses.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('bonuses.history_empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" data-testid="bonus-history">
            {oldBonuses.map((bonus) => (
              <li key={bonus.id}>
                <HistoryRow bonus={bonus} format={format} />
              </li>
            ))}
          </ul>
        )}
      </AccountPanel>
    </div>
  )
}

/**
 * An offer: a claimed code waiting for its deposit says what to deposit and opens the deposit
 * dialog; a bonus granted while another was active (its amount fixed) can be activated once that
 * one has ended. Either can be declined.
 */
function OfferRow({
  offer,
  format,
  localeTag,
  hasActive,
}: {
  offer: PlayerBonus
  format: BonusFormat
  localeTag: string
  hasActive: boolean
}) {
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  const [busy, setBusy] = useState<'activate' | 'decline' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const money = (minor: string) => format.money(minor, offer.currency)
  const needsDeposit = offer.amount === '0'
  const run = async (kind: 'activate' | 'decline') => {
    setBusy(kind)
    setError(null)
    try {
      await (kind === 'activate' ? activateBonus(offer.id) : cancelBonus(offer.id))
      showToast({
        tone: 'success',
        title: t(kind === 'activate' ? 'bonuses.activated_toast' : 'bonuses.declined_toast'),
        autoClose: 'short',
      })
    } catch (caught) {
      // The server's reason (another bonus is active, a deposit is needed) in the player's language.
      setError(messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
      data-testid="bonus-offer"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-ink">{t(`bonuses.code.${offer.code}`)}</h3>
        <StatusBadge tone="pending">{t('bonuses.status.offered')}</StatusBadge>
      </div>
      <p className="text-sm text-ink">
        {needsDeposit && offer.deposit_min && offer.deposit_max
          ? t('bonuses.offer_deposit', {
              percent: format.percent(offer.match_percent),
              min: money(offer.deposit_min),
              max: money(offer.deposit_max),
            })
          : needsDeposit
            ? t('bonuses.offer_deposit_any')
            : t(hasActive ? 'bonuses.offer_queued_waiting' : 'bonuses.offer_queued', {
                amount: money(offer.amount),
              })}
      </p>
      {offer.expires_at ? (
        <p className="text-xs text-ink-muted">
          {t('bonuses.offer_ends', {
            relative: formatRelativeTime(new Date(offer.expires_at), {
              now: Date.now(),
              localeTag,
              justNow: t('time.just_now'),
            }),
            date: format.date(offer.expires_at),
          })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {needsDeposit ? (
          <Link {...linkTo(DIALOGS.deposit)} className={buttonClassName('primary')}>
            {t('bonuses.deposit')}
          </Link>
        ) : (
          <Button
            type="button"
            isBusy={busy === 'activate'}
            disabled={busy !== null || hasActive}
            onClick={() => void run('activate')}
          >
            {t('bonuses.activate')}
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          isBusy={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void run('decline')}
        >
          {t('bonuses.decline')}
        </Button>
      </div>
    </div>
  )
}

/** "Have a bonus code?": the server's refusal is shown next to the field, in the player's language. */
function CodeForm() {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [isBusy, setIsBusy] = useState(false)
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isBusy) return
    if (!code.trim()) {
      setError(t('bonuses.code_required'))
      return
    }
    setIsBusy(true)
    setError(undefined)
    try {
      await activateBonusCode(code.trim())
      setCode('')
      showToast({ tone: 'success', title: t('bonuses.code_accepted') })
    } catch (caught) {
      setError(messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <AccountPanel title={t('bonuses.code_title')} description={t('bonuses.code_text')}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        data-testid="bonus-code-form"
      >
        <TextField
          label={t('bonuses.code_label')}
          name="code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(event) => {
            setCode(event.target.value)
            setError(undefined)
          }}
          error={error}
          className="flex-1"
        />
        <Button type="submit" isBusy={isBusy} className="sm:mt-7">
          {t('bonuses.code_submit')}
        </Button>
      </form>
    </AccountPanel>
  )
}

const OUTCOME_TONES: Record<BonusStatus, 'success' | 'muted' | 'danger' | 'pending'> = {
  offered: 'pending',
  active: 'success',
  completed: 'success',
  expired: 'muted',
  cancelled: 'danger',
  declined: 'muted',
}

/** An ended bonus with its outcome: released to cash, or forfeited, or an offer declined. */
function HistoryRow({ bonus, format }: { bonus: PlayerBonus; format: BonusFormat }) {
  const { t } = useTranslation()
  const settled = format.money(bonus.settled ?? '0', bonus.currency)
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold text-ink">{t(`bonuses.code.${bonus.code}`)}</span>
        <span className="text-sm text-ink-muted">
          {t(`bonuses.outcome.${bonus.status}`, {
            amount: format.money(bonus.amount, bonus.currency),
            settled,
          })}
        </span>
        {bonus.ended_at ? (
          <span className="text-xs text-ink-muted">{format.date(bonus.ended_at)}</span>
        ) : null}
      </div>
      <StatusBadge tone={OUTCOME_TONES[bonus.status]}>
        {t(`bonuses.status.${bonus.status}`)}
      </StatusBadge>
    </div>
  )
}
