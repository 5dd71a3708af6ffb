import { useTranslation } from 'react-i18next'
import { NavLink, useMatches } from 'react-router'
import type { Route } from './+types/lobby'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

/** The module serves category and provider routes; each has one of the two params. */
function listingName(params: { category?: string; provider?: string }): string {
  return params.category ?? params.provider ?? ''
}

/** Lobby and live pages, by category or provider; the game menu lists the categories. */
export const meta: Route.MetaFunction = (args) => {
  const isLive = args.matches.at(-1)?.id.startsWith('live') ?? false
  return pageMeta(args, isLive ? 'pages.live.title_with' : 'pages.lobby.title_with', {
    name: listingName(args.params),
  })
}

export default function Lobby({ params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { menus } = useRootData()
  const id = useMatches().at(-1)?.id ?? ''
  const isLive = id.startsWith('live')
  const name = listingName(params)
  return (
    <div>
      <PageHeading
        title={t(isLive ? 'pages.live.title_with' : 'pages.lobby.title_with', { name })}
        intro={t(isLive ? 'pages.live.intro' : 'pages.lobby.intro')}
      />
      <nav aria-label={t('lobby.categories')} className="-mx-4 mb-6 overflow-x-auto px-4">
        <ul className="flex gap-2">
          {menus['game-menu'].map((item) => (
            <li key={item.id}>
              <NavLink
                to={item.url}
                className="flex items-center gap-2 rounded-full border border-line bg-surface-raised px-4 py-2 text-sm whitespace-nowrap text-ink-muted hover:text-ink aria-[current=page]:border-gold aria-[current=page]:text-gold"
              >
                {item.icon ? <Icon name={item.icon} /> : null}
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <EmptyState title={t('lobby.empty_title')} text={t('lobby.empty_text')} />
    </div>
  )
}
