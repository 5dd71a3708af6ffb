import { useTranslation } from 'react-i18next'
import { useRootData } from '#app/lib/use-root-data.ts'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { Icon } from '#app/components/ui/icon.tsx'

/** Spec menu "mobile banner": a strip of highlighted links under the header on phones. */
export function MobileBanner() {
  const { menus } = useRootData()
  const { t } = useTranslation()
  const items = menus['mobile-banner']
  if (items.length === 0) return null
  return (
    <nav
      aria-label={t('nav.mobile_banner')}
      className="border-b border-line bg-gradient-to-r from-gold/15 via-accent/10 to-transparent md:hidden"
    >
      <ul className="flex gap-2 overflow-x-auto px-3 py-2 [scrollbar-width:none]">
        {items.map((item) => (
          <li key={item.id} className="min-w-0 shrink">
            <AppLink
              to={item.url}
              className="flex items-center gap-2 rounded-2xl border border-gold/40 px-3 py-1.5 text-xs font-semibold text-ink"
            >
              {item.icon ? <Icon name={item.icon} /> : null}
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
