import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDecimal, isCurrencyCode, parseDecimal } from '#common/money.ts'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, TextInput } from '#app/components/admin/form.tsx'
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

interface BankDeposit {
  id: string
  currency: string
  amount: string
  created_at: string
  provider_reference: string | null
  player: { id: string; email: string; name: string }
}
interface DepositPage {
  deposits: BankDeposit[]
  total: number
  page: number
  pageSize: number
}

/**
 * `/admin/queues/bank-deposits/`: bank transfers players announced, oldest first. Finance
 * confirms each with the amount the bank statement shows arrived, in the deposit's currency.
 */
export default function BankDepositQueue() {
  const { t } = useTranslation()
  const { can } = useOperator()
  const list = useListQuery({ pageSize: 20 })
  const read = useAdminData<DepositPage>('/admin/api/deposits/bank', list.apiQuery)
  const [confirming, setConfirming] = useState<BankDeposit | null>(null)
  const [received, setReceived] = useState('')
  const [notice, setNotice] = useState<string | null>(null)

  const open = (deposit: BankDeposit) => {
    setReceived(
      isCurrencyCode(deposit.currency)
        ? formatDecimal(BigInt(deposit.amount), deposit.currency)
        : '',
    )
    setConfirming(deposit)
  }

  const columns: Column<BankDeposit>[] = [
    {
      key: 'created',
      header: t('admin.queues.bank.announced_at'),
      render: (row) => formatWhen(row.created_at),
    },
    {
      key: 'player',
      header: t('admin.queues.player'),
      render: (row) => <PlayerCell player={row.player} />,
    },
    {
      key: 'reference',
      header: t('admin.queues.bank.reference'),
      render: (row) => <span className="font-mono">{row.provider_reference ?? '—'}</span>,
    },
    {
      key: 'amount',
      header: t('admin.queues.bank.announced_amount'),
      isNumeric: true,
      render: (row) => <Money minor={row.amount} currency={row.currency} />,
    },
    {
      key: 'actions',
      header: t('admin.queues.actions'),
      render: (row) =>
        can('finance') ? (
          <Button
            className="min-h-10 px-3"
            onClick={() => open(row)}
            aria-label={t('admin.queues.bank.confirm_label', {
              reference: row.provider_reference ?? row.id,
            })}
          >
            {t('admin.queues.bank.confirm')}
          </Button>
        ) : null,
    },
  ]

  const confirm = async (deposit: BankDeposit) => {
    if (!isCurrencyCode(deposit.currency)) throw new Error(t('admin.queues.bank.amount_invalid'))
    const parsed = parseDecimal(received.trim(), deposit.currency)
    if (!parsed.ok || parsed.minor <= 0n) {
      throw new Error(t('admin.queues.bank.amount_invalid', { currency: deposit.currency }))
    }
    const result = await adminSend<{ status: string }>(
      'POST',
      `/admin/api/deposits/${deposit.id}/confirm`,
      { amount: parsed.minor.toString(), currency: deposit.currency },
    )
    const values = {
      reference: deposit.provider_reference ?? deposit.id,
      amount: `${formatDecimal(parsed.minor, deposit.currency)} ${deposit.currency}`,
    }
    setNotice(
      result.status === 'completed'
        ? t('admin.queues.bank.credited_notice', values)
        : t('admin.queues.bank.held_notice', values),
    )
    read.reload()
  }

  return (
    <AdminPage
      title={t('admin.queues.bank.title')}
      description={t('admin.queues.bank.description')}
    >
      <DecisionNotice text={notice} />
      <EmailFilter
        value={list.query.filters.email ?? ''}
        onApply={(email) => list.setQuery({ filters: { email } })}
      />
      <DataTable
        caption={t('admin.queues.bank.caption')}
        columns={columns}
        rows={read.data?.deposits}
        getRowKey={(row) => row.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.queues.bank.empty')}
      />
      {confirming ? (
        <ConfirmDialog
          id="bank-deposit-confirm"
          title={t('admin.queues.bank.confirm_title', {
            reference: confirming.provider_reference ?? confirming.id,
          })}
          description={t('admin.queues.bank.confirm_text', { email: confirming.player.email })}
          confirmLabel={t('admin.queues.bank.confirm')}
          onConfirm={() => confirm(confirming)}
          onClosed={() => setConfirming(null)}
        >
          <p className="text-sm text-ink-muted">
            {t('admin.queues.bank.announced_amount')}:{' '}
            <Money minor={confirming.amount} currency={confirming.currency} />
          </p>
          <Field
            label={t('admin.queues.bank.received', { currency: confirming.currency })}
            hint={t('admin.queues.bank.received_hint', { currency: confirming.currency })}
          >
            <TextInput
              inputMode="decimal"
              required
              autoComplete="off"
              value={received}
              onChange={(event) => setReceived(event.target.value)}
            />
          </Field>
        </ConfirmDialog>
      ) : null}
    </AdminPage>
  )
}
