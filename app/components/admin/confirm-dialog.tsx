import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field, FormError, TextArea } from './form.tsx'
import { useFormSubmit } from './use-form-submit.ts'

interface Props {
  id: string
  title: string
  description?: string
  confirmLabel: string
  /** Asks for a reason (1–500 characters) and passes it to `onConfirm`. */
  reasonLabel?: string
  children?: ReactNode
  onConfirm: (reason: string) => Promise<void>
  onClosed: () => void
}

/**
 * Asks before a decision that cannot be undone (approve, reject, lock), with an optional reason;
 * the refusal of the call stays in the dialog, which closes only once the call succeeded.
 */
export function ConfirmDialog({
  id,
  title,
  description,
  confirmLabel,
  reasonLabel,
  children,
  onConfirm,
  onClosed,
}: Props) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const { isBusy, error, submit } = useFormSubmit(async () => {
    await onConfirm(reason.trim())
    onClosed()
  })

  return (
    <Dialog id={id} title={title} {...(description && { description })} onClosed={onClosed}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          // React's events bubble through the dialog's portal: a dialog opened from inside a form
          // would submit that form too.
          event.stopPropagation()
          void submit(event)
        }}
      >
        {children}
        {reasonLabel ? (
          <Field label={reasonLabel}>
            <TextArea
              required
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
        ) : null}
        <FormError error={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClosed}>
            {t('admin.actions.cancel')}
          </Button>
          <Button type="submit" isBusy={isBusy} disabled={Boolean(reasonLabel) && !reason.trim()}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
