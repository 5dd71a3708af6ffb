import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { data, useNavigation } from 'react-router'
import type { Route } from './+types/quests'
import {
  loadPageComponents,
  loadQuestCategories,
} from '#app/components/engagement/engagement-data.ts'
import {
  CARD_GRID,
  CardGridSkeleton,
  CoinsPanel,
  EngagementError,
  PageComponentsBody,
  PageHero,
} from '#app/components/engagement/engagement-ui.tsx'
import { QuestCard } from '#app/components/engagement/quest-card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import { triggersOf, useCoins, useSeedEngagement } from '#app/state/engagement-store.ts'
import { isPathOn } from '#common/features.ts'

/** The running quests by category with the player's progress, and the page's components. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  const [quests, components] = await Promise.all([
    loadQuestCategories(context, params.locale),
    loadPageComponents(context, params.locale, 'quests'),
  ])
  return { quests, components }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.quests.title')

export default function Quests({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/quests/')
  const { quests, components } = loaderData
  const categories = quests.categories.filter((category) => category.quests.length > 0)
  const triggers = useMemo(
    () => triggersOf(quests.categories.flatMap((category) => category.quests)),
    [quests],
  )
  useSeedEngagement(triggers, quests.player_coins)
  const coins = useCoins(quests.player_coins)
  const hero = components.find((component) => component.kind === 'hero')
  return (
    <div data-testid="quests-page" className="flex flex-col gap-6">
      <PageHero hero={hero} title={t('pages.quests.title')} intro={t('pages.quests.intro')} />
      <CoinsPanel coins={coins} />
      {isLoading ? (
        <CardGridSkeleton label={t('engagement.loading')} />
      ) : categories.length === 0 ? (
        <EmptyState
          title={t('engagement.quests_empty_title')}
          text={t('engagement.quests_empty_text')}
        />
      ) : (
        <>
          {categories.length > 1 ? (
            <nav aria-label={t('engagement.categories')} className="-mx-1 overflow-x-auto px-1">
              <ul className="flex gap-2 pb-1">
                {categories.map((category) => (
                  <li key={category.id} className="shrink-0">
                    <a
                      href={`#quests-${category.slug}`}
                      className="inline-flex min-h-10 items-center gap-2 rounded-full border border-line bg-surface-raised px-4 text-sm font-semibold text-ink hover:border-gold/60"
                    >
                      {category.title}
                      <span className="rounded-full bg-line px-2 text-xs text-ink-muted tabular-nums">
                        {category.quests.length}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {categories.map((category) => (
            <section
              key={category.id}
              id={`quests-${category.slug}`}
              aria-labelledby={`quests-${category.slug}-title`}
              className="flex scroll-mt-24 flex-col gap-4"
              data-testid={`quest-category-${category.slug}`}
            >
              <h2 id={`quests-${category.slug}-title`} className="text-xl font-bold text-ink">
                {category.title}
              </h2>
              <div className={CARD_GRID}>
                {category.quests.map((quest) => (
                  <QuestCard key={quest.id} quest={quest} locale={params.locale} />
                ))}
              </div>
            </section>
          ))}
        </>
      )}
      <PageComponentsBody components={components} />
    </div>
  )
}

export { EngagementError as ErrorBoundary }
