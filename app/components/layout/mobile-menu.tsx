import { useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { lockBodyScroll } from '#app/lib/scroll-lock.ts'
import { LogoutButton, PlayerPanel } from './player-menu.tsx'
import { SideMenu } from './side-menu.tsx'
import { ThemeSwitcher } from './theme-switcher.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

/** Wider than this the side menu is on screen already and the drawer never shows. */
const WIDE_SCREEN_QUERY = '(min-width: 64em)'

/**
 * The phone's menu drawer with the side menu and shortcuts. Opening it locks the page's scroll,
 * except on wide screens; it closes on navigation and Escape.
 */
export function MobileMenu() {
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  const { player } = useRootData()
  const [isOpen, setIsOpen] = useState(false)
  const { pathname } = useLocation()
  const drawerId = useId()

  useEffect(() => setIsOpen(false), [pathname])

  useEffect(() => {
    if (!isOpen) return
    const unlock = window.matchMedia(WIDE_SCREEN_QUERY).matches ? undefined : lockBodyScroll()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      unlock?.()
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [isOpen])

  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={drawerId}
        aria-label={isOpen ? t('nav.close_menu') : t('nav.open_menu')}
        onClick={() => setIsOpen((open) => !open)}
        className="flex size-10 items-center justify-center rounded-xl border border-line text-ink"
        data-testid="mobile-menu-button"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5 fill-none stroke-current stroke-2"
        >
          <path
            d={isOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            strokeLinecap="round"
          />
        </svg>
      </button>
      {/* The header's backdrop blur makes it the containing block of this fixed drawer, so
          `bottom-0` would end the drawer at the header's bottom edge: the height is set instead
          (the header is sticky at the top, so its box starts where the viewport does). */}
      <div
        id={drawerId}
        hidden={!isOpen}
        className="fixed inset-x-0 top-16 z-30 h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-line bg-surface p-4 pb-24"
        data-testid="mobile-menu"
      >
        {player ? (
          // The header hides the player's menu under 520 px; its pages are here instead.
          <div className="mb-4 rounded-2xl border border-line bg-surface-raised p-2 xsm:hidden">
            <PlayerPanel onDone={() => setIsOpen(false)} />
            <LogoutButton onDone={() => setIsOpen(false)} />
          </div>
        ) : null}
        <SideMenu />
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
          <Link
            {...linkTo(DIALOGS.language)}
            className="rounded-xl border border-line px-4 py-2.5 text-sm text-ink"
          >
            {t('language.choose')}
          </Link>
          <ThemeSwitcher />
        </div>
      </div>
    </div>
  )
}
