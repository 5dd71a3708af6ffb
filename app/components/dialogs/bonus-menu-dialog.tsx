import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { MenuIcon } from '#app/components/layout/menu-icon.tsx'
import { useRootData } from '#app/lib/use-root-data.ts'

/** Spec menu "bonus modal": the bonus offers and their terms, from the menus data. */
export default function BonusMenuDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const { menus } = useRootData()
  return (
    <Dialog
      id="bonuses"
      title={t('bonus_menu.title')}
      description={t('bonus_menu.text')}
      onClosed={onClosed}
    >
      <ul className="flex flex-col gap-2">
        {menus['bonus-modal'].map((item) => (
          <li key={item.id}>
            <AppLink
              to={item.url}
              className="flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3.5 text-sm font-semibold text-ink hover:border-gold/60"
            >
              <span className="flex size-9 items-center justify-center rounded-lg bg-gold/10 text-gold">
                <MenuIcon name={item.icon ?? 'bonus'} />
              </span>
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
