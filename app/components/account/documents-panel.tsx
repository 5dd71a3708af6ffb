import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LoadError, SkeletonList } from '#app/components/ui/skeleton.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { formatRelativeTime } from '#app/lib/format/relative-time.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { showToast } from '#app/state/toast-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { DocumentUploadForm } from './document-upload-form.tsx'
import { messageOf } from './form-errors.ts'
import { StatusBadge } from './status-badge.tsx'

/** One entry of `GET /player/get-documents`. */
export interface PlayerDocument {
  id: string
  type: string
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  file_name: string
  mime_type: string
  size_bytes: number
  created_at: string
  reviewed_at: string | null
}

const STATUS_TONES = { pending: 'pending', approved: 'success', rejected: 'danger' } as const

/** Verification tab: the identity documents sent for review, and a form to send another. */
export function DocumentsPanel() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [documents, setDocuments] = useState<PlayerDocument[]>([])

  const load = useCallback(async () => {
    setStatus((current) => (current === 'ready' ? current : 'loading'))
    try {
      const answer = await apiFetch<{ data: { documents: PlayerDocument[] } }>(
        '/player/get-documents',
      )
      setDocuments(answer.data.documents)
      setStatus('ready')
    } catch (error) {
      console.warn('documents', error)
      setStatus('error')
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  return (
    <AccountPanel title={t('account.documents.title')} description={t('account.documents.text')}>
      {status === 'loading' ? (
        <SkeletonList rows={2} label={t('common.loading')} />
      ) : status === 'error' ? (
        <LoadError
          text={t('account.documents.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => void load()}
        />
      ) : documents.length === 0 ? (
        <EmptyState
          title={t('account.documents.empty_title')}
          text={t('account.documents.empty_text')}
        />
      ) : (
        <ul
          className="flex flex-col divide-y divide-line rounded-xl border border-line"
          data-testid="documents-list"
        >
          {documents.map((document) => (
            <li key={document.id}>
              <DocumentRow
                document={document}
                onDeleted={() =>
                  setDocuments((current) => current.filter((entry) => entry.id !== document.id))
                }
              />
            </li>
          ))}
        </ul>
      )}
      <DocumentUploadForm onUploaded={() => void load()} />
    </AccountPanel>
  )
}

function DocumentRow({ document, onDeleted }: { document: PlayerDocument; onDeleted: () => void }) {
  const { t } = useTranslation()
  const localeTag = getLocale(useRootData().locale).tag
  const [isDeleting, setIsDeleting] = useState(false)
  const typeName = t(`documents.types.${document.type}`, { defaultValue: document.type })

  const remove = async () => {
    setIsDeleting(true)
    try {
      await apiFetch('/player/delete-document', { method: 'POST', body: { id: document.id } })
      showToast({ tone: 'success', title: t('account.documents.deleted'), autoClose: 'short' })
      onDeleted()
    } catch (error) {
      showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
      setIsDeleting(false)
    }
  }

  return (
    <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">{typeName}</span>
          <StatusBadge tone={STATUS_TONES[document.status]}>
            {t(`account.documents.status.${document.status}`)}
          </StatusBadge>
        </div>
        <p className="truncate text-sm text-ink-muted" title={document.file_name}>
          <bdi>{document.file_name}</bdi>
        </p>
        <p className="text-xs text-ink-muted">
          {formatSize(document.size_bytes, localeTag)} ·{' '}
          <time dateTime={document.created_at}>
            {formatRelativeTime(new Date(document.created_at), {
              now: Date.now(),
              localeTag,
              justNow: t('time.just_now'),
            })}
          </time>
        </p>
        {document.status === 'rejected' && document.reason ? (
          <p className="text-sm text-danger">
            {t('account.documents.reason', { reason: document.reason })}
          </p>
        ) : null}
      </div>
      {document.status === 'pending' ? (
        <Button
          type="button"
          variant="ghost"
          isBusy={isDeleting}
          onClick={() => void remove()}
          aria-label={t('account.documents.delete_named', { name: typeName })}
          className="self-start sm:self-center"
        >
          {t('account.documents.delete')}
        </Button>
      ) : null}
    </div>
  )
}

function formatSize(bytes: number, localeTag: string): string {
  const isLarge = bytes >= 1024 * 1024
  return new Intl.NumberFormat(localeTag, {
    style: 'unit',
    unit: isLarge ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: isLarge ? 1 : 0,
  }).format(isLarge ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)))
}
