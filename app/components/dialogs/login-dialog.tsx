import { useState, type SubmitEvent } from 'react'
import { Link, useRevalidator } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { ApiError } from '#app/lib/api.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { INPUT_MASKS, applyMask } from '#app/lib/format/input-mask.ts'
import { logIn, type Credentials } from '#app/state/session-actions.ts'
import { showToast } from '#app/state/toast-store.ts'
import { useDialog } from './use-dialog.ts'

const formText = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * Sign in with e-mail and password, then, when the account has two-factor authentication, a code
 * from the app (the credentials of the first step are sent again with it). On success the
 * dialog closes onto the page it was opened over, which reloads as the signed-in player.
 */
export default function LoginDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const { linkTo } = useDialog()
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** Kept from step one while the code is asked for. */
  const [pending, setPending] = useState<Credentials | null>(null)
  const [code, setCode] = useState('')

  const submit = async (credentials: Credentials) => {
    setIsSubmitting(true)
    setError(null)
    try {
      const answer = await logIn(credentials, t)
      if (answer.two_factor_otp) {
        setPending({ email: credentials.email, password: credentials.password })
        setIsSubmitting(false)
        return
      }
      // Reload the page's data as the player first, then close onto it.
      await revalidator.revalidate()
      onClosed()
    } catch (caught) {
      // A failed login is a toast; the reason also stays beside the form.
      setError(caught instanceof ApiError ? caught.message : t('auth.login_failed'))
      showToast({ tone: 'error', title: t('auth.login_failed') })
      setIsSubmitting(false)
    }
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if (pending) void submit({ ...pending, otp: code })
    else void submit({ email: formText(form, 'email'), password: formText(form, 'password') })
  }

  return (
    <Dialog
      id="login"
      title={t('auth.login_title')}
      description={pending ? t('auth.otp_text') : t('auth.login_text')}
      onClosed={onClosed}
      size="sm"
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        {pending ? (
          <TextField
            key="otp"
            label={t('auth.otp_label')}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(applyMask(event.target.value, INPUT_MASKS.otp))}
            hint={t('auth.otp_hint')}
          />
        ) : (
          <>
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
          </>
        )}
        {error ? (
          <p
            role="alert"
            className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {error}
          </p>
        ) : null}
        <Button type="submit" isBusy={isSubmitting} className="w-full">
          {pending ? t('auth.otp_submit') : t('auth.login_submit')}
        </Button>
        {pending ? null : (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Link {...linkTo(DIALOGS.forgotPassword)} className="text-gold hover:underline">
              {t('auth.forgot_password')}
            </Link>
            <Link {...linkTo(DIALOGS.register)} className="font-semibold text-gold hover:underline">
              {t('auth.no_account')}
            </Link>
          </div>
        )}
      </form>
    </Dialog>
  )
}
