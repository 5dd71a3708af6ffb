import { useTranslation } from 'react-i18next'
import { activeBonusIn } from '#app/components/account/bonuses-list.ts'
import { bonusFormat } from '#app/components/account/bonuses-format.ts'
import { useUserStore } from '#app/state/user-store.ts'

/**
 * Said before the player confirms a withdrawal: with an active bonus in this currency the request
 * cancels it (the server does so in the withdrawal's own transaction) and its bonus balance is
 * forfeited; their cash is not touched.
 */
export function WithdrawBonusWarning({
  currency,
  localeTag,
}: {
  currency: string | undefined
  localeTag: string
}) {
  const { t } = useTranslation()
  const bonus = useUserStore((state) => activeBonusIn(state.bonuses, currency))
  if (!bonus) return null
  return (
    <p
      role="note"
      className="rounded-xl border border-gold/40 bg-gold/10 p-3 text-sm text-ink"
      data-testid="withdraw-bonus-warning"
    >
      {t('bonuses.withdraw_warning', {
        bonus: t(`bonuses.code.${bonus.code}`),
        amount: bonusFormat(localeTag).money(bonus.balance, bonus.currency),
      })}
    </p>
  )
}
