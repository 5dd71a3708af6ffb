import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { breakStatusOf, formatMoment } from '#app/components/account/protection-rules.ts'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import type { ProtectionState } from '#app/lib/use-protection.ts'
import type { PlayBar } from '#common/protection.ts'

/**
 * What the deposit dialog shows instead of the methods while a closure, a break or a register
 * match bars the player: why, until when, and the two things still open to them, the Safer play
 * tab and withdrawing. `message` is the server's own refusal when a deposit was refused.
 */
export function DepositBarred({
  bar,
  current,
  message,
  locale,
  localeTag,
}: {
  bar: PlayBar
  current: ProtectionState['break']
  message: string | null
  locale: string
  localeTag: string
}) {
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  return (
    <div className="flex flex-col gap-4" data-testid="deposit-barred" data-bar={bar}>
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-xl border border-gold/50 bg-gold/10 p-4"
      >
        <p className="text-base font-bold text-ink">{t('protection.barred.title')}</p>
        <p className="text-sm text-ink" data-testid="deposit-barred-text">
          {message ?? barText(bar, current, t, localeTag)}
        </p>
        <p className="text-sm text-ink-muted">{t('protection.barred.still_open')}</p>
      </div>
      <div className="flex flex-col gap-2 xsm:flex-row">
        <Link
          {...linkTo(DIALOGS.withdraw)}
          className={`${buttonClassName('primary')} flex-1`}
          data-testid="deposit-barred-withdraw"
        >
          {t('wallet.withdraw')}
        </Link>
        <AppLink
          to={`/${locale}/account/limits/`}
          className={`${buttonClassName('secondary')} flex-1`}
          data-testid="deposit-barred-safer-play"
        >
          {t('account.tabs.limits')}
        </AppLink>
      </div>
    </div>
  )
}

/** The bar in words from the player's state, with the end of a break where it is known. */
export function barText(
  bar: PlayBar,
  current: ProtectionState['break'],
  t: TFunction,
  localeTag: string,
): string {
  if ((bar === 'time_out' || bar === 'self_exclusion') && current) {
    const status = breakStatusOf(current)
    const date = formatMoment(
      status.kind === 'self_exclusion_lapsing' ? status.opensAt : status.until,
      localeTag,
    )
    return t(`protection.barred.break.${status.kind}`, { date })
  }
  return t(`protection.barred.${bar}`)
}
