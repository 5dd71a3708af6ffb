import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CoinAmount } from '#app/components/engagement/engagement-ui.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { canJoin } from '#common/tournament-rules.ts'
import type {
  Leaderboard,
  TournamentDetails,
} from '#server/modules/tournaments/tournaments.contract.ts'
import { entryFeeText, feeCurrencies } from './format.ts'
import { joinTournament } from './tournament-data.ts'

const PANEL =
  'flex flex-col gap-3 rounded-2xl border border-gold/40 bg-gradient-to-br from-hero-glow/60 to-surface-raised p-4 sm:p-5'

/**
 * Taking part: a visitor is asked to sign in; a player joins for free, for coins, or for money
 * paid from one of their wallets the tournament allows (picked here). A refusal (already joined,
 * closed, not enough funds, barred) shows the server's message in the player's language.
 */
export function JoinPanel({
  details,
  isSignedIn,
  hasJoined,
  onJoined,
}: {
  details: TournamentDetails
  isSignedIn: boolean
  hasJoined: boolean
  onJoined: (board: Leaderboard) => void
}) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const { linkTo } = useDialog()
  const selectId = useId()
  const wallets = useUserStore((state) => state.wallet.all)
  const current = useUserStore((state) => state.wallet.current?.currency_id ?? null)
  const [picked, setPicked] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const fee = details.entry_fee
  const currencies =
    fee.kind === 'money'
      ? feeCurrencies(
          wallets.map((wallet) => wallet.currency_id),
          details.currencies,
          current,
        )
      : []
  const currency = picked !== null && currencies.includes(picked) ? picked : currencies[0]

  if (hasJoined) {
    return (
      <section
        className="flex items-start gap-3 rounded-2xl border border-gold/40 bg-gold/5 p-4"
        data-testid="tournament-join"
        data-state="joined"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="mt-0.5 size-5 shrink-0 fill-none stroke-gold stroke-2"
        >
          <circle cx="10" cy="10" r="8" />
          <path d="m6.5 10.5 2.5 2.5 4.5-5.5" />
        </svg>
        <p className="text-sm text-ink">
          {details.phase === 'upcoming'
            ? t('tournaments.page.joined_upcoming')
            : details.phase === 'running'
              ? t('tournaments.page.joined_running')
              : t('tournaments.page.joined_over')}
        </p>
      </section>
    )
  }
  if (!canJoin(details.phase)) return null

  if (!isSignedIn) {
    return (
      <section className={PANEL} data-testid="tournament-join" data-state="visitor">
        <h2 className="text-base font-bold text-ink">{t('tournaments.page.join_title')}</h2>
        <p className="text-sm text-ink-muted">{t('tournaments.page.join_sign_in_text')}</p>
        <Link
          {...linkTo(DIALOGS.login)}
          className={buttonClassName('primary')}
          data-testid="tournament-sign-in"
        >
          {t('tournaments.page.join_sign_in')}
        </Link>
      </section>
    )
  }

  const join = async () => {
    if (fee.kind === 'money' && currency === undefined) return
    setIsBusy(true)
    setError(null)
    try {
      const answer = await joinTournament(details.id, fee.kind === 'money' ? currency : undefined)
      onJoined(answer.leaderboard)
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('tournaments.page.join_failed'))
    } finally {
      setIsBusy(false)
    }
  }

  const feeText = entryFeeText(fee, { t, localeTag })
  const hasNoWallet = fee.kind === 'money' && currency === undefined
  return (
    <section className={PANEL} data-testid="tournament-join" data-state="open">
      <h2 className="text-base font-bold text-ink">{t('tournaments.page.join_title')}</h2>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-ink-muted">{t('tournaments.page.entry_fee')}</span>
        {fee.kind === 'coins' ? (
          <CoinAmount coins={fee.amount} className="text-gold" />
        ) : (
          <span className="font-bold text-ink" data-testid="join-fee">
            {feeText}
          </span>
        )}
      </div>
      {fee.kind === 'money' && currencies.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-xs font-semibold text-ink-muted">
            {t('tournaments.page.pay_from')}
          </label>
          <select
            id={selectId}
            value={currency}
            onChange={(event) => {
              setPicked(event.target.value)
              setError(null)
            }}
            className="min-h-11 rounded-xl border border-line bg-surface px-3 text-sm text-ink"
            data-testid="join-currency"
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <p className="text-xs text-ink-muted">{t('tournaments.page.pay_rate')}</p>
        </div>
      ) : null}
      {hasNoWallet ? (
        <p className="text-sm text-ink-muted" data-testid="join-no-wallet">
          {details.currencies.length > 0
            ? t('tournaments.page.no_wallet_in', { currencies: details.currencies.join(', ') })
            : t('tournaments.page.no_wallet')}
        </p>
      ) : null}
      <Button
        type="button"
        onClick={() => void join()}
        isBusy={isBusy}
        disabled={isBusy || hasNoWallet}
        data-testid="tournament-join-button"
      >
        {fee.kind === 'free'
          ? t('tournaments.page.join_free')
          : t('tournaments.page.join_for', { fee: feeText })}
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger" data-testid="join-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
