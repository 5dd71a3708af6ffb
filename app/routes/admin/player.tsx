import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { FormError } from '#app/components/admin/form.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { useAdminData } from '#app/components/admin/use-admin-data.ts'
import { PlayerActions } from '#app/components/admin/players/player-actions.tsx'
import {
  AuditSection,
  BetsSection,
  BonusesSection,
  EngagementSection,
  KycSection,
  LedgerSection,
  NotesSection,
  ProfileSection,
  ProtectionSection,
  SessionsSection,
  WalletsSection,
} from '#app/components/admin/players/player-sections.tsx'
import { STATUS_TONE, type PlayerOverview } from '#app/components/admin/players/types.ts'
import { Skeleton } from '#app/components/ui/skeleton.tsx'

const SECTIONS = [
  'profile',
  'kyc',
  'wallets',
  'ledger',
  'bets',
  'bonuses',
  'engagement',
  'protection',
  'sessions',
  'notes',
  'audit',
] as const

/** `/admin/players/:id/`: everything about one player, and the actions the operator's roles allow. */
export default function AdminPlayer() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const { data, error, isLoading, reload } = useAdminData<PlayerOverview>(
    `/admin/api/players/${id}`,
  )
  const [status, setStatus] = useState('')
  // A change (lock, adjustment) shows in the lists below too: they read again.
  const [changes, setChanges] = useState(0)
  const changed = () => {
    reload()
    setChanges((n) => n + 1)
  }
  const profile = data?.profile
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : ''

  return (
    <AdminPage
      title={profile ? name || profile.email : t('admin.players.title')}
      {...(profile && { description: profile.email })}
      actions={
        profile ? (
          <PlayerActions profile={profile} onChanged={changed} onStatus={setStatus} />
        ) : undefined
      }
    >
      <Link to="/admin/players/" className="self-start text-sm text-gold underline">
        {t('admin.players.back')}
      </Link>
      {error && !data ? (
        <FormError error={new Error(`${t('admin.players.load_failed')} ${error.message}`)} />
      ) : null}
      {isLoading && !data ? <Skeleton className="h-40 w-full" /> : null}
      {data && profile ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={STATUS_TONE[profile.status]}>
              {t(`admin.players.status.${profile.status}`)}
            </StatusBadge>
            <StatusBadge tone={data.kyc.state === 'approved' ? 'good' : 'neutral'}>
              {`KYC: ${t(`admin.players.kyc.states.${data.kyc.state}`)}`}
            </StatusBadge>
            {data.pendingAdjustments > 0 ? (
              <Link to={`/admin/adjustments/?status=pending&playerId=${profile.id}`}>
                <StatusBadge tone="warning">
                  {t('admin.players.adjust.pending', { count: data.pendingAdjustments })}
                </StatusBadge>
              </Link>
            ) : null}
          </div>
          <p role="status" className="text-sm text-success">
            {status}
          </p>
          <nav aria-label={t('admin.players.sections.label')}>
            <ul className="flex flex-wrap gap-2 text-sm">
              {SECTIONS.map((section) => (
                <li key={section}>
                  <a
                    href={`#${section}`}
                    className="inline-flex min-h-10 items-center rounded-lg border border-line px-3 hover:border-gold/60"
                  >
                    {t(`admin.players.sections.${section}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ProfileSection profile={profile} />
          <KycSection kyc={data.kyc} />
          <WalletsSection wallets={data.wallets} />
          <LedgerSection key={`ledger-${String(changes)}`} playerId={profile.id} />
          <BetsSection playerId={profile.id} />
          <BonusesSection playerId={profile.id} />
          <EngagementSection engagement={data.engagement} />
          <ProtectionSection playerId={profile.id} />
          <SessionsSection sessions={data.sessions} />
          <NotesSection playerId={profile.id} onAdded={() => setChanges((n) => n + 1)} />
          <AuditSection key={`audit-${String(changes)}`} playerId={profile.id} />
        </>
      ) : null}
    </AdminPage>
  )
}
