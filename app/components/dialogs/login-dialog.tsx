import { useState, type SubmitEvent } from 'react'
import { useRevalidator } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { ApiError } from '#app/lib/api.ts'
import { logIn } from '#app/state/session-actions.ts'
import { showToast } from '#app/state/toast-store.ts'

/**
 * Sign in with e-mail and password. On success the dialog closes onto the page it was opened
 * over (a cabinet tab sends visitors here and gets them back), and the page reloads its data as
 * the signed-in player.
 */
export default function LoginDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setIsSubmitting(true)
    setError(null)
    try {
      const field = (name: string) => {
        const value = form.get(name)
        return typeof value === 'string' ? value : ''
      }
      await logIn({ email: field('email'), password: field('password') }, t)
      // Reload the page's data as the player first, then close onto it.
      await revalidator.revalidate()
      onClosed()
    } catch (caught) {
      // Spec §8: a failed login is a toast; the reason also stays beside the form.
      const message = caught instanceof ApiError ? caught.message : t('auth.login_failed')
      setError(message)
      showToast({ tone: 'error', title: t('auth.login_failed') })
      setIsSubmitting(false)
    }
  }

  return (
    <Dialog
      id="login"
      title={t('auth.login_title')}
      description={t('auth.login_text')}
      onClosed={onClosed}
      size="sm"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => void onSubmit(event)}
        noValidate={false}
      >
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          maxLength={254}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={256}
        />
        {error ? (
          <p
            role="alert"
            className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {error}
          </p>
        ) : null}
        <Button type="submit" isBusy={isSubmitting} className="w-full">
          {t('auth.login_submit')}
        </Button>
      </form>
    </Dialog>
  )
}
