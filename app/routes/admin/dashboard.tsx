import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { useAdminData } from '#app/components/admin/use-admin-data.ts'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { formatMoney } from '#common/format-money.ts'

interface Dashboard {
  today: {
    day: string
    depositCount: number
    depositEurMinor: string
    withdrawalCount: number
    withdrawalEurMinor: string
    ggrEurMinor: string
  } | null
  queues: {
    kycDocuments: number | null
    withdrawals: number | null
    bankDeposits: number | null
    heldDeposits: number | null
    adjustments: number | null
  }
}

/** Each queue's count and the page that works it (the queues' own pages). */
const QUEUES = [
  { key: 'kycDocuments', labelKey: 'admin.dashboard.kyc_documents', path: '/admin/queues/kyc/' },
  {
    key: 'withdrawals',
    labelKey: 'admin.dashboard.withdrawals_queue',
    path: '/admin/queues/withdrawals/',
  },
  {
    key: 'bankDeposits',
    labelKey: 'admin.dashboard.bank_deposits',
    path: '/admin/queues/bank-deposits/',
  },
  { key: 'heldDeposits', labelKey: 'admin.dashboard.held_deposits', path: '/admin/queues/crypto/' },
  { key: 'adjustments', labelKey: 'admin.dashboard.adjustments', path: '/admin/adjustments/' },
] as const

const eur = (minor: string) => formatMoney(BigInt(minor), 'EUR', 'en')

/** `/admin/`: today's money and the queues' counts, as far as the operator's roles reach. */
export default function DashboardPage() {
  const { t } = useTranslation()
  const { data, error, isLoading, reload } = useAdminData<Dashboard>('/admin/api/dashboard')
  const visibleQueues = data ? QUEUES.filter((queue) => data.queues[queue.key] !== null) : []
  const card = 'flex flex-col gap-1 rounded-2xl border border-line bg-surface-raised p-4'

  return (
    <AdminPage title={t('admin.dashboard.title')} description={t('admin.dashboard.description')}>
      {error && !data ? (
        <LoadError
          text={`${t('admin.table.load_failed')} ${error.message}`}
          retryLabel={t('admin.table.retry')}
          onRetry={reload}
        />
      ) : null}
      {isLoading && !data ? <Skeleton className="h-32 w-full" /> : null}
      {data?.today ? (
        <section aria-labelledby="dashboard-today" className="flex flex-col gap-3">
          <h2 id="dashboard-today" className="text-lg font-semibold">
            {t('admin.dashboard.today', { day: data.today.day })}
          </h2>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div className={card}>
              <dt className="text-sm text-ink-muted">{t('admin.dashboard.deposits')}</dt>
              <dd className="text-2xl font-bold tabular-nums">{eur(data.today.depositEurMinor)}</dd>
              <dd className="text-xs text-ink-muted">
                {t('admin.dashboard.count', { count: data.today.depositCount })}
              </dd>
            </div>
            <div className={card}>
              <dt className="text-sm text-ink-muted">{t('admin.dashboard.withdrawals')}</dt>
              <dd className="text-2xl font-bold tabular-nums">
                {eur(data.today.withdrawalEurMinor)}
              </dd>
              <dd className="text-xs text-ink-muted">
                {t('admin.dashboard.count', { count: data.today.withdrawalCount })}
              </dd>
            </div>
            <div className={card}>
              <dt className="text-sm text-ink-muted">{t('admin.dashboard.ggr')}</dt>
              <dd className="text-2xl font-bold tabular-nums">{eur(data.today.ggrEurMinor)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      {visibleQueues.length > 0 ? (
        <section aria-labelledby="dashboard-queues" className="flex flex-col gap-3">
          <h2 id="dashboard-queues" className="text-lg font-semibold">
            {t('admin.dashboard.queues')}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {visibleQueues.map((queue) => (
              <li key={queue.key}>
                <Link
                  to={queue.path}
                  className={`${card} hover:border-gold/60`}
                  aria-label={`${t(queue.labelKey)}: ${String(data?.queues[queue.key] ?? 0)}`}
                >
                  <span className="text-3xl font-bold tabular-nums">{data?.queues[queue.key]}</span>
                  <span className="text-sm text-ink-muted">{t(queue.labelKey)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data && !data.today && visibleQueues.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('admin.dashboard.nothing')}</p>
      ) : null}
    </AdminPage>
  )
}
