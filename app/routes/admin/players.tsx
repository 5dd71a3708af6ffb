import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select, TextInput } from '#app/components/admin/form.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import {
  STATUS_TONE,
  when,
  type Paged,
  type PlayerListItem,
} from '#app/components/admin/players/types.ts'
import { Button } from '#app/components/ui/button.tsx'

/** `/admin/players/`: find a player and open their page. */
export default function AdminPlayers() {
  const { t } = useTranslation()
  const list = useListQuery({ sort: '-created' })
  const [search, setSearch] = useState(list.query.filters.q ?? '')
  const read = useAdminData<{ players: PlayerListItem[] } & Paged>(
    '/admin/api/players',
    list.apiQuery,
  )

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    list.setQuery({ filters: { q: search.trim() } })
  }

  const columns: Column<PlayerListItem>[] = [
    {
      key: 'name',
      header: t('admin.players.col.name'),
      render: (player) => (
        <Link
          to={`/admin/players/${player.id}/`}
          className="font-semibold text-gold underline-offset-2 hover:underline"
        >
          {`${player.firstName} ${player.lastName}`.trim() || t('admin.players.unnamed')}
        </Link>
      ),
    },
    {
      key: 'email',
      header: t('admin.players.col.email'),
      sortField: 'email',
      render: (player) => <span className="whitespace-nowrap">{player.email}</span>,
    },
    { key: 'phone', header: t('admin.players.col.phone'), render: (player) => player.phone },
    { key: 'country', header: t('admin.players.col.country'), render: (player) => player.country },
    {
      key: 'status',
      header: t('admin.players.col.status'),
      render: (player) => (
        <StatusBadge tone={STATUS_TONE[player.status]}>
          {t(`admin.players.status.${player.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'created',
      header: t('admin.players.col.created'),
      sortField: 'created',
      render: (player) => when(player.createdAt),
    },
    {
      key: 'lastSignIn',
      header: t('admin.players.col.last_sign_in'),
      sortField: 'lastSignIn',
      render: (player) =>
        player.lastSignInAt ? when(player.lastSignInAt) : t('admin.players.never'),
    },
  ]

  return (
    <AdminPage title={t('admin.players.title')} description={t('admin.players.description')}>
      <form
        role="search"
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface-raised p-4"
      >
        <Field
          label={t('admin.players.search_label')}
          hint={t('admin.players.search_hint')}
          className="min-w-56 flex-1"
        >
          <TextInput
            type="search"
            name="q"
            maxLength={200}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field label={t('admin.players.status_label')} className="w-44">
          <Select
            name="status"
            value={list.query.filters.status ?? ''}
            onChange={(event) => list.setQuery({ filters: { status: event.target.value } })}
            options={[
              { value: '', label: t('admin.players.status_any') },
              ...(['active', 'locked', 'closed'] as const).map((status) => ({
                value: status,
                label: t(`admin.players.status.${status}`),
              })),
            ]}
          />
        </Field>
        <Button type="submit">{t('admin.actions.search')}</Button>
      </form>
      <DataTable
        caption={t('admin.players.table_caption')}
        columns={columns}
        rows={read.data?.players}
        getRowKey={(player) => player.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.players.empty')}
      />
    </AdminPage>
  )
}
