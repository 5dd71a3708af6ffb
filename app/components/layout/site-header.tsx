import { useTranslation } from 'react-i18next'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { useRootData } from '#app/lib/use-root-data.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MenuLinks } from './menu-links.tsx'
import { SideMenu } from './side-menu.tsx'

export function Logo() {
  const { locale } = useRootData()
  const { t } = useTranslation()
  return (
    <AppLink to={`/${locale}/`} className="flex items-center gap-2" aria-label={t('nav.home_aria')}>
      <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
      <span className="bg-gradient-to-br from-[#ffe08a] to-gold-strong bg-clip-text text-xl font-extrabold tracking-[0.18em] text-transparent">
        AURUM
      </span>
    </AppLink>
  )
}

export function SiteHeader() {
  const { menus } = useRootData()
  const { t } = useTranslation()
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-[90rem] items-center gap-4 px-4">
        <details className="group md:hidden" data-testid="mobile-menu">
          <summary
            className="flex size-10 cursor-pointer list-none items-center justify-center rounded-lg border border-line text-ink [&::-webkit-details-marker]:hidden"
            aria-label={t('nav.open_menu')}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5 fill-none stroke-current stroke-2"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </summary>
          <div className="fixed inset-x-0 top-16 bottom-0 z-30 overflow-y-auto border-t border-line bg-surface p-4">
            <SideMenu />
          </div>
        </details>
        <Logo />
        <nav aria-label={t('nav.main')} className="hidden flex-1 md:block">
          <MenuLinks
            items={menus.header}
            className="flex items-center gap-1"
            itemClassName="rounded-lg px-3 py-2 text-sm font-medium text-ink-muted transition-colors hover:text-ink [&.is-active]:text-gold"
          />
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  )
}
