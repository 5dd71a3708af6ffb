import { useTranslation } from 'react-i18next'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { TwoFactorPanel } from './two-factor-panel.tsx'
import { usePlayerInfo } from './use-player-info.ts'

/** The Security tab: the password, and two-factor authentication once player info says its state. */
export function SecurityTab() {
  const { t } = useTranslation()
  const { status, info, reload } = usePlayerInfo()
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ChangePasswordForm />
      {info ? (
        <TwoFactorPanel isEnabled={info.twoFactorEnabled} onChanged={reload} />
      ) : status === 'error' ? (
        <LoadError
          text={t('account.security.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => void reload()}
        />
      ) : (
        <div
          role="status"
          aria-label={t('common.loading')}
          className="flex flex-col gap-3 rounded-2xl border border-line p-6"
        >
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-11 w-32 rounded-xl" />
        </div>
      )}
    </div>
  )
}
