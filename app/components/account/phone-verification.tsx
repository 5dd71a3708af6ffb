import { useState, type SubmitEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { showToast } from '#app/state/toast-store.ts'
import type { PlayerInfo } from '#app/state/user-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { CodeField, isCompleteCode } from './code-field.tsx'
import { fieldErrorsOf, messageOf } from './form-errors.ts'
import { StatusBadge } from './status-badge.tsx'

interface Props {
  info: PlayerInfo
  onChanged: () => Promise<void>
}

/** Verification tab: the phone's state, an SMS code to confirm it, or removing it. */
export function PhoneVerification({ info, onChanged }: Props) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const badge = !info.phone ? (
    <StatusBadge tone="muted">{t('account.verification.no_phone')}</StatusBadge>
  ) : info.phoneVerified ? (
    <StatusBadge tone="success">{t('account.verification.verified')}</StatusBadge>
  ) : (
    <StatusBadge tone="pending">{t('account.verification.not_verified')}</StatusBadge>
  )
  return (
    <AccountPanel
      title={t('account.verification.phone_title')}
      description={t('account.verification.phone_text')}
      aside={badge}
    >
      {!info.phone ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-ink">{t('account.verification.phone_missing')}</p>
          <AppLink
            to={`/${locale}/account/profile/profile/`}
            className={buttonClassName('secondary')}
          >
            {t('account.verification.add_phone')}
          </AppLink>
        </div>
      ) : (
        <>
          <p className="text-sm text-ink">
            <span dir="ltr" className="font-semibold tabular-nums">
              {info.phone}
            </span>
          </p>
          {info.phoneVerified ? (
            <RemovePhone onRemoved={onChanged} />
          ) : (
            <ConfirmPhone onConfirmed={onChanged} />
          )}
        </>
      )}
    </AccountPanel>
  )
}

function ConfirmPhone({ onConfirmed }: { onConfirmed: () => Promise<void> }) {
  const { t } = useTranslation()
  const [isCodeSent, setIsCodeSent] = useState(false)
  const [isSending, setIsSending] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [isConfirming, setIsConfirming] = useState(false)

  const send = async () => {
    setIsSending(true)
    try {
      await apiFetch('/player/resend-phone-verification-code', { method: 'POST' })
      setIsCodeSent(true)
      showToast({ tone: 'success', title: t('account.verification.code_sent') })
    } catch (caught) {
      showToast({ tone: 'error', title: messageOf(caught, t('auth.something_went_wrong')) })
    } finally {
      setIsSending(false)
    }
  }

  const confirm = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!isCompleteCode(code)) {
      setError(t('account.security.code_incomplete'))
      return
    }
    setIsConfirming(true)
    setError(undefined)
    try {
      await apiFetch('/player/confirm-phone', { method: 'POST', body: { code } })
      showToast({ tone: 'success', title: t('account.verification.phone_confirmed') })
      await onConfirmed()
    } catch (caught) {
      setError(fieldErrorsOf(caught).code ?? messageOf(caught, t('auth.something_went_wrong')))
    } finally {
      setIsConfirming(false)
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {isCodeSent ? (
        <form
          noValidate
          onSubmit={(event) => void confirm(event)}
          className="flex flex-col gap-4"
          data-testid="confirm-phone-form"
        >
          <CodeField
            label={t('account.verification.sms_code')}
            name="code"
            value={code}
            onChange={setCode}
            error={error}
            hint={t('account.verification.sms_code_hint')}
            autoFocus
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" isBusy={isConfirming}>
              {t('account.verification.confirm_phone')}
            </Button>
            <Button type="button" variant="ghost" isBusy={isSending} onClick={() => void send()}>
              {t('account.verification.send_code_again')}
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button type="button" isBusy={isSending} onClick={() => void send()}>
            {t('account.verification.send_code')}
          </Button>
        </div>
      )}
    </div>
  )
}

function RemovePhone({ onRemoved }: { onRemoved: () => Promise<void> }) {
  const { t } = useTranslation()
  const [isAsking, setIsAsking] = useState(false)
  const [isBusy, setIsBusy] = useState(false)

  const remove = async () => {
    setIsBusy(true)
    try {
      await apiFetch('/player/delete-phone', { method: 'POST' })
      showToast({ tone: 'success', title: t('account.verification.phone_removed') })
      await onRemoved()
    } catch (caught) {
      showToast({ tone: 'error', title: messageOf(caught, t('auth.something_went_wrong')) })
    } finally {
      setIsBusy(false)
      setIsAsking(false)
    }
  }

  if (!isAsking) {
    return (
      <div>
        <Button type="button" variant="secondary" onClick={() => setIsAsking(true)}>
          {t('account.verification.remove_phone')}
        </Button>
      </div>
    )
  }
  return (
    <div
      role="group"
      aria-label={t('account.verification.remove_phone')}
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-ink">{t('account.verification.remove_phone_confirm')}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" isBusy={isBusy} onClick={() => void remove()} autoFocus>
          {t('account.verification.remove_phone_yes')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setIsAsking(false)}>
          {t('account.security.cancel')}
        </Button>
      </div>
    </div>
  )
}
