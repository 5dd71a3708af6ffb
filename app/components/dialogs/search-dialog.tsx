import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { TileLink } from '#app/components/ui/tile-link.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { getLocale } from '#common/locales.ts'
import {
  menuDestinations,
  searchDestinations,
  searchGames,
  type GameNames,
} from '#app/lib/search-index.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import type { CatalogueGame, CataloguePage } from '#server/modules/catalogue/catalogue.contract.ts'

/** The catalogue's largest page; a bigger catalogue is read page by page. */
const PAGE_SIZE = 100
/** Suggestions with no query: the most played. */
const SUGGESTED_GAMES = 6

type Catalogue =
  { status: 'loading' } | { status: 'ready'; games: CatalogueGame[] } | { status: 'failed' }

/** Every game the visitor may play here, most popular first (the catalogue lists no other). */
async function loadCatalogue(): Promise<CatalogueGame[]> {
  const games: CatalogueGame[] = []
  for (let page = 0; ; page += 1) {
    const answer = await apiFetch<{ data: CataloguePage }>(
      `/games/catalogue?sort=popular&pageSize=${PAGE_SIZE}&page=${page}`,
    )
    games.push(...answer.data.games)
    if (answer.data.games.length < PAGE_SIZE || games.length >= answer.data.total) return games
  }
}

/**
 * The header search: games by title, studio, category or kind in the player's language, and the
 * site's pages. The catalogue is read once when the dialog opens and searched as one types;
 * with no query it suggests the most played games and the main sections.
 */
export default function SearchDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const { menus, locale } = useRootData()
  const [query, setQuery] = useState('')
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const deferredQuery = useDeferredValue(query)
  const localeTag = getLocale(locale).tag

  useEffect(() => {
    let isCurrent = true
    setCatalogue({ status: 'loading' })
    loadCatalogue()
      .then((games) => {
        if (isCurrent) setCatalogue({ status: 'ready', games })
      })
      .catch(() => {
        if (isCurrent) setCatalogue({ status: 'failed' })
      })
    return () => {
      isCurrent = false
    }
  }, [attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  const names = useMemo<GameNames>(
    () => ({
      category: (slug) => t(`lobby.category.${slug}`, { defaultValue: slug }),
      kind: (engine) => {
        const name = t(`games.kind.${engine}`, { defaultValue: '' })
        return name === '' ? undefined : name
      },
    }),
    [t],
  )
  const destinations = useMemo(() => menuDestinations(menus), [menus])
  const isSearching = deferredQuery.trim() !== ''
  const pages = useMemo(
    () => searchDestinations(destinations, deferredQuery, localeTag),
    [destinations, deferredQuery, localeTag],
  )
  const games = useMemo(() => {
    if (catalogue.status !== 'ready') return []
    return isSearching
      ? searchGames(catalogue.games, deferredQuery, localeTag, names)
      : catalogue.games.slice(0, SUGGESTED_GAMES)
  }, [catalogue, isSearching, deferredQuery, localeTag, names])
  const shownPages = isSearching ? pages : menus.header
  const count = games.length + pages.length
  const isEmpty =
    isSearching && catalogue.status !== 'loading' && games.length === 0 && pages.length === 0

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
            aria-describedby="search-status"
            className="min-h-12 w-full rounded-xl border border-line bg-surface ps-11 pe-4 text-base text-ink placeholder:text-ink-muted focus:border-gold focus:outline-none"
            data-testid="search-input"
          />
        </label>
        <p
          id="search-status"
          className="text-xs font-semibold tracking-wider text-ink-muted uppercase"
          aria-live="polite"
          data-testid="search-status"
        >
          {!isSearching
            ? t('search.suggestions')
            : catalogue.status === 'loading'
              ? t('lobby.loading')
              : t('search.results', { count })}
        </p>

        {isEmpty ? (
          <EmptyState
            title={t('search.empty_title', { query: deferredQuery.trim() })}
            text={t('search.empty_text')}
          />
        ) : null}

        {catalogue.status === 'failed' ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm text-ink"
            data-testid="search-games-error"
          >
            {t('search.games_error')}
            <button
              type="button"
              onClick={retry}
              className="rounded-lg border border-line px-3 py-1.5 font-semibold hover:border-gold/60"
            >
              {t('common.retry')}
            </button>
          </div>
        ) : catalogue.status === 'loading' ? (
          <div role="status" aria-label={t('lobby.loading')} className="flex flex-col gap-2">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-14 w-full rounded-xl" />
            ))}
          </div>
        ) : games.length > 0 ? (
          <section aria-labelledby="search-games" data-testid="search-games">
            <h3 id="search-games" className="mb-2 text-sm font-semibold text-ink">
              {isSearching ? t('search.games') : t('search.popular_games')}
            </h3>
            <ul className="grid grid-cols-1 gap-2 xsm:grid-cols-2">
              {games.map((game) => (
                <li key={game.id}>
                  <GameResult game={game} locale={locale} names={names} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {shownPages.length > 0 ? (
          <section aria-labelledby="search-pages" data-testid="search-pages">
            <h3 id="search-pages" className="mb-2 text-sm font-semibold text-ink">
              {t('search.pages')}
            </h3>
            <ul className="grid grid-cols-1 gap-2 xsm:grid-cols-2">
              {shownPages.map((item) => (
                <li key={item.url}>
                  <TileLink to={item.url} icon={item.icon ?? 'search'} label={item.label} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </search>
    </Dialog>
  )
}

/** One game found: its art, title, studio and first category, opening its game screen. */
function GameResult({
  game,
  locale,
  names,
}: {
  game: CatalogueGame
  locale: string
  names: GameNames
}) {
  const category = game.categories.find((slug) => slug !== 'new' && slug !== 'popular')
  return (
    <AppLink
      to={`/${locale}/game/${game.slug}/`}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface p-2 text-sm hover:border-gold/60"
      data-testid="search-game"
    >
      <img
        src={game.thumbnail_url}
        alt=""
        width={36}
        height={48}
        loading="lazy"
        className="h-12 w-9 shrink-0 rounded-md object-cover"
      />
      <span className="min-w-0 flex-1">
        <span dir="auto" className="block truncate font-semibold text-ink rtl:text-right">
          {game.title}
        </span>
        <span className="block truncate text-xs text-ink-muted rtl:text-right">
          <span dir="auto">{game.provider_name}</span>
          {category ? ` · ${names.category(category)}` : null}
        </span>
      </span>
    </AppLink>
  )
}
