import { useTranslation } from 'react-i18next'
import { useRootData } from '#app/lib/use-root-data.ts'
import { MenuLinks } from './menu-links.tsx'
import { RecentlyPlayedMenu } from './recently-played-menu.tsx'

const itemClassName =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink-muted transition-colors hover:bg-surface-raised hover:text-ink [&.is-active]:bg-surface-raised [&.is-active]:text-gold group-data-[collapsed=true]/aside:justify-center group-data-[collapsed=true]/aside:px-0'
/** Labels give way to icons in the collapsed side menu, and stay for screen readers. */
const labelClassName = 'group-data-[collapsed=true]/aside:sr-only'

/** The side menu and shortcuts from the menus data, and the signed-in player's recent games. */
export function SideMenu() {
  const { menus } = useRootData()
  const { t } = useTranslation()
  return (
    <nav aria-label={t('nav.side')} className="flex flex-col gap-6">
      <MenuLinks
        items={menus.side}
        className="flex flex-col gap-1"
        itemClassName={itemClassName}
        labelClassName={labelClassName}
        showIcons
      />
      <RecentlyPlayedMenu itemClassName={itemClassName} />
      {menus.shortcuts.length > 0 ? (
        <section aria-labelledby="shortcuts-heading">
          <h2
            id="shortcuts-heading"
            className="px-3 pb-2 text-xs font-semibold tracking-wider text-ink-muted uppercase group-data-[collapsed=true]/aside:sr-only"
          >
            {t('nav.shortcuts')}
          </h2>
          <MenuLinks
            items={menus.shortcuts}
            className="flex flex-col gap-1"
            itemClassName={itemClassName}
            labelClassName={labelClassName}
            showIcons
          />
        </section>
      ) : null}
    </nav>
  )
}
