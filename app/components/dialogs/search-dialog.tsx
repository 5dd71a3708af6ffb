import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { TileLink } from '#app/components/ui/tile-link.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { getLocale } from '#app/lib/locales.ts'
import { menuDestinations, searchDestinations } from '#app/lib/search-index.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

/**
 * Search across the site's destinations in the player's language; with no query it offers the
 * main sections. The games catalogue joins these results when the games feature lands.
 */
export default function SearchDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const { menus, locale } = useRootData()
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const localeTag = getLocale(locale).tag
  const destinations = useMemo(() => menuDestinations(menus), [menus])
  const results = useMemo(
    () => searchDestinations(destinations, deferredQuery, localeTag),
    [destinations, deferredQuery, localeTag],
  )
  const isSearching = deferredQuery.trim() !== ''
  const shown = isSearching ? results : menus.header
  return (
    <Dialog id="search" title={t('search.title')} onClosed={onClosed} size="lg">
      <search className="flex flex-col gap-4">
        <label className="relative block">
          <span className="sr-only">{t('search.label')}</span>
          <span className="pointer-events-none absolute start-3.5 top-1/2 -translate-y-1/2 text-ink-muted">
            <Icon name="search" />
          </span>
          <input
            type="search"
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('search.placeholder')}
            maxLength={100}
            enterKeyHint="search"
            className="min-h-12 w-full rounded-xl border border-line bg-surface ps-11 pe-4 text-base text-ink placeholder:text-ink-muted focus:border-gold focus:outline-none"
            data-testid="search-input"
          />
        </label>
        <p
          className="text-xs font-semibold tracking-wider text-ink-muted uppercase"
          aria-live="polite"
        >
          {isSearching ? t('search.results', { count: results.length }) : t('search.suggestions')}
        </p>
        {shown.length === 0 ? (
          <EmptyState
            title={t('search.empty_title', { query: deferredQuery.trim() })}
            text={t('search.empty_text')}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-2 xsm:grid-cols-2">
            {shown.map((item) => (
              <li key={item.url}>
                <TileLink to={item.url} icon={item.icon ?? 'search'} label={item.label} />
              </li>
            ))}
          </ul>
        )}
      </search>
    </Dialog>
  )
}
