import { useState, type ChangeEvent, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { showToast } from '#app/state/toast-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { fieldErrorsOf, messageOf, type FieldErrors } from './form-errors.ts'

const EMPTY = { current_password: '', new_password: '', repeat: '' }

/** Security tab: a new password for one who knows the current one (`POST /player/change-password`). */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isSaving, setIsSaving] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: FieldErrors = {}
    if (!values.current_password) missing.current_password = t('account.security.required')
    if (!values.new_password) missing.new_password = t('account.security.required')
    else if (values.new_password !== values.repeat) {
      missing.repeat = t('account.security.passwords_differ')
    }
    setErrors(missing)
    if (Object.keys(missing).length > 0) return
    setIsSaving(true)
    try {
      await apiFetch('/player/change-password', {
        method: 'POST',
        body: { current_password: values.current_password, new_password: values.new_password },
      })
      setValues(EMPTY)
      showToast({ tone: 'success', title: t('account.security.password_changed') })
    } catch (error) {
      const fields = fieldErrorsOf(error)
      setErrors(fields)
      if (!('current_password' in fields) && !('new_password' in fields)) {
        showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
      }
    } finally {
      setIsSaving(false)
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    name,
    type: 'password',
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <AccountPanel
      title={t('account.security.password_title')}
      description={t('account.security.password_text')}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex max-w-md flex-col gap-4"
        data-testid="change-password-form"
      >
        <TextField
          label={t('account.security.current_password')}
          autoComplete="current-password"
          required
          maxLength={256}
          {...field('current_password')}
        />
        <TextField
          label={t('account.security.new_password')}
          autoComplete="new-password"
          required
          maxLength={256}
          hint={t('account.security.password_rules')}
          {...field('new_password')}
        />
        <TextField
          label={t('account.security.repeat_password')}
          autoComplete="new-password"
          required
          maxLength={256}
          {...field('repeat')}
        />
        <div>
          <Button type="submit" isBusy={isSaving} className="w-full xsm:w-auto">
            {t('account.security.change_password')}
          </Button>
        </div>
      </form>
    </AccountPanel>
  )
}
