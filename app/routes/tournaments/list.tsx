import { useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { data, useNavigation, useRevalidator } from 'react-router'
import type { Route } from './+types/list'
import { CARD_GRID, EngagementError, PageHero } from '#app/components/engagement/engagement-ui.tsx'
import { TournamentCard } from '#app/components/tournaments/tournament-card.tsx'
import { loadTournamentList } from '#app/components/tournaments/tournament-data.ts'
import { TournamentCardSkeleton } from '#app/components/tournaments/tournament-ui.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import { isPathOn } from '#common/features.ts'
import type { TournamentCard as Card } from '#server/modules/tournaments/tournaments.contract.ts'

/** The tournaments running (with those counting their results), to come, and finished. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return loadTournamentList(context, params.locale)
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.tourneys.title')

const SECTIONS = ['running', 'upcoming', 'finished'] as const

/** The section "running now" leads with those still running; those counting results follow. */
const runningFirst = (cards: readonly Card[]) =>
  [...cards].sort((a, b) => Number(a.phase === 'finishing') - Number(b.phase === 'finishing'))
type Section = (typeof SECTIONS)[number]

function TournamentSection({
  section,
  cards,
  locale,
  isLoading,
  onCountdownEnd,
}: {
  section: Section
  cards: readonly Card[]
  locale: string
  isLoading: boolean
  onCountdownEnd: () => void
}) {
  const { t } = useTranslation()
  const headingId = `tournaments-${section}`
  return (
    <section
      id={section}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-4"
      data-testid={`tournaments-${section}`}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-ink">
        {t(`tournaments.page.section.${section}`)}
        {isLoading || cards.length === 0 ? null : (
          <span className="rounded-full bg-line px-2 text-xs text-ink-muted tabular-nums">
            {cards.length}
          </span>
        )}
      </h2>
      {isLoading ? (
        <div role="status" aria-label={t('tournaments.page.loading')} className={CARD_GRID}>
          {Array.from({ length: section === 'finished' ? 3 : 2 }, (_, index) => (
            <TournamentCardSkeleton key={index} />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted"
          data-testid={`tournaments-${section}-empty`}
        >
          {t(`tournaments.page.empty.${section}`)}
        </p>
      ) : (
        <div className={CARD_GRID}>
          {cards.map((card) => (
            <TournamentCard
              key={card.id}
              card={card}
              locale={locale}
              onCountdownEnd={onCountdownEnd}
            />
          ))}
        </div>
      )}
    </section>
  )
}

export default function TournamentsPage({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  // A card's countdown reaching zero moves it to the next section: read the list again.
  const onCountdownEnd = useCallback(() => void revalidate.current(), [])
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/tourneys/')
  return (
    <div data-testid="tournaments-page" className="flex flex-col gap-8">
      <PageHero
        hero={undefined}
        title={t('pages.tourneys.title')}
        intro={t('pages.tourneys.intro')}
      />
      {SECTIONS.map((section) => (
        <TournamentSection
          key={section}
          section={section}
          cards={section === 'running' ? runningFirst(loaderData.running) : loaderData[section]}
          locale={params.locale}
          isLoading={isLoading}
          onCountdownEnd={onCountdownEnd}
        />
      ))}
    </div>
  )
}

export { EngagementError as ErrorBoundary }
