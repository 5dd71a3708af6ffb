import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { adminCsvUrl } from '#app/components/admin/admin-api.ts'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select, TextInput } from '#app/components/admin/form.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { Button } from '#app/components/ui/button.tsx'

interface AuditEvent {
  id: string
  createdAt: string
  actorType: 'player' | 'operator' | 'system'
  actorId: string | null
  actor: { email: string; name: string } | null
  playerId: string | null
  playerEmail: string | null
  action: string
  ip: string | null
  userAgent: string | null
  details: Record<string, unknown>
}

interface AuditPage {
  items: AuditEvent[]
  total: number
  page: number
  pageSize: number
}

const FILTERS = ['actorType', 'actorId', 'playerId', 'action', 'from', 'to', 'q'] as const
type FilterName = (typeof FILTERS)[number]

const time = (iso: string) => iso.replace('T', ' ').slice(0, 19)

/** One event's browser and details, opened from its row. */
function EventDetails({ event }: { event: AuditEvent }) {
  const { t } = useTranslation()
  const hasDetails = Object.keys(event.details).length > 0
  return (
    <details className="max-w-md">
      <summary
        className="cursor-pointer text-gold underline-offset-2 hover:underline"
        aria-label={t('admin.audit.show_details', {
          action: event.action,
          time: time(event.createdAt),
        })}
      >
        {t('admin.audit.details')}
      </summary>
      <dl className="mt-2 flex flex-col gap-1 text-xs">
        <dt className="text-ink-muted">{t('admin.audit.user_agent')}</dt>
        <dd className="break-all">{event.userAgent ?? '—'}</dd>
        <dt className="text-ink-muted">{t('admin.audit.details')}</dt>
        <dd>
          {hasDetails ? (
            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-surface p-2">
              {JSON.stringify(event.details, null, 2)}
            </pre>
          ) : (
            t('admin.audit.no_details')
          )}
        </dd>
      </dl>
    </details>
  )
}

/** `/admin/audit/`: the audit log, filtered on the server, newest first, with its CSV. */
export default function AuditPage() {
  const { t } = useTranslation()
  const list = useListQuery({ pageSize: 50 })
  const read = useAdminData<AuditPage>('/admin/api/audit', list.apiQuery)
  const [draft, setDraft] = useState<Record<FilterName, string>>(
    () =>
      Object.fromEntries(FILTERS.map((name) => [name, list.query.filters[name] ?? ''])) as Record<
        FilterName,
        string
      >,
  )

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    list.setQuery({
      filters: Object.fromEntries(FILTERS.map((name) => [name, draft[name].trim()])),
    })
  }
  const clear = () => {
    const empty = Object.fromEntries(FILTERS.map((name) => [name, ''])) as Record<
      FilterName,
      string
    >
    setDraft(empty)
    list.setQuery({ filters: empty })
  }
  const input = (name: FilterName, props: { type?: string; placeholder?: string } = {}) => (
    <TextInput
      {...props}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
    />
  )

  const columns: Column<AuditEvent>[] = [
    {
      key: 'time',
      header: t('admin.audit.time'),
      render: (row) => <time dateTime={row.createdAt}>{time(row.createdAt)}</time>,
    },
    {
      key: 'actor',
      header: t('admin.audit.actor'),
      render: (row) => (
        <span className="flex flex-col">
          <span>{t(`admin.audit.actor_types.${row.actorType}`)}</span>
          {row.actor ? <span className="text-xs text-ink-muted">{row.actor.email}</span> : null}
        </span>
      ),
    },
    { key: 'action', header: t('admin.audit.action'), render: (row) => <code>{row.action}</code> },
    {
      key: 'player',
      header: t('admin.audit.player'),
      render: (row) => row.playerEmail ?? row.playerId ?? '—',
    },
    { key: 'ip', header: t('admin.audit.ip'), render: (row) => row.ip ?? '—' },
    {
      key: 'details',
      header: t('admin.audit.details'),
      render: (row) => <EventDetails event={row} />,
    },
  ]

  const csvQuery = Object.fromEntries(FILTERS.map((name) => [name, list.query.filters[name] ?? '']))

  return (
    <AdminPage
      title={t('admin.audit.title')}
      description={t('admin.audit.description')}
      actions={
        <a
          href={adminCsvUrl('/admin/api/audit.csv', csvQuery)}
          download
          title={t('admin.audit.csv_hint')}
          className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 text-sm font-bold hover:border-gold/60"
        >
          {t('admin.audit.csv')}
        </a>
      }
    >
      <form
        onSubmit={submit}
        className="grid grid-cols-1 items-end gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field label={t('admin.audit.actor_type')}>
          <Select
            value={draft.actorType}
            onChange={(event) => setDraft({ ...draft, actorType: event.target.value })}
            options={(['any', 'player', 'operator', 'system'] as const).map((type) => ({
              value: type === 'any' ? '' : type,
              label: t(`admin.audit.actor_types.${type}`),
            }))}
          />
        </Field>
        <Field label={t('admin.audit.actor_id')}>{input('actorId')}</Field>
        <Field label={t('admin.audit.player_id')}>{input('playerId')}</Field>
        <Field label={t('admin.audit.action')} hint={t('admin.audit.action_hint')}>
          {input('action')}
        </Field>
        <Field label={t('admin.audit.from')}>{input('from', { type: 'date' })}</Field>
        <Field label={t('admin.audit.to')}>{input('to', { type: 'date' })}</Field>
        <Field label={t('admin.audit.q')} hint={t('admin.audit.q_hint')}>
          {input('q', { type: 'search' })}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('admin.audit.filter')}</Button>
          <Button type="button" variant="secondary" onClick={clear}>
            {t('admin.actions.clear')}
          </Button>
        </div>
      </form>
      <DataTable
        caption={t('admin.audit.caption')}
        columns={columns}
        rows={read.data?.items}
        getRowKey={(row) => row.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.audit.empty')}
      />
    </AdminPage>
  )
}
