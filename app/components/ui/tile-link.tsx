import { AppLink } from './app-link.tsx'
import { Icon } from './icon.tsx'

/** A destination as a tile: its icon in a gold well, then its label (search and menu dialogs). */
export function TileLink({ to, icon, label }: { to: string; icon: string; label: string }) {
  return (
    <AppLink
      to={to}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-3 text-sm font-semibold text-ink hover:border-gold/60"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gold/10 text-gold">
        <Icon name={icon} />
      </span>
      {label}
    </AppLink>
  )
}
