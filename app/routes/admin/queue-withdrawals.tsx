import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCY_CODES } from '#common/money.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select } from '#app/components/admin/form.tsx'
import { Money } from '#app/components/admin/money.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { Button } from '#app/components/ui/button.tsx'
import {
  DecisionNotice,
  EmailFilter,
  PlayerCell,
  formatWhen,
} from '#app/components/admin/queues/queue-parts.tsx'

interface Withdrawal {
  id: string
  status: string
  method_name: string
  currency: string
  amount: string
  wallet_currency: string
  wallet_amount: string
  details: Record<string, string>
  created_at: string
  player: { id: string; email: string; name: string }
  approvals: { needed: 1 | 2; first: { id: string; name: string; at: string } | null }
}
interface WithdrawalPage {
  withdrawals: Withdrawal[]
  total: number
  page: number
  pageSize: number
}

const STATUSES = ['pending', 'completed', 'rejected', 'cancelled'] as const
const APPROVALS = ['awaiting_first', 'awaiting_second'] as const
const TONE: Record<string, 'warning' | 'good' | 'bad' | 'neutral'> = {
  pending: 'warning',
  completed: 'good',
  rejected: 'bad',
}

type Step = { withdrawal: Withdrawal; decision: 'approve' | 'reject' } | null

/**
 * `/admin/queues/withdrawals/`: the withdrawals waiting for finance. Above the second-approval
 * amount two operators approve: the first approval is recorded, and the payout waits for
 * another operator (the server refuses the same one, from any session).
 */
export default function WithdrawalQueue() {
  const { t } = useTranslation()
  const { operator, can } = useOperator()
  const list = useListQuery({ pageSize: 20 })
  const read = useAdminData<WithdrawalPage>('/admin/api/withdrawals', list.apiQuery)
  const [step, setStep] = useState<Step>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const mayDecide = can('finance')

  const approvalText = (row: Withdrawal) => {
    if (row.approvals.needed === 1) return t('admin.queues.withdrawals.one_approval')
    if (!row.approvals.first) return t('admin.queues.withdrawals.two_approvals')
    return t(
      row.status === 'pending'
        ? 'admin.queues.withdrawals.first_by'
        : 'admin.queues.withdrawals.first_was',
      {
        name:
          row.approvals.first.id === operator.id
            ? t('admin.queues.withdrawals.you')
            : row.approvals.first.name,
        when: formatWhen(row.approvals.first.at),
      },
    )
  }
  const isOwnFirst = (row: Withdrawal) => row.approvals.first?.id === operator.id

  const columns: Column<Withdrawal>[] = [
    {
      key: 'created',
      header: t('admin.queues.withdrawals.requested'),
      sortField: 'createdAt',
      render: (row) => formatWhen(row.created_at),
    },
    {
      key: 'player',
      header: t('admin.queues.player'),
      render: (row) => <PlayerCell player={row.player} />,
    },
    {
      key: 'amount',
      header: t('admin.queues.amount'),
      sortField: 'amount',
      isNumeric: true,
      render: (row) => (
        <span className="flex flex-col items-end">
          <Money minor={row.wallet_amount} currency={row.wallet_currency} />
          {row.currency !== row.wallet_currency ? (
            <span className="text-xs text-ink-muted">
              <Money minor={row.amount} currency={row.currency} />
            </span>
          ) : null}
        </span>
      ),
    },
    { key: 'method', header: t('admin.queues.method'), render: (row) => row.method_name },
    {
      key: 'approvals',
      header: t('admin.queues.withdrawals.approvals'),
      render: (row) => <span className="text-sm">{approvalText(row)}</span>,
    },
    {
      key: 'status',
      header: t('admin.queues.status'),
      render: (row) => (
        <span className="flex flex-col gap-1">
          <StatusBadge tone={TONE[row.status] ?? 'neutral'}>
            {t(`admin.queues.withdrawals.statuses.${row.status}`, { defaultValue: row.status })}
          </StatusBadge>
          {row.details.reason ? (
            <span className="text-xs text-ink-muted">{row.details.reason}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('admin.queues.actions'),
      render: (row) =>
        mayDecide && row.status === 'pending' ? (
          <span className="flex flex-wrap gap-2">
            {isOwnFirst(row) ? (
              <span className="text-xs text-ink-muted">
                {t('admin.queues.withdrawals.waiting_other')}
              </span>
            ) : (
              <Button
                className="min-h-10 px-3"
                onClick={() => setStep({ withdrawal: row, decision: 'approve' })}
                aria-label={t('admin.queues.withdrawals.approve_label', {
                  email: row.player.email,
                })}
              >
                {t('admin.queues.withdrawals.approve')}
              </Button>
            )}
            <Button
              variant="secondary"
              className="min-h-10 px-3"
              onClick={() => setStep({ withdrawal: row, decision: 'reject' })}
              aria-label={t('admin.queues.withdrawals.reject_label', { email: row.player.email })}
            >
              {t('admin.queues.withdrawals.reject')}
            </Button>
          </span>
        ) : null,
    },
  ]

  const decide = async (withdrawal: Withdrawal, decision: 'approve' | 'reject', reason: string) => {
    const answer = await adminSend<Withdrawal>(
      'POST',
      `/admin/api/withdrawals/${withdrawal.id}/${decision}`,
      decision === 'reject' ? { reason } : undefined,
    )
    const values = { email: withdrawal.player.email }
    setNotice(
      decision === 'reject'
        ? t('admin.queues.withdrawals.rejected_notice', values)
        : answer.status === 'pending'
          ? t('admin.queues.withdrawals.first_notice', values)
          : t('admin.queues.withdrawals.paid_notice', values),
    )
    read.reload()
  }

  const approveText = (row: Withdrawal) =>
    row.approvals.needed === 2 && !row.approvals.first
      ? t('admin.queues.withdrawals.approve_first_text')
      : t('admin.queues.withdrawals.approve_pay_text')

  return (
    <AdminPage
      title={t('admin.queues.withdrawals.title')}
      description={t('admin.queues.withdrawals.description')}
    >
      <DecisionNotice text={notice} />
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('admin.queues.status')} className="w-full sm:w-44">
          <Select
            value={list.query.filters.status ?? 'pending'}
            onChange={(event) => list.setQuery({ filters: { status: event.target.value } })}
            options={STATUSES.map((value) => ({
              value,
              label: t(`admin.queues.withdrawals.statuses.${value}`),
            }))}
          />
        </Field>
        <Field label={t('admin.queues.withdrawals.approvals')} className="w-full sm:w-60">
          <Select
            value={list.query.filters.approval ?? ''}
            onChange={(event) => list.setQuery({ filters: { approval: event.target.value } })}
            options={[
              { value: '', label: t('admin.queues.filters.any') },
              ...APPROVALS.map((value) => ({
                value,
                label: t(`admin.queues.withdrawals.${value}`),
              })),
            ]}
          />
        </Field>
        <Field label={t('admin.queues.currency')} className="w-full sm:w-36">
          <Select
            value={list.query.filters.currency ?? ''}
            onChange={(event) => list.setQuery({ filters: { currency: event.target.value } })}
            options={[
              { value: '', label: t('admin.queues.filters.any') },
              ...CURRENCY_CODES.map((value) => ({ value, label: value })),
            ]}
          />
        </Field>
        <EmailFilter
          value={list.query.filters.email ?? ''}
          onApply={(email) => list.setQuery({ filters: { email } })}
        />
      </div>
      <DataTable
        caption={t('admin.queues.withdrawals.caption')}
        columns={columns}
        rows={read.data?.withdrawals}
        getRowKey={(row) => row.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.queues.withdrawals.empty')}
      />
      {step ? (
        <ConfirmDialog
          id="withdrawal-decision"
          title={t(
            step.decision === 'approve'
              ? 'admin.queues.withdrawals.approve_title'
              : 'admin.queues.withdrawals.reject_title',
            { email: step.withdrawal.player.email },
          )}
          description={
            step.decision === 'approve'
              ? approveText(step.withdrawal)
              : t('admin.queues.withdrawals.reject_text')
          }
          confirmLabel={t(
            step.decision === 'approve'
              ? 'admin.queues.withdrawals.approve'
              : 'admin.queues.withdrawals.reject',
          )}
          {...(step.decision === 'reject' && { reasonLabel: t('admin.queues.withdrawals.reason') })}
          onConfirm={(reason) => decide(step.withdrawal, step.decision, reason)}
          onClosed={() => setStep(null)}
        >
          <p className="text-lg font-semibold">
            <Money
              minor={step.withdrawal.wallet_amount}
              currency={step.withdrawal.wallet_currency}
            />{' '}
            <span className="text-sm font-normal text-ink-muted">
              · {step.withdrawal.method_name}
            </span>
          </p>
        </ConfirmDialog>
      ) : null}
    </AdminPage>
  )
}
