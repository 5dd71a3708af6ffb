import { useId, useRef, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { showToast } from '#app/state/toast-store.ts'
import { fieldErrorsOf, messageOf, withoutError, type FieldErrors } from './form-errors.ts'

/** The kinds of document the server accepts, in the order the select offers them. */
export const DOCUMENT_TYPES = [
  'passport',
  'id_card',
  'driving_licence',
  'proof_of_address',
  'selfie',
] as const

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf']
/** The server's limit; checked here too so a large file is refused before it is sent. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024

/** Refusals of an upload that are about one field. */
const CODE_FIELDS: Record<string, string> = {
  'documents.type_invalid': 'type',
  'documents.file_missing': 'file',
  'documents.too_large': 'file',
  'documents.unsupported_type': 'file',
  'documents.extension_mismatch': 'file',
  'documents.too_many_files': 'file',
}

const selectClassName =
  'min-h-11 w-full rounded-xl border border-line bg-surface px-3.5 text-base text-ink focus:border-gold focus:outline-none aria-invalid:border-danger'

/** Uploads one document (`POST /player/upload-document`, multipart `type` and `file`). */
export function DocumentUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [type, setType] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isBusy, setIsBusy] = useState(false)

  const checkFile = (chosen: File | null): string | undefined => {
    if (!chosen) return t('account.documents.file_required')
    // Some systems report no type; the server checks the content either way.
    if (chosen.type && !ACCEPTED_TYPES.includes(chosen.type)) {
      return t('account.documents.file_wrong_type')
    }
    if (chosen.size > MAX_DOCUMENT_BYTES) return t('account.documents.file_too_large')
    return undefined
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: FieldErrors = {}
    if (!type) found.type = t('account.documents.type_required')
    const fileError = checkFile(file)
    if (fileError) found.file = fileError
    setErrors(found)
    if (Object.keys(found).length > 0 || !file) return
    const form = new FormData()
    form.append('type', type)
    form.append('file', file)
    setIsBusy(true)
    try {
      await apiFetch('/player/upload-document', { method: 'POST', form })
      showToast({ tone: 'success', title: t('account.documents.uploaded') })
      setType('')
      setFile(null)
      if (fileInput.current) fileInput.current.value = ''
      onUploaded()
    } catch (error) {
      const fields = fieldErrorsOf(error, CODE_FIELDS)
      setErrors(fields)
      if (!('type' in fields) && !('file' in fields)) {
        showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
      }
    } finally {
      setIsBusy(false)
    }
  }

  const describe = (name: string, extra = '') =>
    [errors[name] ? `${id}-${name}-error` : '', extra].filter(Boolean).join(' ') || undefined

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-xl border border-dashed border-line p-4"
      data-testid="document-upload-form"
    >
      <h3 className="text-sm font-bold text-ink">{t('account.documents.upload_title')}</h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-type`} className="text-sm font-medium text-ink">
            {t('account.documents.type')}
          </label>
          <select
            id={`${id}-type`}
            name="type"
            required
            value={type}
            onChange={(event) => {
              setType(event.target.value)
              setErrors((current) => withoutError(current, 'type'))
            }}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={describe('type')}
            className={selectClassName}
          >
            <option value="">{t('account.documents.choose_type')}</option>
            {DOCUMENT_TYPES.map((name) => (
              <option key={name} value={name}>
                {t(`documents.types.${name}`)}
              </option>
            ))}
          </select>
          {errors.type ? (
            <p id={`${id}-type-error`} className="text-xs text-danger">
              {errors.type}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-ink">
            {t('account.documents.file')}
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            name="file"
            type="file"
            required
            accept={ACCEPTED_TYPES.join(',')}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null
              setFile(chosen)
              // Say at once what is wrong with the chosen file; a good one clears the message.
              const error = chosen ? checkFile(chosen) : undefined
              setErrors((current) => {
                const rest = withoutError(current, 'file')
                return error ? { ...rest, file: error } : rest
              })
            }}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={describe('file', `${id}-file-hint`)}
            className="min-h-11 w-full min-w-0 rounded-xl border border-line bg-surface text-sm text-ink-muted file:me-3 file:min-h-11 file:border-0 file:border-e file:border-line file:bg-surface-raised file:px-4 file:font-semibold file:text-ink focus:border-gold focus:outline-none aria-invalid:border-danger"
          />
          <p id={`${id}-file-hint`} className="text-xs text-ink-muted">
            {t('account.documents.file_hint')}
          </p>
          {errors.file ? (
            <p id={`${id}-file-error`} className="text-xs text-danger">
              {errors.file}
            </p>
          ) : null}
        </div>
      </div>
      <div>
        <Button type="submit" isBusy={isBusy} className="w-full xsm:w-auto">
          {t('account.documents.upload')}
        </Button>
      </div>
    </form>
  )
}
