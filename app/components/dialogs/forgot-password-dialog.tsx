import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { ApiError, apiFetch } from '#app/lib/api.ts'

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * the dialog says the same too.
 */
export default function ForgotPasswordDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [isSent, setIsSent] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSubmitting(true)
    setError(null)
    try {
      await apiFetch('/users/request-password-reset', { method: 'POST', body: { email } })
      setIsSent(true)
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('auth.something_went_wrong'))
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Dialog
      id="forgot-password"
      title={t('auth.forgot.title')}
      description={t('auth.forgot.text')}
      onClosed={onClosed}
      size="sm"
    >
      {isSent ? (
        <p
          role="status"
          className="rounded-xl border border-success/40 bg-success/10 p-4 text-sm text-ink"
        >
          {t('auth.forgot.sent', { email })}
        </p>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            maxLength={254}
            value={email}
            error={error ?? undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" isBusy={isSubmitting} className="w-full">
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  )
}
