import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation, useRevalidator } from 'react-router'
import type { Route } from './+types/home'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { GameTile } from '#app/components/games/game-tile.tsx'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'
import { SideMenu } from '#app/components/layout/side-menu.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import type { CatalogueGame } from '#server/modules/catalogue/catalogue.contract.ts'
import { TournamentMiniCard } from '#app/components/tournaments/tournament-card.tsx'
import {
  HOME_TOURNAMENTS,
  loadHomeTournaments,
  type HomeTournaments,
} from '#app/components/tournaments/tournament-data.ts'
import { FEATURES } from '#common/features.ts'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.home.title')

/** Tiles per row: a row scrolls sideways on a phone and fills the width at 1440 px. */
const ROW_SIZE = 12

/** A row's games, or that they could not be read (the other rows still show). */
type Row = { status: 'ready'; games: CatalogueGame[] } | { status: 'failed' }

const rowOf = (games: Promise<CatalogueGame[]>): Promise<Row> =>
  games.then(
    (list): Row => ({ status: 'ready', games: list.slice(0, ROW_SIZE) }),
    (error: unknown): Row => {
      console.error('home row', error)
      return { status: 'failed' }
    },
  )

/**
 * The home page's rows from the catalogue, which lists only games that play here, and the
 * tournaments running now (through their call, in the page's language).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const country = context.country ?? undefined
  const locale = params.locale ?? context.preferredLocale
  const list = (input: { sort: 'popular' | 'new'; isLive?: boolean }) =>
    context.games.list({ ...input, page: 0, pageSize: ROW_SIZE, country }).then((p) => p.games)
  const [recent, popular, fresh, live, tournaments] = await Promise.all([
    context.player ? rowOf(context.games.recentlyPlayed(context.player.id, country)) : null,
    rowOf(list({ sort: 'popular' })),
    rowOf(list({ sort: 'new' })),
    rowOf(list({ sort: 'popular', isLive: true })),
    FEATURES.tournaments ? loadHomeTournaments(context, locale) : null,
  ])
  return { recent, popular, fresh, live, tournaments }
}

const PROMISES = ['fair', 'payments', 'currencies', 'languages'] as const

function HomeContent({ rows }: { rows: Route.ComponentProps['loaderData'] }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const navigation = useNavigation()
  // Coming back to the home page from elsewhere: its rows are being read again.
  const isLoading =
    navigation.state === 'loading' &&
    (navigation.location.pathname === '/' || navigation.location.pathname === `/${locale}/`)
  return (
    <div className="flex flex-col gap-10">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-[radial-gradient(120%_120%_at_0%_0%,var(--color-hero-glow)_0%,var(--color-surface-raised)_45%,var(--color-surface)_100%)] px-6 py-12 sm:px-10 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -end-16 -top-16 size-72 rounded-full bg-gold/20 blur-3xl"
        />
        <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">
          {t('home.eyebrow')}
        </p>
        <h1 className="mt-3 max-w-2xl text-3xl font-black tracking-tight text-ink sm:text-5xl">
          {t('home.title')}
        </h1>
        <p className="mt-4 max-w-xl text-base text-ink-muted sm:text-lg">{t('home.subtitle')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <AppLink
            to={`/${locale}/lobby/c/All/`}
            className={`${buttonClassName('primary')} px-6 text-base`}
          >
            {t('home.cta_lobby')}
          </AppLink>
          <AppLink
            to={`/${locale}/live/c/Live%20Casino/`}
            className={`${buttonClassName('secondary')} px-6 text-base`}
          >
            {t('home.cta_live')}
          </AppLink>
        </div>
      </section>

      {rows.recent && (rows.recent.status === 'failed' || rows.recent.games.length > 0) ? (
        <GameRow
          id="recent"
          title={t('lobby.recently_played')}
          row={rows.recent}
          isLoading={isLoading}
          locale={locale}
        />
      ) : null}
      {(
        [
          ['popular', 'lobby.category.popular', rows.popular, 'lobby/c/Popular/'],
          ['new', 'lobby.category.new', rows.fresh, 'lobby/c/New/'],
          ['live', 'lobby.category.live-casino', rows.live, 'live/c/Live%20Casino/'],
        ] as const
      ).map(([id, title, row, path]) => (
        <Fragment key={id}>
          <GameRow
            id={id}
            title={t(title)}
            row={row}
            isLoading={isLoading}
            locale={locale}
            more={`/${locale}/${path}`}
          />
          {/* The tournaments follow the first row of games: play first, then what to play for. */}
          {id === 'popular' && rows.tournaments ? (
            <TournamentsTile tile={rows.tournaments} isLoading={isLoading} locale={locale} />
          ) : null}
        </Fragment>
      ))}

      <section
        aria-labelledby="promises-heading"
        className="rounded-2xl border border-line bg-surface-sunken p-6"
      >
        <h2 id="promises-heading" className="mb-4 text-lg font-bold text-ink">
          {t('home.promises_title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {PROMISES.map((promise) => (
            <li key={promise} className="flex gap-3">
              <span aria-hidden="true" className="mt-1 size-2 shrink-0 rounded-full bg-gold" />
              <span>
                <span className="block font-semibold text-ink">
                  {t(`home.promises.${promise}.title`)}
                </span>
                <span className="block text-sm text-ink-muted">
                  {t(`home.promises.${promise}.text`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

/** One row of game tiles with its heading and "see all"; a failed row offers to try again. */
function GameRow(props: {
  id: string
  title: string
  row: Row
  isLoading: boolean
  locale: string
  more?: string
}) {
  const { t } = useTranslation()
  const { id, row } = props
  const headingId = `home-row-${id}`
  return (
    <section aria-labelledby={headingId} data-testid={`home-row-${id}`}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-ink">
          {props.title}
        </h2>
        {props.more && row.status === 'ready' && row.games.length > 0 ? (
          <AppLink
            to={props.more}
            className="shrink-0 text-sm font-semibold text-gold hover:underline"
          >
            {t('home.see_all')}
          </AppLink>
        ) : null}
      </div>
      {props.isLoading ? (
        <div role="status" aria-label={t('lobby.loading')} className={ROW_CLASS}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className={`${TILE_CLASS} aspect-[3/4] rounded-xl`} />
          ))}
        </div>
      ) : row.status === 'failed' ? (
        <RowFailed text={t('home.row_error')} />
      ) : row.games.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-ink-muted">
          {t('home.row_empty')}
        </p>
      ) : (
        <ul className={ROW_CLASS}>
          {row.games.map((game) => (
            <li key={game.id} className={TILE_CLASS}>
              <GameTile game={game} locale={props.locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The tournaments running now, up to three, each leading to its page. Like the game rows it shows
 * placeholders while the page loads again and a retry when the call failed; unlike them it is
 * left out while none runs (an empty tile would only advertise nothing).
 */
function TournamentsTile({
  tile,
  isLoading,
  locale,
}: {
  tile: HomeTournaments
  isLoading: boolean
  locale: string
}) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  if (tile.status === 'ready' && tile.running.length === 0) return null
  return (
    <section aria-labelledby="home-tournaments" data-testid="home-tournaments">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="home-tournaments" className="text-lg font-bold text-ink">
          {t('home.tournaments.title')}
        </h2>
        <AppLink
          to={`/${locale}/tourneys/`}
          className="shrink-0 text-sm font-semibold text-gold hover:underline"
        >
          {t('home.tournaments.see_all')}
        </AppLink>
      </div>
      {isLoading ? (
        <div
          role="status"
          aria-label={t('home.tournaments.loading')}
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
        >
          {Array.from({ length: HOME_TOURNAMENTS }, (_, index) => (
            <Skeleton key={index} className="aspect-[4/3] w-full rounded-2xl" />
          ))}
        </div>
      ) : tile.status === 'failed' ? (
        <RowFailed text={t('home.tournaments.error')} />
      ) : (
        <ul className={TOURNAMENT_ROW_CLASS}>
          {tile.running.map((card) => (
            <li key={card.id} className="flex w-64 shrink-0 snap-start sm:w-auto">
              <TournamentMiniCard
                card={card}
                locale={locale}
                onCountdownEnd={() => void revalidator.revalidate()}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Like the game rows, sideways on a phone; a grid wider, where three cards fit side by side. */
const TOURNAMENT_ROW_CLASS =
  '-mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-3'

/** Sideways scrolling on a phone, edge to edge (the frame pads 12 px there); wider, inside. */
const ROW_CLASS = '-mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-2 sm:mx-0 sm:px-0'
const TILE_CLASS = 'w-28 shrink-0 snap-start sm:w-36 lg:w-40'

/**
 * The home screen. At `/` (no prefix) it renders its own frame in the preferred locale; under a
 * prefix the default layout wraps it.
 */
export default function Home({ matches, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const isUnprefixed = matches.at(-1)?.id === 'root-home'
  if (!isUnprefixed) return <HomeContent rows={loaderData} />
  return (
    <SiteFrame aside={<SideMenu />} asideLabel={t('nav.side')}>
      <HomeContent rows={loaderData} />
    </SiteFrame>
  )
}

/** A home row that could not be read, with a retry that reads the page's data again. */
function RowFailed({ text }: { text: string }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm text-ink"
    >
      {text}
      <button
        type="button"
        onClick={() => void revalidator.revalidate()}
        className="rounded-lg border border-line px-3 py-1.5 font-semibold hover:border-gold/60"
      >
        {t('common.retry')}
      </button>
    </div>
  )
}
