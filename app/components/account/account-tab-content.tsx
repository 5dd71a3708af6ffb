import { useTranslation } from 'react-i18next'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useNotificationStore } from '#app/state/notification-store.ts'
import { NotificationsTab } from './notifications-tab.tsx'
import { ProfileForm } from './profile-form.tsx'
import { SecurityTab } from './security-tab.tsx'
import { VerificationTab } from './verification-tab.tsx'
import { BalancesPanel } from '#app/components/wallet/balances-panel.tsx'
import { getLocale } from '#common/locales.ts'
import { ProtectionGlance } from './protection-glance.tsx'
import { SaferPlayTab } from './protection-tab.tsx'
import { TransactionsTab } from './transactions-tab.tsx'
import { GameHistory } from '#app/components/games/game-history.tsx'
import { BonusesTab } from './bonuses-tab.tsx'

interface Props {
  tab: string
  subtab: string | undefined
}

/** What each cabinet tab shows; the accounts, wallet and games features fill their own tabs. */
export function AccountTabContent({ tab, subtab }: Props) {
  switch (tab) {
    case 'home':
      return <DashboardHome />
    case 'notifications':
      return <NotificationsTab />
    case 'bonuses':
      return <BonusesTab />
    case 'limits':
      return <SaferPlayTab />
    case 'transaction':
      return subtab === 'deposit' || subtab === 'withdrawal' ? (
        <TransactionsTab key={subtab} type={subtab} />
      ) : (
        <GameHistory />
      )
    case 'game-history':
      return <GameHistory />
    case 'profile':
      return subtab === 'security' ? (
        <SecurityTab />
      ) : subtab === 'verification' ? (
        <VerificationTab />
      ) : (
        <ProfileForm />
      )
    default:
      return <TabEmpty name={subtab ? `${tab}.${subtab}` : tab} />
  }
}

function TabEmpty({ name }: { name: string }) {
  const { t } = useTranslation()
  return (
    <EmptyState title={t(`account.empty.${name}.title`)} text={t(`account.empty.${name}.text`)} />
  )
}

function DashboardHome() {
  const { t } = useTranslation()
  const { player, locale } = useRootData()
  const unreadCount = useNotificationStore((state) => state.unreadCount)
  const status = useNotificationStore((state) => state.status)
  const cards = [
    {
      key: 'notifications',
      value: status === 'ready' ? String(unreadCount) : '…',
      text: t('account.dashboard.unread', { count: unreadCount }),
      to: `/${locale}/account/notifications/`,
    },
    {
      key: 'profile',
      value: player?.currency ?? '',
      text: t('account.dashboard.currency'),
      to: `/${locale}/account/profile/`,
    },
    {
      key: 'transaction',
      value: '',
      text: t('account.dashboard.transactions'),
      to: `/${locale}/account/transaction/`,
    },
  ]
  return (
    <div className="flex flex-col gap-6">
      <p className="text-ink-muted">
        {t('account.dashboard.greeting', { name: player?.firstName || player?.email })}
      </p>
      <ul className="grid grid-cols-1 gap-3 xsm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.key}>
            <AppLink
              to={card.to}
              className="flex h-full flex-col gap-1 rounded-2xl border border-line bg-surface-raised p-5 hover:border-gold/60"
            >
              <span className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
                {t(`account.tabs.${card.key}`)}
              </span>
              {card.value ? (
                <span className="text-2xl font-bold text-ink tabular-nums">{card.value}</span>
              ) : null}
              <span className="text-sm text-ink-muted">{card.text}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      <BalancesPanel localeTag={getLocale(locale).tag} />
      <ProtectionGlance />
    </div>
  )
}
