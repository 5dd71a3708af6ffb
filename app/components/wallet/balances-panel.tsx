import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AccountPanel } from '#app/components/account/account-panel.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { CashOutCard } from './cash-out-card.tsx'

/** The dashboard's balances: every wallet (real, bonus, held), the pending cash-out, the cashier. */
export function BalancesPanel({ localeTag }: { localeTag: string }) {
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  const all = useUserStore((state) => state.wallet.all)
  const current = useUserStore((state) => state.wallet.current)
  const cashOut = useUserStore((state) => state.wallet.cashOut)
  const money = (minor: string | undefined, currency: string) =>
    isCurrencyCode(currency) ? formatMoney(minor ?? '0', currency, localeTag) : (minor ?? '0')
  return (
    <AccountPanel
      title={t('wallet.balances')}
      aside={
        <div className="flex gap-2">
          <Link {...linkTo(DIALOGS.deposit)} className={buttonClassName('primary')}>
            {t('wallet.deposit')}
          </Link>
          <Link {...linkTo(DIALOGS.withdraw)} className={buttonClassName('secondary')}>
            {t('wallet.withdraw')}
          </Link>
        </div>
      }
    >
      {cashOut ? <CashOutCard cashOut={cashOut} localeTag={localeTag} /> : null}
      {all.length === 0 ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-24 rounded-2xl" />
          <Skeleton className="h-24 rounded-2xl" />
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="balances">
          {all.map((entry) => {
            const isCurrent = entry.currency_id === current?.currency_id
            return (
              <li
                key={entry.currency_id}
                className={`flex flex-col gap-1 rounded-2xl border p-4 ${isCurrent ? 'border-gold/60 bg-gold/5' : 'border-line bg-surface'}`}
              >
                <span className="flex items-center justify-between text-xs font-semibold text-ink-muted">
                  {entry.currency_id}
                  {isCurrent ? (
                    <span className="rounded-full border border-gold/50 px-2 py-0.5 text-[0.625rem] font-semibold text-ink">
                      {t('wallet.current')}
                    </span>
                  ) : null}
                </span>
                <span className="text-xl font-bold text-ink tabular-nums">
                  {money(entry.cents, entry.currency_id)}
                </span>
                <span className="text-xs text-ink-muted">
                  {t('wallet.bonus_amount', {
                    amount: money(entry.bonus_cents, entry.currency_id),
                  })}
                  {' · '}
                  {t('wallet.held_amount', { amount: money(entry.held_cents, entry.currency_id) })}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </AccountPanel>
  )
}
