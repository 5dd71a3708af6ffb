import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useUserStore } from '#app/state/user-store.ts'
import { MobileBanner } from './mobile-banner.tsx'
import { MobileFooterMenu, SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

interface Props {
  children: ReactNode
  /** A column beside the content from `md` up (side menu, cabinet menu). */
  aside?: ReactNode
  asideLabel?: string
  /** The side menu can fold to icons; the choice persists. */
  isAsideCollapsible?: boolean
  hasFooter?: boolean
  /** Narrow column for reading (text pages). */
  isNarrow?: boolean
}

/** Header, optional aside, content and footer: every layout of the spec is one setting of this. */
export function SiteFrame({
  children,
  aside,
  asideLabel,
  isAsideCollapsible = false,
  hasFooter = true,
  isNarrow = false,
}: Props) {
  const { t } = useTranslation()
  const isCollapsed = useUserStore((state) => isAsideCollapsible && state.sidebarUi.isCollapsed)
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-gold focus:px-4 focus:py-2 focus:text-surface"
      >
        {t('nav.skip_to_content')}
      </a>
      <SiteHeader />
      {/* A game's screen (the layout without a footer) needs all of a phone's height. */}
      {hasFooter ? <MobileBanner /> : null}
      <div className="mx-auto flex w-full max-w-[120rem] flex-1 gap-6 px-3 sm:px-4 xxl:max-w-[200rem]">
        {aside ? (
          <aside
            aria-label={asideLabel}
            data-collapsed={isCollapsed}
            className={`group/aside sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col overflow-y-auto py-6 transition-[width] duration-200 md:flex ${
              isCollapsed ? 'w-16' : 'w-60'
            }`}
          >
            {isAsideCollapsible ? <CollapseToggle isCollapsed={isCollapsed} /> : null}
            {aside}
          </aside>
        ) : null}
        <main
          id="main"
          className={`min-w-0 flex-1 py-6 pb-24 md:pb-10 ${isNarrow ? 'mx-auto max-w-3xl' : ''}`}
        >
          {children}
        </main>
      </div>
      {hasFooter ? (
        <>
          <SiteFooter />
          <MobileFooterMenu />
        </>
      ) : null}
    </div>
  )
}

function CollapseToggle({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      onClick={() => useUserStore.getState().setSidebarCollapsed(!isCollapsed)}
      aria-expanded={!isCollapsed}
      aria-label={isCollapsed ? t('nav.expand_side') : t('nav.collapse_side')}
      data-testid="side-menu-toggle"
      className="mb-4 flex h-9 items-center justify-center self-end rounded-lg px-2 text-ink-muted hover:bg-surface-raised hover:text-ink group-data-[collapsed=true]/aside:self-center"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`size-5 fill-none stroke-current stroke-2 transition-transform rtl:-scale-x-100 ${isCollapsed ? 'rotate-180' : ''}`}
      >
        <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  )
}
