import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cookieConsentString, hasAcceptedCookies } from '#app/lib/cookie-consent.ts'

/**
 * Policy label, text, policy link and Accept, shown until accepted. Pages are shared by
 * every visitor, so the banner decides in the browser, after hydration; it floats over the page
 * and never moves the content (no layout shift).
 */
export function CookieBanner() {
  const { t } = useTranslation()
  const [isShown, setIsShown] = useState(false)
  useEffect(() => {
    setIsShown(!hasAcceptedCookies(document.cookie))
  }, [])
  if (!isShown) return null
  return (
    <section
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      className="animate-fade-in fixed inset-x-3 bottom-20 z-[900] mx-auto max-w-3xl rounded-2xl border border-line bg-surface-raised p-4 shadow-2xl sm:bottom-4 md:inset-x-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <div className="min-w-0 flex-1">
          <h2 id="cookie-banner-title" className="text-sm font-bold text-ink">
            {t('cookies.label')}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {t('cookies.text')}{' '}
            <AppLink
              to="/privacy-policy/"
              className="font-semibold text-gold underline underline-offset-2"
            >
              {t('cookies.policy_link')}
            </AppLink>
          </p>
        </div>
        <Button
          onClick={() => {
            document.cookie = cookieConsentString()
            setIsShown(false)
          }}
        >
          {t('cookies.accept')}
        </Button>
      </div>
    </section>
  )
}
