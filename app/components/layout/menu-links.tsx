import { NavLink } from 'react-router'
import type { MenuItem } from '#server/modules/site/site.contract.ts'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { Icon } from '#app/components/ui/icon.tsx'

interface Props {
  items: MenuItem[]
  className?: string
  itemClassName?: string
  labelClassName?: string
  showIcons?: boolean
  /** Link ids to leave out (the cabinet hides the responsible-gambling link). */
  hiddenIds?: readonly string[]
}

/** A menu from the menus data, as a list of links; the current page's link is marked. */
export function MenuLinks({
  items,
  className,
  itemClassName,
  labelClassName,
  showIcons = false,
  hiddenIds = [],
}: Props) {
  return (
    <ul className={className}>
      {items
        .filter((item) => !hiddenIds.includes(item.id))
        .map((item) => (
          <li key={item.id}>
            {item.isExternal ? (
              <AppLink to={item.url} isExternal className={itemClassName}>
                {showIcons && item.icon ? <Icon name={item.icon} /> : null}
                <span className={labelClassName}>{item.label}</span>
              </AppLink>
            ) : (
              <NavLink
                to={item.url}
                // A link that contains others (a locale's home, the cabinet's dashboard) is marked
                // only on its own page, not on theirs.
                end={
                  item.url.split('/').filter(Boolean).length <= 1 ||
                  items.some((other) => other !== item && other.url.startsWith(item.url))
                }
                className={({ isActive }) =>
                  `${itemClassName ?? ''} ${isActive ? 'is-active' : ''}`
                }
                data-menu-id={item.id}
                title={labelClassName ? item.label : undefined}
              >
                {showIcons && item.icon ? <Icon name={item.icon} /> : null}
                <span className={labelClassName}>{item.label}</span>
              </NavLink>
            )}
          </li>
        ))}
    </ul>
  )
}
