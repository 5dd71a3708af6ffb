import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { TileLink } from '#app/components/ui/tile-link.tsx'
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
            <TileLink to={item.url} icon={item.icon ?? 'bonus'} label={item.label} />
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
