import { Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'
import { MenuLinks } from '#app/components/layout/menu-links.tsx'
import { useRootData } from '#app/lib/use-root-data.ts'

/** Spec §2: the personal cabinet menu hides the responsible-gambling link. */
export const CABINET_HIDDEN_LINKS = ['responsible-gambling'] as const

/** Layout `account`: the personal cabinet with its own menu. */
export default function AccountLayout() {
  const { menus } = useRootData()
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
      <Outlet />
    </SiteFrame>
  )
}
