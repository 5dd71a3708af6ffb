import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MobileFooterMenu, SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

interface Props {
  children: ReactNode
  /** A column beside the content from `md` up (side menu, cabinet menu). */
  aside?: ReactNode
  asideLabel?: string
  hasFooter?: boolean
  /** Narrow column for reading (text pages). */
  isNarrow?: boolean
}

/** Header, optional aside, content and footer: every layout of the spec is one setting of this. */
export function SiteFrame({
  children,
  aside,
  asideLabel,
  hasFooter = true,
  isNarrow = false,
}: Props) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-gold focus:px-4 focus:py-2 focus:text-surface"
      >
        {t('nav.skip_to_content')}
      </a>
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-[90rem] flex-1 gap-6 px-4">
        {aside ? (
          <aside
            aria-label={asideLabel}
            className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto py-6 md:block"
          >
            {aside}
          </aside>
        ) : null}
        <main id="main" className={`min-w-0 flex-1 py-6 ${isNarrow ? 'mx-auto max-w-3xl' : ''}`}>
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
