import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, useFetcher, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/details'
import { EngagementError } from '#app/components/engagement/engagement-ui.tsx'
import { countdownOf, entryFeeText } from '#app/components/tournaments/format.ts'
import { JoinPanel } from '#app/components/tournaments/join-panel.tsx'
import {
  Fairness,
  Leaderboard,
  PrizeTable,
  Results,
} from '#app/components/tournaments/leaderboard.tsx'
import { TournamentRules } from '#app/components/tournaments/rules.tsx'
import { loadTournamentDetails } from '#app/components/tournaments/tournament-data.ts'
import { Countdown, JoinedBadge, PhaseBadge } from '#app/components/tournaments/tournament-ui.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { When } from '#app/components/ui/countdown.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { refetchBoard, useTournamentStore } from '#app/state/tournament-store.ts'
import { isPathOn } from '#common/features.ts'
import type {
  Leaderboard as Board,
  TournamentDetails,
} from '#server/modules/tournaments/tournaments.contract.ts'

/** The tournament with its rules, prizes, board and (once finished) results; 404 when unknown. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return { details: await loadTournamentDetails(context, params.locale, params.id) }
}

export const meta: Route.MetaFunction = (args) => {
  const title = args.loaderData?.details.title
  const metas = pageMeta(args, 'pages.tournament-details.title')
  return title
    ? [{ title: `${title} · Aurum` }, ...metas.filter((entry) => !('title' in entry))]
    : metas
}

/** A visitor has no socket: their board is read again this often while the tournament runs. */
const VISITOR_REFRESH_MS = 15_000
/** Between the end and the results, how often the page asks whether they are in. */
const FINISHING_POLL_MS = 5_000

/**
 * The page's data, read again without the root's: a refresh loads only this route's loader (a
 * fetcher), so the site frame's data, and with it the socket's connection, stay as they are. The
 * newest of the navigation's data and the last refresh is shown.
 */
function useFreshDetails(loaded: TournamentDetails) {
  const fetcher = useFetcher<typeof loader>()
  const load = useRef(fetcher.load)
  load.current = fetcher.load
  const [details, setDetails] = useState(loaded)
  useEffect(() => setDetails(loaded), [loaded])
  const fetched = fetcher.data?.details
  useEffect(() => {
    if (fetched?.id === loaded.id) setDetails(fetched)
  }, [fetched, loaded.id])
  const path = useLocation().pathname
  const refresh = useCallback(() => void load.current(path), [path])
  return { details, refresh }
}

/**
 * Keeps the page live: the socket room is joined while it is open (the plumbing emits
 * `tournament:watch`), the store holds the board the page loaded and the socket's moves since, a
 * phase change heard on the socket loads the page again, a visitor's board is read every 15 s
 * while it runs, and the page asks every few seconds while results are being counted.
 */
function useLiveTournament(details: TournamentDetails, isSignedIn: boolean, refresh: () => void) {
  const { id, phase } = details

  useEffect(() => {
    useTournamentStore.getState().watch(id)
    return () => useTournamentStore.getState().leave(id)
  }, [id])

  // Every load (first, refresh) brings a board; the store keeps whichever is newer.
  useEffect(() => {
    useTournamentStore.getState().seed(details.leaderboard)
  }, [details.leaderboard])

  const heard = useTournamentStore((state) => state.phase)
  useEffect(() => {
    if (heard?.tournamentId === id && heard.phase !== phase) refresh()
  }, [heard, id, phase, refresh])

  useEffect(() => {
    if (isSignedIn || phase !== 'running') return
    const timer = window.setInterval(() => void refetchBoard(id), VISITOR_REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [id, phase, isSignedIn])

  useEffect(() => {
    if (phase !== 'finishing') return
    const timer = window.setInterval(refresh, FINISHING_POLL_MS)
    return () => window.clearInterval(timer)
  }, [phase, refresh])
}

/** The board as the store holds it once seeded for this tournament, the loaded one until then. */
function useBoard(details: TournamentDetails): Board & { moved: readonly string[] } {
  const live = useTournamentStore((state) => state.board)
  return live?.tournament_id === details.id ? live : { ...details.leaderboard, moved: [] }
}

function Fact({
  label,
  children,
  testId,
  className = '',
}: {
  label: string
  children: string
  testId: string
  className?: string
}) {
  return (
    <div
      className={`flex min-w-0 flex-col gap-0.5 rounded-xl bg-surface/70 px-3 py-2 ${className}`}
    >
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="truncate text-sm font-bold text-ink" data-testid={testId} title={children}>
        {children}
      </dd>
    </div>
  )
}

function DetailsSkeleton() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-label={t('tournaments.page.loading')} className="flex flex-col gap-6">
      <Skeleton className="h-72 w-full rounded-3xl" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-96 w-full rounded-2xl" />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
    </div>
  )
}

export default function TournamentDetailsPage({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const { player } = useRootData()
  const navigation = useNavigation()
  const { details, refresh } = useFreshDetails(loaderData.details)
  useLiveTournament(details, player !== null, refresh)
  const board = useBoard(details)
  const clock = countdownOf(details)
  const hasJoined = details.joined || board.own !== null
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname.includes('/tournament-details/t/') &&
    navigation.location.pathname !== `/${params.locale}/tournament-details/t/${params.id}/`
  // The join's answer is the board with the player in it: the count, the own row and "Joined"
  // follow from it, with nothing to load again.
  const onJoined = (joined: Board) => useTournamentStore.getState().seed(joined)
  const list = `/${params.locale}/tourneys/`

  if (isLoading) return <DetailsSkeleton />
  return (
    <div
      data-testid="tournament-page"
      data-id={details.id}
      data-phase={details.phase}
      className="flex flex-col gap-6"
    >
      <nav aria-label={t('tournaments.page.breadcrumb')} className="text-sm">
        <AppLink
          to={list}
          className="inline-flex items-center gap-1 font-semibold text-gold hover:underline"
        >
          <span aria-hidden="true" className="rtl:-scale-x-100">
            ←
          </span>
          {t('tournaments.page.all')}
        </AppLink>
      </nav>

      <header className="grid overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-hero-glow via-surface-raised to-surface-raised md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        {/* On a phone the art leads at 16:9; wider, it fills its column beside the words, which set
            the height (art of another shape is cropped, never stretched). */}
        <div className="relative aspect-video w-full bg-surface-sunken md:aspect-auto md:min-h-72">
          <img
            src={details.image_url}
            alt={details.image_alt}
            width={960}
            height={540}
            className="size-full object-cover md:absolute md:inset-0"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <PhaseBadge phase={details.phase} />
            {hasJoined ? <JoinedBadge /> : null}
          </div>
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {details.title}
            </h1>
            <p className="text-sm leading-relaxed text-ink-muted sm:text-base">{details.text}</p>
          </div>
          {clock ? (
            <Countdown kind={clock.kind} at={clock.at} size="lg" onEnd={refresh} />
          ) : (
            <p className="text-sm text-ink-muted" data-testid="tournament-ended">
              {details.phase === 'finishing' ? (
                t('tournaments.page.counting')
              ) : (
                <>
                  {t('tournaments.page.ended_on')}{' '}
                  <When iso={details.finished_at ?? details.ends_at} />
                </>
              )}
            </p>
          )}
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Fact
              label={t('tournaments.page.top_prize')}
              testId="details-top-prize"
              className="col-span-2 sm:col-span-1"
            >
              {details.top_prize}
            </Fact>
            <Fact label={t('tournaments.page.players')} testId="details-participants">
              {new Intl.NumberFormat(localeTag).format(board.participants)}
            </Fact>
            <Fact label={t('tournaments.page.entry_fee')} testId="details-fee">
              {entryFeeText(details.entry_fee, { t, localeTag })}
            </Fact>
          </dl>
          <JoinPanel
            details={details}
            isSignedIn={player !== null}
            hasJoined={hasJoined}
            onJoined={onJoined}
          />
        </div>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="tournament-board"
          className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-3 sm:p-5"
          data-testid="tournament-board"
          data-version={board.version}
        >
          <div className="flex flex-wrap items-center justify-between gap-2 px-1">
            <h2 id="tournament-board" className="text-lg font-bold text-ink">
              {details.phase === 'finished'
                ? t('tournaments.page.results')
                : t('tournaments.page.board')}
            </h2>
            {details.phase === 'running' ? (
              <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-success">
                <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-success" />
                {t('tournaments.page.live')}
              </span>
            ) : null}
          </div>
          {details.phase === 'finished' ? (
            <Results results={details.results} scoring={details.scoring} />
          ) : (
            <Leaderboard
              top={board.top}
              own={board.own}
              scoring={details.scoring}
              moved={board.moved}
              version={board.version}
            />
          )}
        </section>

        <aside className="flex flex-col gap-6" aria-label={t('tournaments.page.about')}>
          <section
            aria-labelledby="tournament-prizes"
            className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
          >
            <h2 id="tournament-prizes" className="text-base font-bold text-ink">
              {t('tournaments.page.prizes')}
            </h2>
            <PrizeTable prizes={details.prizes} />
          </section>
          <TournamentRules details={details} locale={params.locale} />
          <Fairness details={details} />
        </aside>
      </div>

      <p className="text-sm text-ink-muted">
        {/* Already canonical, with a fragment the guards would take for part of the path. */}
        <Link
          to={{ pathname: list, hash: 'finished' }}
          className="font-semibold text-gold hover:underline"
          data-testid="past-results"
        >
          {t('tournaments.page.past_results')}
        </Link>
      </p>
    </div>
  )
}

export { EngagementError as ErrorBoundary }
