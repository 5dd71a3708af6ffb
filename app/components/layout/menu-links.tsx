import { NavLink } from 'react-router'
import type { MenuItem } from '#server/modules/site/site.contract.ts'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { MenuIcon } from './menu-icon.tsx'

interface Props {
  items: MenuItem[]
  className?: string
  itemClassName?: string
  showIcons?: boolean
  /** Link ids to leave out (the cabinet hides the responsible-gambling link). */
  hiddenIds?: readonly string[]
}

/** A menu from the menus data, as a list of links; the current page's link is marked. */
export function MenuLinks({
  items,
  className,
  itemClassName,
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
                {showIcons && item.icon ? <MenuIcon name={item.icon} /> : null}
                <span>{item.label}</span>
              </AppLink>
            ) : (
              <NavLink
                to={item.url}
                // A locale's home (`/en/`) contains every page; mark it only when it is the page.
                end={item.url.split('/').filter(Boolean).length <= 1}
                className={({ isActive }) =>
                  `${itemClassName ?? ''} ${isActive ? 'is-active' : ''}`
                }
                data-menu-id={item.id}
              >
                {showIcons && item.icon ? <MenuIcon name={item.icon} /> : null}
                <span>{item.label}</span>
              </NavLink>
            )}
          </li>
        ))}
    </ul>
  )
}
