import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/verify-email'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.verify-email.title')

type Status = 'checking' | 'verified' | 'failed'

/** `/{loc}/a/verify-email?token=`: the link from the verification e-mail confirms the address. */
export default function VerifyEmail() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [status, setStatus] = useState<Status>('checking')
  const [message, setMessage] = useState('')

  useEffect(() => {
    if (!token) {
      setStatus('failed')
      setMessage(t('auth.verify.no_token'))
      return
    }
    apiFetch('/users/verify-email', { method: 'POST', body: { token } })
      .then(() => setStatus('verified'))
      .catch((caught: unknown) => {
        setStatus('failed')
        setMessage(caught instanceof ApiError ? caught.message : t('auth.something_went_wrong'))
      })
  }, [token, t])

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6" data-testid="section-verify-email">
      <PageHeading title={t('pages.verify-email.title')} />
      <div aria-live="polite">
        {status === 'checking' ? (
          <p className="text-ink-muted">{t('auth.verify.checking')}</p>
        ) : status === 'verified' ? (
          <EmptyState
            title={t('auth.verify.done_title')}
            text={t('auth.verify.done_text')}
            action={
              <AppLink to={`/${locale}/account/`} className={buttonClassName('primary')}>
                {t('account.tabs.home')}
              </AppLink>
            }
          />
        ) : (
          <EmptyState title={t('auth.verify.failed_title')} text={message} />
        )}
      </div>
    </div>
  )
}
