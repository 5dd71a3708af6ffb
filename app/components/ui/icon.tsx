import spriteUrl from '#app/assets/icons.svg?url'

/**
 * The site's line icons, by name (menu items name theirs in the menus data). The shapes live once
 * in a cached sprite (`app/assets/icons.svg`), so a page repeats only a short reference per icon.
 */
export const ICON_NAMES = [
  'home',
  'lobby',
  'live',
  'promotions',
  'tournaments',
  'shop',
  'quests',
  'achievements',
  'wheel',
  'lootboxes',
  'lottery',
  'loyalty',
  'vip',
  'account',
  'info',
  'shield',
  'search',
  'slots',
  'table',
  'bonus',
  'globe',
  'bell',
  'close',
  'plus',
  'share',
  'download',
] as const

const known = new Set<string>(ICON_NAMES)

export function Icon({ name, className = 'size-5' }: { name: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`shrink-0 fill-none stroke-current stroke-[1.8] [stroke-linecap:round] [stroke-linejoin:round] ${className}`}
    >
      <use href={`${spriteUrl}#${known.has(name) ? name : 'info'}`} />
    </svg>
  )
}
