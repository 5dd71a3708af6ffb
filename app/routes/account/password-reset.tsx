import { useState, type SubmitEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/password-reset'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { pageMeta } from '#app/lib/meta.ts'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.password-reset.title')

/** `/{loc}/a/password-reset?token=`: the link from the reset e-mail sets a new password. */
export default function PasswordReset() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { linkTo } = useDialog()
  const token = params.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [isDone, setIsDone] = useState(false)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSubmitting(true)
    setError(undefined)
    try {
      await apiFetch('/users/password-reset-change-password', {
        method: 'POST',
        body: { token, password },
      })
      setIsDone(true)
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? (caught.fields['body.password']?.[0] ?? caught.fields.password?.[0] ?? caught.message)
          : t('auth.something_went_wrong'),
      )
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6" data-testid="section-password-reset">
      <PageHeading
        title={t('pages.password-reset.title')}
        intro={t('pages.password-reset.intro')}
      />
      {!token ? (
        <EmptyState
          title={t('auth.reset.no_token_title')}
          text={t('auth.reset.no_token_text')}
          action={
            <Link {...linkTo(DIALOGS.forgotPassword)} className={buttonClassName('primary')}>
              {t('auth.forgot.title')}
            </Link>
          }
        />
      ) : isDone ? (
        <EmptyState
          title={t('auth.reset.done_title')}
          text={t('auth.reset.done_text')}
          action={
            <Link {...linkTo(DIALOGS.login)} className={buttonClassName('primary')}>
              {t('auth.login')}
            </Link>
          }
        />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('auth.reset.new_password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={256}
            autoFocus
            value={password}
            error={error}
            hint={t('auth.register.password_hint')}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" isBusy={isSubmitting}>
            {t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </div>
  )
}
