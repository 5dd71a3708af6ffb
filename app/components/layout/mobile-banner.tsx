import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '#app/lib/use-root-data.ts'
import { Icon } from '#app/components/ui/icon.tsx'
import {
  INSTALLABLE_EVENT,
  dismissInstallBanner,
  isAppleMobile,
  isInstallBannerHidden,
  type InstallPromptEvent,
} from '#app/lib/install-app.ts'

const actionClass =
  'flex min-h-10 shrink-0 items-center gap-1.5 rounded-xl border border-gold/50 px-3 text-xs font-bold whitespace-nowrap text-ink hover:border-gold'

/**
 * Spec menu "mobile banner", under the header on phones: its entry is the invitation to add the
 * site to the home screen, and the banner does it. Where the browser offers an install prompt its
 * Install button opens that prompt; elsewhere "How?" shows the steps for iOS Safari or for other
 * browsers. Hidden for good once closed, and inside the installed app.
 */
export function MobileBanner() {
  const { menus } = useRootData()
  const { t } = useTranslation()
  const helpId = useId()
  const [isHidden, setIsHidden] = useState(false)
  const [offer, setOffer] = useState<InstallPromptEvent>()
  const [help, setHelp] = useState<'ios' | 'other'>()

  useEffect(() => {
    setIsHidden(isInstallBannerHidden())
    const keepOffer = () => setOffer(window.__aurumInstallPrompt)
    const onInstalled = () => setIsHidden(true)
    keepOffer()
    window.addEventListener(INSTALLABLE_EVENT, keepOffer)
    window.addEventListener('appinstalled', onInstalled)
    return () => {
      window.removeEventListener(INSTALLABLE_EVENT, keepOffer)
      window.removeEventListener('appinstalled', onInstalled)
    }
  }, [])

  const message = menus['mobile-banner'][0]?.label
  if (!message || isHidden) return null

  const install = async (prompt: InstallPromptEvent) => {
    // A prompt opens once; after that only the browser's own menu installs.
    window.__aurumInstallPrompt = undefined
    setOffer(undefined)
    await prompt.prompt()
    const { outcome } = await prompt.userChoice
    if (outcome === 'accepted') setIsHidden(true)
  }

  return (
    <section
      aria-label={t('install.label')}
      data-install-banner=""
      data-testid="install-banner"
      className="border-b border-line bg-gradient-to-r from-gold/15 via-accent/10 to-transparent md:hidden"
    >
      <div className="flex items-center gap-2 px-3 py-2">
        <img
          src="/icons/icon-192.png"
          alt=""
          width="32"
          height="32"
          className="size-8 shrink-0 rounded-lg max-xs:hidden"
        />
        <p className="min-w-0 flex-1 text-xs font-semibold text-ink">{message}</p>
        {offer ? (
          <button type="button" className={actionClass} onClick={() => void install(offer)}>
            <Icon name="download" className="size-4" />
            {t('install.install')}
          </button>
        ) : (
          <button
            type="button"
            className={actionClass}
            aria-expanded={help !== undefined}
            aria-controls={helpId}
            onClick={() =>
              setHelp((shown) =>
                shown
                  ? undefined
                  : isAppleMobile(navigator.userAgent, navigator.maxTouchPoints)
                    ? 'ios'
                    : 'other',
              )
            }
          >
            {t('install.how')}
          </button>
        )}
        <button
          type="button"
          aria-label={t('install.dismiss')}
          className="flex size-10 shrink-0 items-center justify-center rounded-xl text-ink-muted hover:text-ink"
          onClick={() => {
            dismissInstallBanner()
            setIsHidden(true)
          }}
        >
          <Icon name="close" className="size-4" />
        </button>
      </div>
      <p
        id={helpId}
        hidden={help === undefined}
        className="flex items-start gap-2 px-3 pb-3 text-xs text-ink-muted"
        data-testid="install-help"
      >
        {help === 'ios' ? <Icon name="share" className="size-4 text-ink" /> : null}
        {help === 'ios' ? t('install.ios') : help === 'other' ? t('install.other') : null}
      </p>
    </section>
  )
}
