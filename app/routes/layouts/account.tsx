import { useEffect, useRef } from 'react'
import { Link, Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'
import { MenuLinks } from '#app/components/layout/menu-links.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

/** The personal cabinet menu hides the responsible-gambling link. */
export const CABINET_HIDDEN_LINKS = ['responsible-gambling'] as const

/**
 * Layout `account`: the personal cabinet with its own menu, for signed-in players only. A visitor
 * gets the login dialog over the tab they asked for and, once signed in, that tab.
 */
export default function AccountLayout() {
  const { menus, player } = useRootData()
  const { t } = useTranslation()
  return (
    <SiteFrame
      asideLabel={t('account.menu')}
      aside={
        <MenuLinks
          items={menus['personal-cabinet']}
          hiddenIds={CABINET_HIDDEN_LINKS}
          showIcons
          className="flex flex-col gap-1"
          itemClassName="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink-muted hover:bg-surface-raised hover:text-ink [&.is-active]:bg-surface-raised [&.is-active]:text-gold"
        />
      }
    >
      {player ? <Outlet /> : <SignInRequired />}
    </SiteFrame>
  )
}

function SignInRequired() {
  const { t } = useTranslation()
  const { current, open, linkTo } = useDialog()
  // Opens the login dialog once per visit of the page; closing it leaves the prompt.
  const hasOpened = useRef(false)
  useEffect(() => {
    if (hasOpened.current || current !== null) return
    hasOpened.current = true
    open(DIALOGS.login)
  }, [current, open])
  return (
    <EmptyState
      title={t('account.signed_out_title')}
      text={t('account.signed_out_text')}
      action={
        <Link {...linkTo(DIALOGS.login)} className={buttonClassName('primary')}>
          {t('auth.login')}
        </Link>
      }
    />
  )
}
