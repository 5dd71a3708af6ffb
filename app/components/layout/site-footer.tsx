import { useTranslation } from 'react-i18next'
import { useRootData } from '#app/lib/use-root-data.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MenuLinks } from './menu-links.tsx'

export function SiteFooter() {
  const { menus } = useRootData()
  const { t } = useTranslation()
  const year = new Date().getUTCFullYear()
  return (
    <footer className="border-t border-line bg-surface-sunken pb-24 md:pb-0">
      <div className="mx-auto grid max-w-[90rem] gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <nav aria-label={t('footer.info')} className="lg:col-span-2">
          <h2 className="mb-3 text-xs font-semibold tracking-wider text-ink-muted uppercase">
            {t('footer.info')}
          </h2>
          <MenuLinks
            items={menus['footer-info']}
            className="grid grid-cols-1 gap-2 xsm:grid-cols-2"
            itemClassName="text-sm text-ink-muted hover:text-gold"
          />
        </nav>
        <div>
          <h2 className="mb-3 text-xs font-semibold tracking-wider text-ink-muted uppercase">
            {t('footer.language')}
          </h2>
          <LanguageSwitcher placement="up" />
        </div>
        <div className="flex items-start gap-3">
          <span
            aria-label={t('footer.adults_only')}
            className="flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-danger text-sm font-bold text-danger"
          >
            18+
          </span>
          <p className="text-xs leading-relaxed text-ink-muted">{t('footer.responsible')}</p>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-[90rem] px-4 py-5 text-xs leading-relaxed text-ink-muted">
          {t('footer.licence')} © {year} Aurum.
        </p>
      </div>
    </footer>
  )
}

/** Spec menu "mobile footer": a bottom bar on phones. */
export function MobileFooterMenu() {
  const { menus } = useRootData()
  const { t } = useTranslation()
  if (menus['mobile-footer'].length === 0) return null
  return (
    <nav
      aria-label={t('nav.mobile')}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <MenuLinks
        items={menus['mobile-footer']}
        showIcons
        className="grid grid-flow-col auto-cols-fr"
        itemClassName="flex flex-col items-center gap-1 py-2 text-[0.6875rem] text-ink-muted [&.is-active]:text-gold"
      />
    </nav>
  )
}
