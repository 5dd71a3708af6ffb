import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFetch, resetCsrfToken } from '#app/lib/api.ts'
import { Field, FormError, SubmitButton, TextInput } from './form.tsx'
import type { ConsoleOperator } from './console-session.ts'

/** The operators' sign-in: e-mail, password and the authenticator's code, all three required. */
export function SignInForm({
  notice,
  onSignedIn,
}: {
  /** Why the form shows (signed out after inactivity, the session ended). */
  notice: string | null
  onSignedIn: (operator: ConsoleOperator) => void
}) {
  const { t } = useTranslation()
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' ? value : ''
    }
    setIsBusy(true)
    setError(null)
    try {
      const answer = await apiFetch<{ data: ConsoleOperator }>('/admin/api/login', {
        method: 'POST',
        body: {
          email: text('email'),
          password: text('password'),
          otp: text('otp'),
        },
      })
      // A new session has its own CSRF token.
      resetCsrfToken()
      onSignedIn(answer.data)
    } catch (caught) {
      setError(caught)
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface px-4 py-10 text-ink">
      <form
        onSubmit={(event) => void submit(event)}
        className="flex w-full max-w-sm flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-6"
      >
        <div className="flex flex-col gap-1">
          <p className="text-sm font-bold text-gold">{t('admin.title')}</p>
          <h1 className="text-2xl font-bold">{t('admin.session.sign_in_title')}</h1>
        </div>
        {notice ? (
          <p role="status" className="rounded-xl border border-gold/40 px-3 py-2 text-sm">
            {notice}
          </p>
        ) : null}
        <Field label={t('admin.session.email')}>
          <TextInput name="email" type="email" autoComplete="username" required />
        </Field>
        <Field label={t('admin.session.password')}>
          <TextInput name="password" type="password" autoComplete="current-password" required />
        </Field>
        <Field label={t('admin.session.code')} hint={t('admin.session.code_hint')}>
          <TextInput
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
        </Field>
        <FormError error={error} />
        <SubmitButton isBusy={isBusy}>{t('admin.session.sign_in')}</SubmitButton>
      </form>
    </main>
  )
}
