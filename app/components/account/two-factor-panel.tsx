import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { showToast } from '#app/state/toast-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { CodeField, isCompleteCode } from './code-field.tsx'
import { CurrentPasswordField } from './current-password-field.tsx'
import { fieldErrorsOf, messageOf, type FieldErrors } from './form-errors.ts'
import { RecoveryCodes } from './recovery-codes.tsx'
import { StatusBadge } from './status-badge.tsx'
import { TwoFactorSetup, type TwoFactorSecret } from './two-factor-setup.tsx'

type Phase =
  { name: 'idle' } | { name: 'setup'; secret: TwoFactorSecret } | { name: 'codes'; codes: string[] }

interface Props {
  isEnabled: boolean
  /** Reloads player info after two-factor is turned on or off. */
  onChanged: () => Promise<void>
}

/** Security tab: turns two-factor authentication (TOTP) on with a scanned secret, or off. */
export function TwoFactorPanel({ isEnabled, onChanged }: Props) {
  const { t } = useTranslation()
  const [phase, setPhase] = useState<Phase>({ name: 'idle' })
  const [isFetching, setIsFetching] = useState(false)

  const startSetup = async () => {
    setIsFetching(true)
    try {
      // The call stores a new pending secret, so it carries the CSRF token like a POST.
      const answer = await apiFetch<{ data: TwoFactorSecret }>(
        '/player/get-two-factor-auth-secret',
        { sendsCsrf: true },
      )
      setPhase({ name: 'setup', secret: answer.data })
    } catch (error) {
      // A failed two-factor secret call shows as a toast.
      showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
    } finally {
      setIsFetching(false)
    }
  }

  const isOn = isEnabled || phase.name === 'codes'
  return (
    <AccountPanel
      title={t('account.security.two_factor_title')}
      description={t('account.security.two_factor_text')}
      aside={
        <StatusBadge tone={isOn ? 'success' : 'muted'}>
          {t(isOn ? 'account.security.status_on' : 'account.security.status_off')}
        </StatusBadge>
      }
    >
      {phase.name === 'codes' ? (
        <RecoveryCodes codes={phase.codes} onDone={() => setPhase({ name: 'idle' })} />
      ) : isEnabled ? (
        <DisableForm onDisabled={onChanged} />
      ) : phase.name === 'setup' ? (
        <TwoFactorSetup
          secret={phase.secret}
          onCancel={() => setPhase({ name: 'idle' })}
          onEnabled={(codes) => {
            setPhase({ name: 'codes', codes })
            showToast({ tone: 'success', title: t('account.security.enabled_toast') })
            void onChanged()
          }}
        />
      ) : (
        <div>
          <Button type="button" isBusy={isFetching} onClick={() => void startSetup()}>
            {t('account.security.set_up')}
          </Button>
        </div>
      )}
    </AccountPanel>
  )
}

/** Turning two-factor off needs a current code and the password (`POST …/disable-two-factor-auth`). */
function DisableForm({ onDisabled }: { onDisabled: () => Promise<void> }) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [isBusy, setIsBusy] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: FieldErrors = {}
    if (!isCompleteCode(code, true)) missing.code = t('account.security.code_incomplete_recovery')
    if (!password) missing.password = t('account.security.required')
    setErrors(missing)
    if (Object.keys(missing).length > 0) return
    setIsBusy(true)
    try {
      await apiFetch('/player/disable-two-factor-auth', {
        method: 'POST',
        body: { code, password },
      })
      showToast({ tone: 'success', title: t('account.security.disabled_toast') })
      await onDisabled()
    } catch (error) {
      const message = messageOf(error, t('auth.something_went_wrong'))
      setErrors(
        fieldErrorsOf(error, {
          'two_factor.code_invalid': 'code',
          'two_factor.password_invalid': 'password',
        }),
      )
      showToast({ tone: 'error', title: message })
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex max-w-md flex-col gap-4"
      data-testid="two-factor-disable-form"
    >
      <p className="text-sm text-ink-muted">{t('account.security.disable_text')}</p>
      <CodeField
        label={t('account.security.disable_code_label')}
        name="code"
        value={code}
        onChange={setCode}
        error={errors.code}
        hint={t('account.security.disable_code_hint')}
        acceptsRecoveryCode
      />
      <CurrentPasswordField value={password} onChange={setPassword} error={errors.password} />
      <div>
        <Button type="submit" variant="secondary" isBusy={isBusy} className="w-full xsm:w-auto">
          {t('account.security.disable')}
        </Button>
      </div>
    </form>
  )
}
