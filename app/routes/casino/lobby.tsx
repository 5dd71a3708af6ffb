import { useTranslation } from 'react-i18next'
import { Form, Link, NavLink, useMatches, useNavigation, useSubmit } from 'react-router'
import type { Route } from './+types/lobby'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { GameGridSkeleton, GameTile, GRID_CLASS } from '#app/components/games/game-tile.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import {
  CATALOGUE_SORTS,
  CATEGORY_NAMES,
  categorySlug,
  type CatalogueSort,
} from '#common/game-categories.ts'

/** Games per "show more" step. */
const STEP = 24
/** The most a listing shows at once (ten steps). */
const MAX_SHOWN = STEP * 10
const LIVE_CATEGORIES = ['Live Casino', 'Crash', 'Table Games', 'New', 'Popular'] as const

/** The module serves category and provider routes; each has one of the two params. */
function listingName(params: { category?: string; provider?: string }): string {
  return params.category ?? params.provider ?? ''
}

const isSort = (value: string | null): value is CatalogueSort =>
  (CATALOGUE_SORTS as readonly string[]).includes(value ?? '')

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const isLive = url.pathname.includes('/live/')
  const sortParam = url.searchParams.get('sort')
  const sort: CatalogueSort = isSort(sortParam) ? sortParam : 'popular'
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 60)
  const shown = Math.min(
    Math.max(Number.parseInt(url.searchParams.get('show') ?? '', 10) || STEP, STEP),
    MAX_SHOWN,
  )
  const country = context.country ?? undefined
  const provider = params.provider?.toLowerCase()
  const [page, providers, recent] = await Promise.all([
    context.games.list({
      category: params.category,
      provider,
      q: q || undefined,
      sort,
      isLive,
      page: 0,
      pageSize: shown,
      country,
    }),
    context.games.providers({ country, isLive }),
    context.player && !isLive ? context.games.recentlyPlayed(context.player.id, country) : [],
  ])
  return { isLive, sort, q, shown, page, providers, recent: recent.slice(0, 12) }
}

/** Lobby and live pages, by category or provider, with search, sorting and "show more". */
export const meta: Route.MetaFunction = (args) => {
  const isLive = args.matches.at(-1)?.id.startsWith('live') ?? false
  const provider = args.loaderData.providers.find((p) => p.id === args.params.provider)
  return pageMeta(args, isLive ? 'pages.live.title_with' : 'pages.lobby.title_with', {
    name: provider?.name ?? listingName(args.params),
  })
}

const chipClass =
  'flex items-center gap-2 rounded-full border border-line bg-surface-raised px-4 py-2 text-sm whitespace-nowrap text-ink-muted hover:text-ink aria-[current=page]:border-gold aria-[current=page]:text-gold'

export default function Lobby({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const submit = useSubmit()
  const id = useMatches().at(-1)?.id ?? ''
  const { isLive, sort, q, shown, page, providers, recent } = loaderData
  const section = isLive ? 'live' : 'lobby'
  const base = `/${params.locale}/${section}`
  const provider = providers.find((p) => p.id === params.provider)
  const name =
    provider?.name ??
    (params.category
      ? t(`lobby.category.${categorySlug(params.category)}`, { defaultValue: params.category })
      : listingName(params))
  const categories = isLive ? LIVE_CATEGORIES : CATEGORY_NAMES
  // A navigation to another listing (not "show more" on this one) shows placeholders.
  const isLoading =
    navigation.state === 'loading' &&
    (navigation.location.pathname.includes('/lobby/') ||
      navigation.location.pathname.includes('/live/')) &&
    new URLSearchParams(navigation.location.search).get('show') === null
  const moreParams = new URLSearchParams()
  if (q) moreParams.set('q', q)
  if (sort !== 'popular') moreParams.set('sort', sort)
  moreParams.set('show', String(shown + STEP))

  return (
    <div>
      <PageHeading
        title={t(isLive ? 'pages.live.title_with' : 'pages.lobby.title_with', { name })}
        intro={t(isLive ? 'pages.live.intro' : 'pages.lobby.intro')}
      />
      <nav
        aria-label={t('lobby.categories')}
        className="-mx-3 mb-3 overflow-x-auto px-3 sm:-mx-4 sm:px-4"
      >
        <ul className="flex gap-2">
          {categories.map((category) => (
            <li key={category}>
              <NavLink
                to={`${base}/c/${encodeURIComponent(category)}/`}
                className={chipClass}
                aria-current={
                  params.category && categorySlug(params.category) === categorySlug(category)
                    ? 'page'
                    : undefined
                }
              >
                {t(`lobby.category.${categorySlug(category)}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav
        aria-label={t('lobby.providers')}
        className="-mx-3 mb-4 overflow-x-auto px-3 sm:-mx-4 sm:px-4"
      >
        <ul className="flex gap-2">
          {providers.map((item) => (
            <li key={item.id}>
              <NavLink to={`${base}/p/${item.id}/`} className={`${chipClass} py-1.5 text-xs`}>
                {item.name}
                <span className="text-ink-muted tabular-nums">{item.games}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="get"
        role="search"
        className="mb-6 flex flex-col gap-2 sm:flex-row"
        onChange={(event) => {
          // Sorting applies at once; typing waits for Enter.
          if ((event.target as HTMLElement).tagName === 'SELECT') {
            void submit(event.currentTarget, { replace: true })
          }
        }}
      >
        <label className="flex-1">
          <span className="sr-only">{t('lobby.search')}</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={`${id}-${q}`}
            maxLength={60}
            placeholder={t('lobby.search_placeholder')}
            className="w-full rounded-lg border border-line bg-surface-raised px-3 py-2 text-ink placeholder:text-ink-muted"
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-ink-muted">
          {t('lobby.sort')}
          <select
            name="sort"
            defaultValue={sort}
            key={`${id}-${sort}`}
            className="rounded-lg border border-line bg-surface-raised px-3 py-2 text-ink"
          >
            {CATALOGUE_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`lobby.sort_${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-lg bg-gradient-to-b from-gold-soft to-gold-strong px-4 py-2 text-sm font-semibold text-on-gold"
        >
          {t('lobby.search_button')}
        </button>
      </Form>

      {recent.length > 0 ? (
        <section aria-labelledby="recently-played" className="mb-8" data-testid="recently-played">
          <h2 id="recently-played" className="mb-3 text-lg font-semibold text-ink">
            {t('lobby.recently_played')}
          </h2>
          <ul className="-mx-3 flex gap-3 overflow-x-auto px-3 pb-2 sm:-mx-4 sm:px-4">
            {recent.map((game) => (
              <li key={game.id} className="w-28 shrink-0 sm:w-32">
                <GameTile game={game} locale={params.locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {isLoading ? (
        <GameGridSkeleton label={t('lobby.loading')} />
      ) : page.games.length === 0 ? (
        <EmptyState
          title={t(q ? 'lobby.no_results_title' : 'lobby.empty_title')}
          text={q ? t('lobby.no_results_text', { q }) : t('lobby.empty_text')}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
            {t('lobby.showing', { shown: page.games.length, total: page.total })}
          </p>
          <ul className={GRID_CLASS} data-testid="game-grid">
            {page.games.map((game) => (
              <li key={game.id}>
                <GameTile game={game} locale={params.locale} />
              </li>
            ))}
          </ul>
          {page.total > page.games.length && shown < MAX_SHOWN ? (
            <div className="mt-6 flex justify-center">
              <Link
                to={`?${moreParams.toString()}`}
                preventScrollReset
                replace
                className="rounded-lg border border-line px-6 py-2 text-sm font-semibold text-ink hover:border-gold/60"
                data-testid="show-more"
              >
                {navigation.state === 'loading' ? t('lobby.loading') : t('lobby.show_more')}
              </Link>
            </div>
          ) : null}
        </>
      )}
    </div>
  )
}
