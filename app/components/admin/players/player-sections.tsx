import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, FormError, SubmitButton, TextArea, TextInput } from '#app/components/admin/form.tsx'
import { Money } from '#app/components/admin/money.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { readStateProps, useAdminData } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { Button } from '#app/components/ui/button.tsx'
import {
  when,
  type AuditEntry,
  type Bet,
  type LedgerEntry,
  type Note,
  type Paged,
  type PlayerOverview,
} from './types.ts'
import { useFormSubmit } from '#app/components/admin/use-form-submit.ts'

const PAGE_SIZE = 20

/** One part of the player's page: a heading the in-page menu links to. */
export function Section({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex scroll-mt-4 flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Label and value pairs, two columns on a wide screen. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function ProfileSection({ profile }: { profile: PlayerOverview['profile'] }) {
  const { t } = useTranslation()
  const yesNo = (at: string | null) =>
    at ? `${t('admin.players.profile.yes')} (${when(at)})` : t('admin.players.profile.no')
  const address = [profile.address, profile.postCode, profile.city].filter(Boolean).join(', ')
  return (
    <Section id="profile" title={t('admin.players.sections.profile')}>
      <Facts
        items={[
          [t('admin.players.profile.email'), profile.email],
          [t('admin.players.profile.name'), `${profile.firstName} ${profile.lastName}`.trim()],
          [t('admin.players.profile.birth_date'), profile.birthDate ?? '—'],
          [t('admin.players.profile.country'), profile.country || '—'],
          [t('admin.players.profile.address'), address || '—'],
          [t('admin.players.profile.phone'), profile.phone || '—'],
          [t('admin.players.profile.currency'), profile.currency],
          [t('admin.players.profile.language'), profile.locale],
          [t('admin.players.profile.email_verified'), yesNo(profile.emailVerifiedAt)],
          [t('admin.players.profile.phone_verified'), yesNo(profile.phoneVerifiedAt)],
          [
            t('admin.players.profile.two_factor'),
            profile.twoFactorOn ? t('admin.players.profile.on') : t('admin.players.profile.off'),
          ],
          [t('admin.players.profile.signed_up'), when(profile.createdAt)],
          ...(profile.lockedAt
            ? ([
                [t('admin.players.profile.locked_at'), when(profile.lockedAt)],
                [t('admin.players.profile.lock_reason'), profile.lockReason ?? ''],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Section>
  )
}

export function KycSection({ kyc }: { kyc: PlayerOverview['kyc'] }) {
  const { t } = useTranslation()
  const tone = { none: 'neutral', pending: 'warning', approved: 'good', rejected: 'bad' } as const
  type Document = PlayerOverview['kyc']['documents'][number]
  const columns: Column<Document>[] = [
    { key: 'type', header: t('admin.players.kyc.type'), render: (doc) => doc.type },
    { key: 'status', header: t('admin.players.kyc.status'), render: (doc) => doc.status },
    {
      key: 'uploaded',
      header: t('admin.players.kyc.uploaded'),
      render: (doc) => when(doc.createdAt),
    },
    { key: 'reason', header: t('admin.players.kyc.reason'), render: (doc) => doc.reason ?? '' },
    {
      key: 'file',
      header: t('admin.players.kyc.file'),
      render: (doc) => (
        <a
          href={`/admin/api/documents/${doc.id}/file`}
          target="_blank"
          rel="noreferrer"
          className="text-gold underline"
        >
          {t('admin.players.kyc.open_file', { name: doc.fileName })}
        </a>
      ),
    },
  ]
  return (
    <Section id="kyc" title={t('admin.players.sections.kyc')}>
      <p className="flex items-center gap-2 text-sm">
        {t('admin.players.kyc.state')}:
        <StatusBadge tone={tone[kyc.state]}>
          {t(`admin.players.kyc.states.${kyc.state}`)}
        </StatusBadge>
      </p>
      <DataTable
        caption={t('admin.players.kyc.caption')}
        columns={columns}
        rows={kyc.documents}
        getRowKey={(doc) => doc.id}
        isLoading={false}
        onRetry={() => undefined}
        emptyText={t('admin.players.kyc.empty')}
      />
    </Section>
  )
}

export function WalletsSection({ wallets }: { wallets: PlayerOverview['wallets'] }) {
  const { t } = useTranslation()
  type Wallet = PlayerOverview['wallets'][number]
  const columns: Column<Wallet>[] = [
    {
      key: 'currency',
      header: t('admin.players.wallets.currency'),
      render: (wallet) =>
        wallet.is_current
          ? `${wallet.currency_id} (${t('admin.players.wallets.current')})`
          : wallet.currency_id,
    },
    ...(['cents', 'bonus_cents', 'held_cents'] as const).map((field) => ({
      key: field,
      header: t(
        `admin.players.wallets.${field === 'cents' ? 'cash' : field === 'bonus_cents' ? 'bonus' : 'held'}`,
      ),
      isNumeric: true,
      render: (wallet: Wallet) => <Money minor={wallet[field]} currency={wallet.currency_id} />,
    })),
  ]
  return (
    <Section id="wallets" title={t('admin.players.sections.wallets')}>
      <DataTable
        caption={t('admin.players.wallets.caption')}
        columns={columns}
        rows={wallets}
        getRowKey={(wallet) => wallet.currency_id}
        isLoading={false}
        onRetry={() => undefined}
        emptyText=""
      />
    </Section>
  )
}

export function LedgerSection({ playerId }: { playerId: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const read = useAdminData<{ entries: LedgerEntry[] } & Paged>(
    `/admin/api/players/${playerId}/ledger`,
    { page, pageSize: PAGE_SIZE },
  )
  const columns: Column<LedgerEntry>[] = [
    { key: 'when', header: t('admin.players.ledger.when'), render: (e) => when(e.createdAt) },
    { key: 'code', header: t('admin.players.ledger.code'), render: (e) => e.code },
    { key: 'account', header: t('admin.players.ledger.account'), render: (e) => e.account },
    {
      key: 'amount',
      header: t('admin.players.ledger.amount'),
      isNumeric: true,
      render: (e) => <Money minor={e.amountMinor} currency={e.currency} />,
    },
    {
      key: 'reference',
      header: t('admin.players.ledger.reference'),
      render: (e) => <span className="break-all font-mono text-xs">{e.reference}</span>,
    },
  ]
  return (
    <Section id="ledger" title={t('admin.players.sections.ledger')}>
      <DataTable
        caption={t('admin.players.ledger.caption')}
        columns={columns}
        rows={read.data?.entries}
        getRowKey={(e) => `${e.transferId}:${e.account}:${e.amountMinor}`}
        total={read.data?.total}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        {...readStateProps(read)}
        emptyText={t('admin.players.ledger.empty')}
      />
    </Section>
  )
}

function FairnessProof({ bet }: { bet: Bet }) {
  const { t } = useTranslation()
  const [isOpen, setIsOpen] = useState(false)
  if (!bet.server_seed_hash) return <span>{t('admin.players.bets.no_proof')}</span>
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-expanded={isOpen}
        className="min-h-10 self-start text-gold underline"
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? t('admin.players.bets.hide_proof') : t('admin.players.bets.show_proof')}
      </button>
      {isOpen ? (
        <dl className="grid gap-1 font-mono text-xs break-all">
          <dt className="text-ink-muted">{t('admin.players.bets.server_seed_hash')}</dt>
          <dd>{bet.server_seed_hash}</dd>
          <dt className="text-ink-muted">{t('admin.players.bets.server_seed')}</dt>
          <dd>{bet.server_seed ?? t('admin.players.bets.not_revealed')}</dd>
          <dt className="text-ink-muted">{t('admin.players.bets.client_seed')}</dt>
          <dd>{bet.client_seed}</dd>
          <dt className="text-ink-muted">{t('admin.players.bets.nonce')}</dt>
          <dd>{bet.nonce}</dd>
          <dt className="text-ink-muted">{t('admin.players.bets.outcome')}</dt>
          <dd>{JSON.stringify(bet.outcome)}</dd>
        </dl>
      ) : null}
    </div>
  )
}

export function BetsSection({ playerId }: { playerId: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const read = useAdminData<{ bets: Bet[] } & Paged>(`/admin/api/players/${playerId}/bets`, {
    page,
    pageSize: PAGE_SIZE,
  })
  const columns: Column<Bet>[] = [
    { key: 'when', header: t('admin.players.bets.when'), render: (bet) => when(bet.created_at) },
    { key: 'game', header: t('admin.players.bets.game'), render: (bet) => bet.game },
    {
      key: 'stake',
      header: t('admin.players.bets.stake'),
      isNumeric: true,
      render: (bet) => <Money minor={bet.stake} currency={bet.currency} />,
    },
    {
      key: 'win',
      header: t('admin.players.bets.win'),
      isNumeric: true,
      render: (bet) => <Money minor={bet.win} currency={bet.currency} />,
    },
    {
      key: 'multiplier',
      header: t('admin.players.bets.multiplier'),
      isNumeric: true,
      render: (bet) => `${bet.multiplier}×`,
    },
    {
      key: 'proof',
      header: t('admin.players.bets.proof'),
      render: (bet) => <FairnessProof bet={bet} />,
    },
  ]
  return (
    <Section id="bets" title={t('admin.players.sections.bets')}>
      <DataTable
        caption={t('admin.players.bets.caption')}
        columns={columns}
        rows={read.data?.bets}
        getRowKey={(bet) => bet.id}
        total={read.data?.total}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        {...readStateProps(read)}
        emptyText={t('admin.players.bets.empty')}
      />
    </Section>
  )
}

interface Bonus {
  id: string
  code: string
  status: string
  currency: string
  amount: string
  wagering_percent: number
  created_at: string
}

export function BonusesSection({ playerId }: { playerId: string }) {
  const { t } = useTranslation()
  const read = useAdminData<{ bonuses: Bonus[] }>(`/admin/api/players/${playerId}/bonuses`)
  const columns: Column<Bonus>[] = [
    { key: 'code', header: t('admin.players.bonuses.code'), render: (b) => b.code },
    { key: 'status', header: t('admin.players.bonuses.status'), render: (b) => b.status },
    {
      key: 'amount',
      header: t('admin.players.bonuses.amount'),
      isNumeric: true,
      render: (b) => <Money minor={b.amount} currency={b.currency} />,
    },
    {
      key: 'wagering',
      header: t('admin.players.bonuses.wagering'),
      isNumeric: true,
      render: (b) => `${String(b.wagering_percent)} %`,
    },
    {
      key: 'created',
      header: t('admin.players.bonuses.created'),
      render: (b) => when(b.created_at),
    },
  ]
  return (
    <Section id="bonuses" title={t('admin.players.sections.bonuses')}>
      <DataTable
        caption={t('admin.players.bonuses.caption')}
        columns={columns}
        rows={read.data?.bonuses}
        getRowKey={(b) => b.id}
        {...readStateProps(read)}
        emptyText={t('admin.players.bonuses.empty')}
      />
    </Section>
  )
}

export function EngagementSection({ engagement }: { engagement: PlayerOverview['engagement'] }) {
  const { t } = useTranslation()
  type Quest = PlayerOverview['engagement']['questsInProgress'][number]
  const columns: Column<Quest>[] = [
    { key: 'quest', header: t('admin.players.engagement.quest'), render: (q) => q.quest },
    { key: 'task', header: t('admin.players.engagement.task'), render: (q) => q.task },
    {
      key: 'progress',
      header: t('admin.players.engagement.progress'),
      isNumeric: true,
      render: (q) => `${q.progress} / ${q.expected}`,
    },
  ]
  return (
    <Section id="engagement" title={t('admin.players.sections.engagement')}>
      <Facts
        items={[
          [
            t('admin.players.engagement.level'),
            `${String(engagement.level)} (${String(engagement.levelPercent)} %)`,
          ],
          [t('admin.players.engagement.points'), engagement.points.toLocaleString('en')],
          [
            t('admin.players.engagement.vip_tier'),
            engagement.vipTier === null
              ? t('admin.players.engagement.no_tier')
              : `${String(engagement.vipTier)} · ${engagement.vipTierName ?? ''}`,
          ],
          [
            t('admin.players.engagement.coins'),
            <Money key="coins" minor={engagement.coins} currency="COIN" />,
          ],
        ]}
      />
      <DataTable
        caption={t('admin.players.engagement.quests_caption')}
        columns={columns}
        rows={engagement.questsInProgress}
        getRowKey={(q) => `${q.quest}:${q.task}`}
        isLoading={false}
        onRetry={() => undefined}
        emptyText={t('admin.players.engagement.quests_empty')}
      />
    </Section>
  )
}

interface ProtectionView {
  state: { bar: string | null; break: { kind: string; until: string | null } | null }
  closed_at: string | null
  closed_reason: string | null
  register_match: boolean
  history: { at: string; kind: string; actor: string }[]
}

export function ProtectionSection({ playerId }: { playerId: string }) {
  const { t } = useTranslation()
  const read = useAdminData<ProtectionView>(`/admin/api/players/${playerId}/protection`)
  const protection = read.data
  type Event = ProtectionView['history'][number]
  const columns: Column<Event>[] = [
    { key: 'when', header: t('admin.players.protection.when'), render: (e) => when(e.at) },
    { key: 'event', header: t('admin.players.protection.event'), render: (e) => e.kind },
    { key: 'actor', header: t('admin.players.protection.actor'), render: (e) => e.actor },
  ]
  const breakText = protection?.state.break
    ? t('admin.players.protection.break_until', {
        kind: protection.state.break.kind,
        until: protection.state.break.until ? when(protection.state.break.until) : '—',
      })
    : t('admin.players.protection.no_break')
  return (
    <Section id="protection" title={t('admin.players.sections.protection')}>
      {protection ? (
        <Facts
          items={[
            [
              t('admin.players.protection.bar'),
              protection.state.bar ?? t('admin.players.protection.no_bar'),
            ],
            [t('admin.players.protection.break'), breakText],
            [
              t('admin.players.protection.closed'),
              protection.closed_at
                ? `${when(protection.closed_at)} · ${protection.closed_reason ?? ''}`
                : t('admin.players.profile.no'),
            ],
            [
              t('admin.players.protection.register'),
              protection.register_match
                ? t('admin.players.protection.register_match')
                : t('admin.players.protection.register_clear'),
            ],
          ]}
        />
      ) : null}
      <DataTable
        caption={t('admin.players.protection.history_caption')}
        columns={columns}
        rows={protection?.history}
        getRowKey={(e) => `${e.at}:${e.kind}`}
        {...readStateProps(read)}
        emptyText={t('admin.players.protection.history_empty')}
      />
    </Section>
  )
}

export function SessionsSection({ sessions }: { sessions: PlayerOverview['sessions'] }) {
  const { t } = useTranslation()
  type SignIn = PlayerOverview['sessions']['recentSignIns'][number]
  const columns: Column<SignIn>[] = [
    { key: 'when', header: t('admin.players.sessions.when'), render: (s) => when(s.at) },
    {
      key: 'result',
      header: t('admin.players.sessions.result'),
      render: (s) =>
        s.action === 'login.succeeded'
          ? t('admin.players.sessions.succeeded')
          : t('admin.players.sessions.failed', {
              reason: typeof s.details.reason === 'string' ? s.details.reason : '',
            }),
    },
    { key: 'address', header: t('admin.players.sessions.address'), render: (s) => s.ip ?? '' },
    {
      key: 'browser',
      header: t('admin.players.sessions.browser'),
      render: (s) => <span className="text-xs break-words">{s.userAgent ?? ''}</span>,
    },
  ]
  return (
    <Section id="sessions" title={t('admin.players.sections.sessions')}>
      <Facts items={[[t('admin.players.sessions.live'), String(sessions.live)]]} />
      <DataTable
        caption={t('admin.players.sessions.caption')}
        columns={columns}
        rows={sessions.recentSignIns}
        getRowKey={(s) => `${s.at}:${s.action}`}
        isLoading={false}
        onRetry={() => undefined}
        emptyText={t('admin.players.sessions.empty')}
      />
    </Section>
  )
}

export function NotesSection({ playerId, onAdded }: { playerId: string; onAdded: () => void }) {
  const { t } = useTranslation()
  const { can } = useOperator()
  const { data, error, isLoading, reload } = useAdminData<{ notes: Note[] }>(
    `/admin/api/players/${playerId}/notes`,
  )
  const [text, setText] = useState('')
  const [status, setStatus] = useState('')

  const sending = useFormSubmit(async () => {
    setStatus('')
    await adminSend('POST', `/admin/api/players/${playerId}/notes`, { text })
    setText('')
    setStatus(t('admin.players.notes.added'))
    reload()
    onAdded()
  })

  return (
    <Section id="notes" title={t('admin.players.sections.notes')}>
      {can('support', 'kyc', 'finance') ? (
        <form className="flex flex-col gap-3" onSubmit={(event) => void sending.submit(event)}>
          <Field
            label={t('admin.players.notes.add_label')}
            hint={t('admin.players.notes.add_hint')}
          >
            <TextArea
              name="note"
              required
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Field>
          <FormError error={sending.error} />
          <div className="flex items-center gap-3">
            <SubmitButton isBusy={sending.isBusy} disabled={sending.isBusy || !text.trim()}>
              {t('admin.players.notes.add')}
            </SubmitButton>
            <p role="status" className="text-sm text-success">
              {status}
            </p>
          </div>
        </form>
      ) : null}
      {error ? <FormError error={error} /> : null}
      {isLoading && !data ? null : data?.notes.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('admin.players.notes.empty')}</p>
      ) : (
        <ul aria-label={t('admin.players.notes.caption')} className="flex flex-col gap-2">
          {data?.notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-line p-3 text-sm">
              <p className="whitespace-pre-wrap text-ink">{note.text}</p>
              <p className="mt-1 text-xs text-ink-muted">
                {t('admin.players.notes.by', {
                  name: note.operatorName ?? '—',
                  when: when(note.createdAt),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

export function AuditSection({ playerId }: { playerId: string }) {
  const { t } = useTranslation()
  const [action, setAction] = useState('')
  const [filter, setFilter] = useState('')
  const [page, setPage] = useState(1)
  const read = useAdminData<{ events: AuditEntry[] } & Paged>(
    `/admin/api/players/${playerId}/audit`,
    { page, pageSize: PAGE_SIZE, action: filter || undefined },
  )
  const actor = (entry: AuditEntry) =>
    entry.actorType === 'operator'
      ? (entry.actorName ?? entry.actorType)
      : entry.actorType === 'player'
        ? t('admin.players.audit.actor_player')
        : t('admin.players.audit.actor_system')
  const columns: Column<AuditEntry>[] = [
    { key: 'when', header: t('admin.players.audit.when'), render: (e) => when(e.at) },
    { key: 'actor', header: t('admin.players.audit.actor'), render: actor },
    { key: 'action', header: t('admin.players.audit.action'), render: (e) => e.action },
    { key: 'address', header: t('admin.players.audit.address'), render: (e) => e.ip ?? '' },
    {
      key: 'details',
      header: t('admin.players.audit.details'),
      render: (e) => (
        <span className="font-mono text-xs break-all">{JSON.stringify(e.details)}</span>
      ),
    },
  ]
  return (
    <Section id="audit" title={t('admin.players.sections.audit')}>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          setPage(1)
          setFilter(action.trim())
        }}
      >
        <Field label={t('admin.players.audit.filter_label')} className="w-64">
          <TextInput value={action} maxLength={100} onChange={(e) => setAction(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary">
          {t('admin.actions.search')}
        </Button>
      </form>
      <DataTable
        caption={t('admin.players.audit.caption')}
        columns={columns}
        rows={read.data?.events}
        getRowKey={(e) => e.id}
        total={read.data?.total}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        {...readStateProps(read)}
        emptyText={t('admin.players.audit.empty')}
      />
    </Section>
  )
}
