import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select } from '#app/components/admin/form.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listTableProps, useAdminData, useListQuery } from '#app/components/admin/use-admin-data.ts'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { DocumentViewer } from '#app/components/admin/queues/document-viewer.tsx'
import {
  DecisionNotice,
  EmailFilter,
  PlayerCell,
  formatWhen,
} from '#app/components/admin/queues/queue-parts.tsx'

interface QueueDocument {
  id: string
  type: string
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  file_name: string
  mime_type: string
  created_at: string
  reviewed_at: string | null
  player: { id: string; email: string; name: string }
}
interface DocumentPage {
  documents: QueueDocument[]
  total: number
  page: number
  pageSize: number
}

const TYPES = ['passport', 'id_card', 'driving_licence', 'proof_of_address', 'selfie'] as const
const STATUSES = ['pending', 'approved', 'rejected'] as const
const TONE = { pending: 'warning', approved: 'good', rejected: 'bad' } as const

type Step = { document: QueueDocument; decision?: 'approve' | 'reject' } | null

/** `/admin/queues/kyc/`: identity documents to review, the file beside the decision. */
export default function KycQueue() {
  const { t } = useTranslation()
  const { can } = useOperator()
  const list = useListQuery({ pageSize: 20 })
  const read = useAdminData<DocumentPage>('/admin/api/documents', list.apiQuery)
  const [step, setStep] = useState<Step>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const mayDecide = can('kyc')

  const typeName = (type: string) => t(`admin.queues.kyc.types.${type}`)
  const columns: Column<QueueDocument>[] = [
    {
      key: 'created',
      header: t('admin.queues.kyc.uploaded'),
      sortField: 'createdAt',
      render: (row) => formatWhen(row.created_at),
    },
    {
      key: 'player',
      header: t('admin.queues.player'),
      render: (row) => <PlayerCell player={row.player} />,
    },
    { key: 'type', header: t('admin.queues.kyc.type'), render: (row) => typeName(row.type) },
    {
      key: 'status',
      header: t('admin.queues.status'),
      render: (row) => (
        <span className="flex flex-col gap-1">
          <StatusBadge tone={TONE[row.status]}>
            {t(`admin.queues.kyc.statuses.${row.status}`)}
          </StatusBadge>
          {row.reason ? <span className="text-xs text-ink-muted">{row.reason}</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('admin.queues.actions'),
      render: (row) => (
        <Button
          variant="secondary"
          className="min-h-10 px-3"
          onClick={() => setStep({ document: row })}
          aria-label={t('admin.queues.kyc.view_label', {
            type: typeName(row.type),
            email: row.player.email,
          })}
        >
          {t('admin.queues.kyc.view')}
        </Button>
      ),
    },
  ]

  const decide = async (
    document: QueueDocument,
    decision: 'approve' | 'reject',
    reason: string,
  ) => {
    await adminSend(
      'POST',
      `/admin/api/documents/${document.id}/${decision}`,
      decision === 'reject' ? { reason } : undefined,
    )
    setNotice(
      t(
        decision === 'approve'
          ? 'admin.queues.kyc.approved_notice'
          : 'admin.queues.kyc.rejected_notice',
        {
          type: typeName(document.type),
          email: document.player.email,
        },
      ),
    )
    read.reload()
  }

  const status = list.query.filters.status ?? 'pending'
  return (
    <AdminPage title={t('admin.queues.kyc.title')} description={t('admin.queues.kyc.description')}>
      <DecisionNotice text={notice} />
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('admin.queues.status')} className="w-full sm:w-44">
          <Select
            value={status}
            onChange={(event) => list.setQuery({ filters: { status: event.target.value } })}
            options={STATUSES.map((value) => ({
              value,
              label: t(`admin.queues.kyc.statuses.${value}`),
            }))}
          />
        </Field>
        <Field label={t('admin.queues.kyc.type')} className="w-full sm:w-52">
          <Select
            value={list.query.filters.type ?? ''}
            onChange={(event) => list.setQuery({ filters: { type: event.target.value } })}
            options={[
              { value: '', label: t('admin.queues.filters.any') },
              ...TYPES.map((value) => ({ value, label: typeName(value) })),
            ]}
          />
        </Field>
        <EmailFilter
          value={list.query.filters.email ?? ''}
          onApply={(email) => list.setQuery({ filters: { email } })}
        />
      </div>
      <DataTable
        caption={t('admin.queues.kyc.caption')}
        columns={columns}
        rows={read.data?.documents}
        getRowKey={(row) => row.id}
        {...listTableProps(list, read)}
        emptyText={t('admin.queues.kyc.empty')}
      />
      {step && !step.decision ? (
        <Dialog
          id="kyc-document"
          size="lg"
          title={t('admin.queues.kyc.document_title', { type: typeName(step.document.type) })}
          description={`${step.document.player.name} · ${step.document.player.email} · ${formatWhen(step.document.created_at)}`}
          onClosed={() => setStep(null)}
        >
          <div className="flex flex-col gap-4">
            <DocumentViewer
              documentId={step.document.id}
              fileName={step.document.file_name}
              mimeType={step.document.mime_type}
            />
            {mayDecide && step.document.status === 'pending' ? (
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="secondary"
                  onClick={() => setStep({ ...step, decision: 'reject' })}
                >
                  {t('admin.queues.kyc.reject')}
                </Button>
                <Button onClick={() => setStep({ ...step, decision: 'approve' })}>
                  {t('admin.queues.kyc.approve')}
                </Button>
              </div>
            ) : null}
          </div>
        </Dialog>
      ) : null}
      {step?.decision ? (
        <ConfirmDialog
          id="kyc-decision"
          title={t(
            step.decision === 'approve'
              ? 'admin.queues.kyc.approve_title'
              : 'admin.queues.kyc.reject_title',
            {
              type: typeName(step.document.type),
            },
          )}
          description={t(
            step.decision === 'approve'
              ? 'admin.queues.kyc.approve_text'
              : 'admin.queues.kyc.reject_text',
            { email: step.document.player.email },
          )}
          confirmLabel={t(
            step.decision === 'approve' ? 'admin.queues.kyc.approve' : 'admin.queues.kyc.reject',
          )}
          {...(step.decision === 'reject' && { reasonLabel: t('admin.queues.kyc.reason') })}
          onConfirm={(reason) => decide(step.document, step.decision ?? 'approve', reason)}
          onClosed={() => setStep(null)}
        />
      ) : null}
    </AdminPage>
  )
}
