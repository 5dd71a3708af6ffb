import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { MenuLinks } from './menu-links.tsx'
import { PaymentLogos } from './payment-logos.tsx'
import { ThemeSwitcher } from './theme-switcher.tsx'
import { Icon } from '#app/components/ui/icon.tsx'

const headingClass = 'mb-3 text-xs font-semibold tracking-wider text-ink-muted uppercase'

/** Footer: info menu, language and theme, payment methods, licence and responsible-gambling text. */
export function SiteFooter() {
  const { menus, languages, locale } = useRootData()
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  const current = languages.find((language) => language.code === locale)
  const year = new Date().getUTCFullYear()
  return (
    <footer className="border-t border-line bg-surface-sunken">
      <div className="mx-auto grid max-w-[120rem] gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <nav aria-label={t('footer.info')} className="lg:col-span-2">
          <h2 className={headingClass}>{t('footer.info')}</h2>
          <MenuLinks
            items={menus['footer-info']}
            className="grid grid-cols-1 gap-2 xsm:grid-cols-2"
            itemClassName="text-sm text-ink-muted hover:text-gold"
          />
        </nav>
        <div className="flex flex-col gap-4">
          <div>
            <h2 className={headingClass}>{t('footer.language')}</h2>
            <Link
              {...linkTo(DIALOGS.language)}
              data-testid="footer-language"
              className="inline-flex items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm text-ink hover:border-gold/60"
            >
              <Icon name="globe" className="size-4" />
              {current?.name ?? locale}
            </Link>
          </div>
          <div>
            <h2 className={headingClass}>{t('theme.label')}</h2>
            <ThemeSwitcher />
          </div>
        </div>
        <div className="flex items-start gap-3">
          <span
            aria-label={t('footer.adults_only')}
            role="img"
            className="flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-danger text-sm font-bold text-danger"
          >
            18+
          </span>
          <p className="text-xs leading-relaxed text-ink-muted">{t('footer.responsible')}</p>
        </div>
      </div>
      <div className="mx-auto max-w-[120rem] px-4 pb-8">
        <h2 className={headingClass}>{t('footer.payments')}</h2>
        <PaymentLogos />
      </div>
      <div className="border-t border-line pb-20 md:pb-0">
        <p className="mx-auto max-w-[120rem] px-4 py-5 text-xs leading-relaxed text-ink-muted">
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
      data-testid="mobile-footer-menu"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <MenuLinks
        items={menus['mobile-footer']}
        showIcons
        className="grid auto-cols-fr grid-flow-col"
        itemClassName="flex h-full min-h-14 min-w-0 flex-col items-center justify-center gap-1 px-0.5 py-2 text-center text-[0.6875rem] leading-tight text-ink-muted hyphens-auto [overflow-wrap:anywhere] [&.is-active]:text-gold"
      />
    </nav>
  )
}
