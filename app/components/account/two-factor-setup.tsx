import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { showToast } from '#app/state/toast-store.ts'
import { CodeField, isCompleteCode } from './code-field.tsx'
import { CopyButton } from './copy-button.tsx'
import { CurrentPasswordField } from './current-password-field.tsx'
import { fieldErrorsOf, messageOf, type FieldErrors } from './form-errors.ts'

/** `GET /player/get-two-factor-auth-secret`'s data. */
export interface TwoFactorSecret {
  secret: string
  otpauth_url: string
  qr: string
}

interface EnableAnswer {
  data?: { recovery_codes?: string[] }
}

interface Props {
  secret: TwoFactorSecret
  onEnabled: (recoveryCodes: string[]) => void
  onCancel: () => void
}

/**
 * Step two of the set-up: scan or type the secret, then prove it with a code from the app and
 * the password (so a session left open elsewhere cannot bind the account to someone else's app).
 */
export function TwoFactorSetup({ secret, onEnabled, onCancel }: Props) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isBusy, setIsBusy] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: FieldErrors = {}
    if (!isCompleteCode(code)) missing.code = t('account.security.code_incomplete')
    if (!password) missing.password = t('account.security.required')
    setErrors(missing)
    if (Object.keys(missing).length > 0) return
    setIsBusy(true)
    try {
      const answer = await apiFetch<EnableAnswer>('/player/enable-two-factor-auth', {
        method: 'POST',
        body: { code, password },
      })
      onEnabled(answer.data?.recovery_codes ?? [])
    } catch (caught) {
      // Failures of the two-factor calls show as toasts; the field says it too.
      const message = messageOf(caught, t('auth.something_went_wrong'))
      const fields = fieldErrorsOf(caught, {
        'two_factor.code_invalid': 'code',
        'two_factor.password_invalid': 'password',
      })
      setErrors(Object.keys(fields).length > 0 ? fields : { code: message })
      showToast({ tone: 'error', title: message })
      setIsBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-1 ps-5 text-sm text-ink-muted">
        <li>{t('account.security.setup_step_app')}</li>
        <li>{t('account.security.setup_step_scan')}</li>
        <li>{t('account.security.setup_step_code')}</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        {/* A QR code needs dark on light in both themes to scan. */}
        <img
          src={secret.qr}
          alt={t('account.security.qr_alt')}
          width="192"
          height="192"
          className="size-48 shrink-0 self-center rounded-xl bg-white p-2 sm:self-start"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm font-medium text-ink">{t('account.security.secret_label')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              dir="ltr"
              className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3.5 py-2.5 font-mono text-sm break-all text-ink"
            >
              {secret.secret.match(/.{1,4}/g)?.join(' ')}
            </code>
            <CopyButton text={secret.secret} label={t('account.security.copy_secret')} />
          </div>
          <p className="text-xs text-ink-muted">{t('account.security.secret_hint')}</p>
        </div>
      </div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        data-testid="two-factor-enable-form"
      >
        <CodeField
          label={t('account.security.code_label')}
          name="code"
          value={code}
          onChange={setCode}
          error={errors.code}
          hint={t('account.security.code_hint')}
        />
        <CurrentPasswordField
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint={t('account.security.enable_password_hint')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isBusy={isBusy}>
            {t('account.security.enable')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('account.security.cancel')}
          </Button>
        </div>
      </form>
    </div>
  )
}
