import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Money } from '#app/components/admin/money.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { Button } from '#app/components/ui/button.tsx'
import {
  DecisionNotice,
  EmailFilter,
  PlayerCell,
  formatWhen,
} from '#app/components/admin/queues/queue-parts.tsx'

interface HeldDeposit {
  id: string
  method_name: string
  currency: string
  amount: string
  wallet_currency: string
  wallet_amount: string
  details: Record<string, string>
  created_at: string
  provider_reference: string | null
  player: { id: string; email: string; name: string }
}
interface DepositPage {
  deposits: HeldDeposit[]
  total: number
  page: number
  pageSize: number
}

type Step = { deposit: HeldDeposit; decision: 'release' | 'return' } | null

/**
 * `/admin/queues/crypto/`: deposits held for review (mostly crypto transfers that sent more than
 * the method's maximum or the player's deposit limit): release to the player, or return to the
 * sender with a reason.
 */
export default function HeldDepositQueue() {
  const { t } = useTranslation()
  const { can } = useOperator()
  const list = useListQuery({ pageSize: 20 })
  const read = useAdminData<DepositPage>('/admin/api/deposits/review', list.apiQuery)
  const [step, setStep] = useState<Step>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const columns: Column<HeldDeposit>[] = [
    {
      key: 'created',
      header: t('admin.queues.held.arrived'),
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
      isNumeric: true,
      render: (row) => (
        <span className="flex flex-col items-end">
          <Money minor={row.amount} currency={row.currency} />
          {row.currency !== row.wallet_currency ? (
            <span className="text-xs text-ink-muted">
              <Money minor={row.wallet_amount} currency={row.wallet_currency} />
            </span>
          ) : null}
        </span>
      ),
    },
    { key: 'method', header: t('admin.queues.method'), render: (row) => row.method_name },
    {
      key: 'why',
      header: t('admin.queues.held.why'),
      render: (row) =>
        t(
          `admin.queues.held.reasons.${row.details.review === 'method_max' ? 'method_max' : 'deposit_limit'}`,
        ),
    },
    {
      key: 'actions',
      header: t('admin.queues.actions'),
      render: (row) =>
        can('finance') ? (
          <span className="flex flex-wrap gap-2">
            <Button
              className="min-h-10 px-3"
              onClick={() => setStep({ deposit: row, decision: 'release' })}
              aria-label={t('admin.queues.held.release_label', { email: row.player.email })}
            >
              {t('admin.queues.held.release')}
            </Button>
            <Button
              variant="secondary"
              className="min-h-10 px-3"
              onClick={() => setStep({ deposit: row, decision: 'return' })}
              aria-label={t('admin.queues.held.return_label', { email: row.player.email })}
            >
              {t('admin.queues.held.return')}
            </Button>
          </span>
        ) : null,
    },
  ]

  const decide = async (deposit: HeldDeposit, decision: 'release' | 'return', reason: string) => {
    await adminSend(
      'POST',
      `/admin/api/deposits/${deposit.id}/${decision}`,
      decision === 'return' ? { reason } : undefined,
    )
    setNotice(
      t(
        decision === 'release'
          ? 'admin.queues.held.released_notice'
          : 'admin.queues.held.returned_notice',
        { email: deposit.player.email },
      ),
    )
    read.reload()
  }

  return (
    <AdminPage
      title={t('admin.queues.held.title')}
      description={t('admin.queues.held.description')}
    >
      <DecisionNotice text={notice} />
      <EmailFilter
        value={list.query.filters.email ?? ''}
        onApply={(email) => list.setQuery({ filters: { email } })}
      />
      <DataTable
        caption={t('admin.queues.held.caption')}
        columns={columns}
        rows={read.data?.deposits}
        getRowKey={(row) => row.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.queues.held.empty')}
      />
      {step ? (
        <ConfirmDialog
          id="held-deposit-decision"
          title={t(
            step.decision === 'release'
              ? 'admin.queues.held.release_title'
              : 'admin.queues.held.return_title',
            { email: step.deposit.player.email },
          )}
          description={t(
            step.decision === 'release'
              ? 'admin.queues.held.release_text'
              : 'admin.queues.held.return_text',
          )}
          confirmLabel={t(
            step.decision === 'release' ? 'admin.queues.held.release' : 'admin.queues.held.return',
          )}
          {...(step.decision === 'return' && { reasonLabel: t('admin.queues.held.reason') })}
          onConfirm={(reason) => decide(step.deposit, step.decision, reason)}
          onClosed={() => setStep(null)}
        >
          <p className="text-lg font-semibold">
            <Money minor={step.deposit.amount} currency={step.deposit.currency} />
          </p>
        </ConfirmDialog>
      ) : null}
    </AdminPage>
  )
}
