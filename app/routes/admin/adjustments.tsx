import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select } from '#app/components/admin/form.tsx'
import { Money } from '#app/components/admin/money.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { when, type Adjustment, type Paged } from '#app/components/admin/players/types.ts'
import { Button } from '#app/components/ui/button.tsx'

const TONE = { pending: 'warning', approved: 'good', rejected: 'bad' } as const

/** `/admin/adjustments/`: the four-eyes queue of balance adjustments. */
export default function AdminAdjustments() {
  const { t } = useTranslation()
  const { operator, can } = useOperator()
  const list = useListQuery({ sort: 'requested' })
  const filters = { status: 'pending', ...list.query.filters }
  const read = useAdminData<{ adjustments: Adjustment[] } & Paged>('/admin/api/adjustments', {
    ...list.apiQuery,
    status: filters.status === 'any' ? undefined : filters.status,
  })
  const [deciding, setDeciding] = useState<{ row: Adjustment; decision: 'approve' | 'reject' }>()
  const [status, setStatus] = useState('')
  const mayDecide = can('finance')

  const columns: Column<Adjustment>[] = [
    {
      key: 'requested',
      header: t('admin.adjustments.col.requested'),
      sortField: 'requested',
      render: (row) => when(row.requestedAt),
    },
    {
      key: 'player',
      header: t('admin.adjustments.col.player'),
      render: (row) => (
        <Link to={`/admin/players/${row.playerId}/`} className="break-all text-gold underline">
          {row.playerEmail ?? row.playerId}
        </Link>
      ),
    },
    {
      key: 'amount',
      header: t('admin.adjustments.col.amount'),
      isNumeric: true,
      render: (row) => <Money minor={row.amountMinor} currency={row.currency} />,
    },
    { key: 'reason', header: t('admin.adjustments.col.reason'), render: (row) => row.reason },
    {
      key: 'requestedBy',
      header: t('admin.adjustments.col.requested_by'),
      render: (row) => row.requestedByName ?? row.requestedBy,
    },
    {
      key: 'status',
      header: t('admin.adjustments.col.status'),
      render: (row) => (
        <StatusBadge tone={TONE[row.status]}>
          {t(`admin.adjustments.status.${row.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'decision',
      header: t('admin.adjustments.col.decision'),
      render: (row) => {
        if (row.status !== 'pending') {
          return (
            <span className="text-xs">
              {t('admin.adjustments.decided_by', {
                name: row.decidedByName ?? '—',
                when: row.decidedAt ? when(row.decidedAt) : '',
              })}
              {row.rejectReason ? ` · ${row.rejectReason}` : ''}
            </span>
          )
        }
        if (!mayDecide) return null
        if (row.requestedBy === operator.id) {
          return (
            <span className="text-xs text-ink-muted">{t('admin.adjustments.own_request')}</span>
          )
        }
        return (
          <span className="flex flex-wrap gap-2">
            <Button onClick={() => setDeciding({ row, decision: 'approve' })}>
              {t('admin.adjustments.approve')}
            </Button>
            <Button variant="secondary" onClick={() => setDeciding({ row, decision: 'reject' })}>
              {t('admin.adjustments.reject')}
            </Button>
          </span>
        )
      },
    },
  ]

  return (
    <AdminPage
      title={t('admin.adjustments.title')}
      description={t('admin.adjustments.description')}
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('admin.adjustments.status_label')} className="w-48">
          <Select
            value={filters.status}
            onChange={(event) => list.setQuery({ filters: { status: event.target.value } })}
            options={[
              { value: 'pending', label: t('admin.adjustments.status.pending') },
              { value: 'approved', label: t('admin.adjustments.status.approved') },
              { value: 'rejected', label: t('admin.adjustments.status.rejected') },
              { value: 'any', label: t('admin.adjustments.status_any') },
            ]}
          />
        </Field>
      </div>
      <p role="status" className="text-sm text-success">
        {status}
      </p>
      <DataTable
        caption={t('admin.adjustments.caption')}
        columns={columns}
        rows={read.data?.adjustments}
        getRowKey={(row) => row.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.adjustments.empty')}
      />
      {deciding?.decision === 'approve' ? (
        <ConfirmDialog
          id="admin-adjustment-approve"
          title={t('admin.adjustments.approve_title')}
          description={t('admin.adjustments.approve_description', {
            amount: isCurrencyCode(deciding.row.currency)
              ? formatMoney(BigInt(deciding.row.amountMinor), deciding.row.currency, 'en')
              : deciding.row.amountMinor,
            player: deciding.row.playerEmail ?? deciding.row.playerId,
          })}
          confirmLabel={t('admin.adjustments.approve')}
          onClosed={() => setDeciding(undefined)}
          onConfirm={async () => {
            await adminSend('POST', `/admin/api/adjustments/${deciding.row.id}/approve`)
            setStatus(t('admin.adjustments.approved'))
            read.reload()
          }}
        />
      ) : null}
      {deciding?.decision === 'reject' ? (
        <ConfirmDialog
          id="admin-adjustment-reject"
          title={t('admin.adjustments.reject_title')}
          reasonLabel={t('admin.adjustments.reject_reason')}
          confirmLabel={t('admin.adjustments.reject')}
          onClosed={() => setDeciding(undefined)}
          onConfirm={async (reason) => {
            await adminSend('POST', `/admin/api/adjustments/${deciding.row.id}/reject`, { reason })
            setStatus(t('admin.adjustments.rejected'))
            read.reload()
          }}
        />
      ) : null}
    </AdminPage>
  )
}
