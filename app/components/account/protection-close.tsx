import { useId, useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useRevalidator } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { apiFetch, resetCsrfToken } from '#app/lib/api.ts'
import { writeUserAuthCookie } from '#app/lib/auth-cookie.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { showToast } from '#app/state/toast-store.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { CurrentPasswordField } from './current-password-field.tsx'
import { messageOf } from './form-errors.ts'
import { Note, passwordRefusal } from './protection-loaded.tsx'
import { CLOSE_REASONS, isHarmReason, type CloseReason } from './protection-rules.ts'

/**
 * Close the account: not a break (support can reopen it), refused while it holds money or a
 * withdrawal is in progress. A reason of harm from gambling points to a break instead. Closing
 * signs the player out everywhere, so the page leaves the cabinet.
 */
export function CloseAccountPanel() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const reasonId = useId()
  const reasonErrorId = useId()
  const [reason, setReason] = useState<CloseReason | ''>('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ reason?: string; password?: string; form?: string }>({})
  const [isBusy, setIsBusy] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing: typeof errors = {}
    if (reason === '') missing.reason = t('protection.close.reason_required')
    if (!password) missing.password = t('account.security.required')
    setErrors(missing)
    if (Object.keys(missing).length > 0) return
    setIsBusy(true)
    try {
      await apiFetch('/player/protection/close', { method: 'POST', body: { password, reason } })
    } catch (caught) {
      const refusal = passwordRefusal(caught)
      setErrors(
        refusal.password ? refusal : { form: messageOf(caught, t('auth.something_went_wrong')) },
      )
      setIsBusy(false)
      return
    }
    // The server ended every session of the player: leave the cabinet before forgetting them, so
    // nothing on it asks for the player's data without a session.
    await navigate(`/${locale}/`)
    useUserStore.getState().clearUser()
    resetCsrfToken()
    writeUserAuthCookie(false)
    showToast({ tone: 'success', title: t('protection.close.closed') })
    await revalidator.revalidate()
  }

  return (
    <AccountPanel
      id="close-account"
      title={t('protection.close.title')}
      description={t('protection.close.text')}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        data-testid="close-account"
      >
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-ink-muted">
          <li>{t('protection.close.money')}</li>
          <li>{t('protection.close.bonus')}</li>
          <li>{t('protection.close.signed_out')}</li>
          <li>{t('protection.close.reopen')}</li>
        </ul>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-ink">
            {t('protection.close.reason_label')}
          </label>
          <select
            id={reasonId}
            name="reason"
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? reasonErrorId : undefined}
            onChange={(event) => {
              setReason(event.target.value as CloseReason | '')
              setErrors({})
            }}
            className="min-h-11 max-w-md rounded-xl border border-line bg-surface px-3.5 text-base text-ink focus:border-gold focus:outline-none aria-invalid:border-danger"
          >
            <option value="">{t('protection.close.reason_choose')}</option>
            {CLOSE_REASONS.map((option) => (
              <option key={option} value={option}>
                {t(`protection.close.reasons.${option}`)}
              </option>
            ))}
          </select>
          {errors.reason ? (
            <p id={reasonErrorId} className="text-xs text-danger">
              {errors.reason}
            </p>
          ) : null}
        </div>
        {isHarmReason(reason) ? (
          <Note testId="close-harm">
            <p>{t('protection.close.harm_text')}</p>
            <a href="#take-a-break" className="mt-1 inline-block font-semibold text-gold underline">
              {t('protection.close.harm_link')}
            </a>
          </Note>
        ) : null}
        <CurrentPasswordField value={password} onChange={setPassword} error={errors.password} />
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" isBusy={isBusy}>
            {t('protection.close.submit')}
          </Button>
        </div>
      </form>
    </AccountPanel>
  )
}
