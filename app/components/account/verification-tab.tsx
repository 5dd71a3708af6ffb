import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { showToast } from '#app/state/toast-store.ts'
import type { PlayerInfo } from '#app/state/user-store.ts'
import { AccountPanel } from './account-panel.tsx'
import { DocumentsPanel } from './documents-panel.tsx'
import { messageOf } from './form-errors.ts'
import { PhoneVerification } from './phone-verification.tsx'
import { StatusBadge } from './status-badge.tsx'
import { usePlayerInfo } from './use-player-info.ts'

/** The Verification tab: e-mail and phone confirmation, and identity documents (KYC). */
export function VerificationTab() {
  const { t } = useTranslation()
  const { status, info, reload } = usePlayerInfo()
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {info ? (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <EmailVerification info={info} />
          <PhoneVerification info={info} onChanged={reload} />
        </div>
      ) : status === 'error' ? (
        <LoadError
          text={t('account.verification.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => void reload()}
        />
      ) : (
        <div
          role="status"
          aria-label={t('common.loading')}
          className="grid grid-cols-1 gap-6 lg:grid-cols-2"
        >
          {[0, 1].map((index) => (
            <div key={index} className="flex flex-col gap-3 rounded-2xl border border-line p-6">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-11 w-40 rounded-xl" />
            </div>
          ))}
        </div>
      )}
      <DocumentsPanel />
    </div>
  )
}

function EmailVerification({ info }: { info: PlayerInfo }) {
  const { t } = useTranslation()
  const [isSending, setIsSending] = useState(false)

  const resend = async () => {
    setIsSending(true)
    try {
      await apiFetch('/player/resend-verification-email', { method: 'POST' })
      showToast({
        tone: 'success',
        title: t('account.verification.link_sent', { email: info.email }),
      })
    } catch (error) {
      showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
    } finally {
      setIsSending(false)
    }
  }

  return (
    <AccountPanel
      title={t('account.verification.email_title')}
      description={t('account.verification.email_text')}
      aside={
        info.emailVerified ? (
          <StatusBadge tone="success">{t('account.verification.verified')}</StatusBadge>
        ) : (
          <StatusBadge tone="pending">{t('account.verification.not_verified')}</StatusBadge>
        )
      }
    >
      <p className="text-sm font-semibold break-all text-ink">
        <bdi>{info.email}</bdi>
      </p>
      {info.emailVerified ? null : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-ink-muted">{t('account.verification.email_pending')}</p>
          <Button type="button" isBusy={isSending} onClick={() => void resend()}>
            {t('account.verification.resend_link')}
          </Button>
        </div>
      )}
    </AccountPanel>
  )
}
