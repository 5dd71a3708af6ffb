import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { OPERATOR_ROLES } from '#common/back-office.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select, TextInput } from '#app/components/admin/form.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import {
  CreatedOperatorDialog,
  CreateOperatorDialog,
  EditOperatorDialog,
  type CreatedOperator,
  type OperatorAccount,
} from '#app/components/admin/operators/operator-form.tsx'
import { Button } from '#app/components/ui/button.tsx'

interface OperatorList {
  items: OperatorAccount[]
  total: number
  page: number
  pageSize: number
}

type Open =
  | { kind: 'create' }
  | { kind: 'created'; created: CreatedOperator }
  | { kind: 'edit'; account: OperatorAccount }
  | { kind: 'disable' | 'enable'; account: OperatorAccount }
  | null

/** `/admin/operators/`: operator accounts; admins create, edit, disable and enable them. */
export default function OperatorsPage() {
  const { t } = useTranslation()
  const { operator: me, can } = useOperator()
  const isAdmin = can()
  const list = useListQuery({ sort: 'email' })
  const read = useAdminData<OperatorList>('/admin/api/operators', list.apiQuery)
  const [open, setOpen] = useState<Open>(null)
  const [search, setSearch] = useState(list.query.filters.q ?? '')
  const close = () => setOpen(null)

  const submitSearch = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    list.setQuery({ filters: { q: search.trim() } })
  }

  const columns: Column<OperatorAccount>[] = [
    {
      key: 'email',
      header: t('admin.operators.email'),
      sortField: 'email',
      render: (row) => (
        <span>
          {row.email}
          {row.id === me.id ? (
            <span className="ms-1 text-xs text-ink-muted">({t('admin.operators.you')})</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'name',
      header: t('admin.operators.name'),
      sortField: 'name',
      render: (row) => row.name,
    },
    {
      key: 'roles',
      header: t('admin.operators.roles'),
      render: (row) => row.roles.map((role) => t(`admin.roles.${role}`)).join(', '),
    },
    {
      key: 'status',
      header: t('admin.operators.status'),
      render: (row) =>
        row.disabledAt ? (
          <StatusBadge tone="bad">{t('admin.operators.disabled')}</StatusBadge>
        ) : (
          <StatusBadge tone="good">{t('admin.operators.active')}</StatusBadge>
        ),
    },
    {
      key: 'created',
      header: t('admin.operators.created'),
      sortField: 'created',
      render: (row) => <time dateTime={row.createdAt}>{row.createdAt.slice(0, 10)}</time>,
    },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            header: t('admin.operators.actions'),
            render: (row: OperatorAccount) => (
              <span className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`${t('admin.operators.edit')} ${row.email}`}
                  onClick={() => setOpen({ kind: 'edit', account: row })}
                >
                  {t('admin.operators.edit')}
                </Button>
                {row.id === me.id ? null : (
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={`${t(row.disabledAt ? 'admin.operators.enable' : 'admin.operators.disable')} ${row.email}`}
                    onClick={() =>
                      setOpen({ kind: row.disabledAt ? 'enable' : 'disable', account: row })
                    }
                  >
                    {t(row.disabledAt ? 'admin.operators.enable' : 'admin.operators.disable')}
                  </Button>
                )}
              </span>
            ),
          },
        ]
      : []),
  ]

  return (
    <AdminPage
      title={t('admin.operators.title')}
      description={t('admin.operators.description')}
      actions={
        isAdmin ? (
          <Button type="button" onClick={() => setOpen({ kind: 'create' })}>
            {t('admin.operators.create')}
          </Button>
        ) : null
      }
    >
      <form
        onSubmit={submitSearch}
        className="grid grid-cols-1 items-end gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field label={t('admin.operators.search')}>
          <TextInput
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field label={t('admin.operators.roles')}>
          <Select
            value={list.query.filters.role ?? ''}
            onChange={(event) => list.setQuery({ filters: { role: event.target.value } })}
            options={[
              { value: '', label: t('admin.operators.any_role') },
              ...OPERATOR_ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) })),
            ]}
          />
        </Field>
        <Field label={t('admin.operators.status')}>
          <Select
            value={list.query.filters.status ?? ''}
            onChange={(event) => list.setQuery({ filters: { status: event.target.value } })}
            options={[
              { value: '', label: t('admin.operators.any_status') },
              { value: 'active', label: t('admin.operators.active') },
              { value: 'disabled', label: t('admin.operators.disabled') },
            ]}
          />
        </Field>
        <Button type="submit">{t('admin.actions.search')}</Button>
      </form>
      <DataTable
        caption={t('admin.operators.caption')}
        columns={columns}
        rows={read.data?.items}
        getRowKey={(row) => row.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.operators.empty')}
      />
      {open?.kind === 'create' ? (
        <CreateOperatorDialog
          onClosed={close}
          onCreated={(created) => {
            read.reload()
            setOpen({ kind: 'created', created })
          }}
        />
      ) : null}
      {open?.kind === 'created' ? (
        <CreatedOperatorDialog created={open.created} onClosed={close} />
      ) : null}
      {open?.kind === 'edit' ? (
        <EditOperatorDialog account={open.account} onSaved={read.reload} onClosed={close} />
      ) : null}
      {open?.kind === 'disable' || open?.kind === 'enable' ? (
        <ConfirmDialog
          id="admin-operator-status"
          title={t(`admin.operators.${open.kind}_title`, { email: open.account.email })}
          description={t(`admin.operators.${open.kind}_description`)}
          confirmLabel={t(`admin.operators.${open.kind}`)}
          onConfirm={async () => {
            await adminSend('POST', `/admin/api/operators/${open.account.id}/${open.kind}`)
            read.reload()
          }}
          onClosed={close}
        />
      ) : null}
    </AdminPage>
  )
}
