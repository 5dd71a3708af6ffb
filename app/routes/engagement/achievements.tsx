import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { data, useNavigation } from 'react-router'
import type { Route } from './+types/achievements'
import {
  loadAchievementCategories,
  loadPageComponents,
} from '#app/components/engagement/engagement-data.ts'
import {
  CARD_GRID,
  CardGridSkeleton,
  CoinAmount,
  CoinsPanel,
  EngagementError,
  PageComponentsBody,
  PageHero,
  TriggerBar,
} from '#app/components/engagement/engagement-ui.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import {
  liveProgress,
  liveQuestStatus,
  templateFinished,
  triggersOf,
  useCoins,
  useEngagementStore,
  useSeedEngagement,
} from '#app/state/engagement-store.ts'
import { isPathOn } from '#common/features.ts'
import type { Achievement } from '#server/modules/engagement/engagement.contract.ts'

/** Every achievement by category with the player's tiers, and the page's components. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  const [achievements, components] = await Promise.all([
    loadAchievementCategories(context, params.locale),
    loadPageComponents(context, params.locale, 'achievements'),
  ])
  return { achievements, components }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.achievements.title')

/** Bronze, silver, gold for the first three tiers; a numbered tier beyond. */
const TIER_STYLE = [
  'from-[#c98a55] to-[#8a5330] text-white',
  'from-[#e4e8ef] to-[#9aa3b2] text-[#15171c]',
  'from-gold-soft to-gold-strong text-on-gold',
] as const

type AchievementState = 'locked' | 'progress' | 'earned'

function useAchievementView(achievement: Achievement) {
  const held = useEngagementStore((state) => state.triggers)
  const tiers = achievement.achievementTemplates.map((template) => {
    const triggers = template.achievementTriggers.map((entry) => entry.trigger)
    const isLive = triggers.some((trigger) => trigger.id in held)
    return {
      template,
      triggers,
      isDone: isLive ? templateFinished(liveProgress(triggers, held)) : template.is_finished === 1,
    }
  })
  const all = tiers.flatMap((tier) => tier.triggers)
  const isLive = all.some((trigger) => trigger.id in held)
  const status = isLive ? liveQuestStatus(liveProgress(all, held)) : achievement.status
  const allDone = tiers.length > 0 && tiers.every((tier) => tier.isDone)
  const anyDone = tiers.some((tier) => tier.isDone)
  const state: AchievementState = allDone
    ? 'earned'
    : status === 1 && !anyDone
      ? 'locked'
      : 'progress'
  return { tiers, state, current: tiers.find((tier) => !tier.isDone) }
}

function AchievementCard({ achievement }: { achievement: Achievement }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const { tiers, state, current } = useAchievementView(achievement)
  return (
    <article
      data-testid={`achievement-${achievement.slug}`}
      data-state={state}
      className={`flex flex-col gap-4 rounded-2xl border p-4 ${
        state === 'earned'
          ? 'border-gold/50 bg-gradient-to-br from-hero-glow/70 to-surface-raised'
          : 'border-line bg-surface-raised'
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="relative shrink-0">
          <img
            src={achievement.content.image_cdn_url}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className={`size-16 rounded-xl bg-surface object-contain ${state === 'locked' ? 'opacity-50 grayscale' : ''}`}
          />
          {state === 'locked' ? (
            <span className="absolute -end-1 -bottom-1 flex size-6 items-center justify-center rounded-full border border-line bg-surface text-ink-muted">
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="size-3.5 fill-none stroke-current stroke-[1.6]"
              >
                <rect x="3.5" y="7" width="9" height="6.5" rx="1.5" />
                <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
              </svg>
            </span>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span
            className={`w-fit rounded-full border px-2.5 py-0.5 text-xs font-semibold ${
              state === 'earned'
                ? 'border-gold/50 bg-gold/10 text-gold'
                : state === 'progress'
                  ? 'border-accent/40 bg-accent/10 text-ink'
                  : 'border-line text-ink-muted'
            }`}
            data-testid="achievement-state"
          >
            {t(`engagement.achievement_${state}`)}
          </span>
          <h3 className="text-base leading-snug font-bold text-ink">{achievement.title}</h3>
          {achievement.earned_at && state === 'earned' ? (
            <p className="text-xs text-ink-muted">
              <time dateTime={achievement.earned_at}>
                {t('engagement.earned_on', {
                  date: new Intl.DateTimeFormat(tag, {
                    dateStyle: 'medium',
                    timeZone: 'UTC',
                  }).format(new Date(achievement.earned_at)),
                })}
              </time>
            </p>
          ) : null}
        </div>
      </div>
      {achievement.content.text ? (
        <p className="text-sm text-ink-muted">{achievement.content.text}</p>
      ) : null}
      <ol className="flex flex-col gap-2" aria-label={t('engagement.tiers')}>
        {tiers.map(({ template, isDone }, index) => (
          <li
            key={template.id}
            className={`flex items-center gap-3 rounded-xl border px-3 py-2 ${
              template === current?.template ? 'border-gold/40 bg-surface' : 'border-transparent'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br text-xs font-bold ${
                isDone ? (TIER_STYLE[index] ?? TIER_STYLE[2]) : 'from-line to-line text-ink-muted'
              }`}
            >
              {isDone ? '✓' : index + 1}
            </span>
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="text-xs font-semibold text-ink-muted uppercase">
                {index < 3
                  ? t(`engagement.tier_${index + 1}`)
                  : t('engagement.tier_n', { n: index + 1 })}
                {isDone ? (
                  <span className="sr-only"> · {t('engagement.achievement_earned')}</span>
                ) : null}
              </span>
              <span className={`text-sm ${isDone ? 'text-ink' : 'text-ink-muted'}`}>
                {template.title}
              </span>
            </div>
            <CoinAmount coins={template.reward_amount_coins} className="text-sm text-gold" />
          </li>
        ))}
      </ol>
      {current ? (
        <div className="mt-auto flex flex-col gap-2">
          {current.triggers.map((trigger) => (
            <TriggerBar
              key={trigger.id}
              trigger={trigger}
              label={current.template.title}
              size="sm"
            />
          ))}
        </div>
      ) : null}
    </article>
  )
}

export default function Achievements({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/achievements/')
  const { achievements, components } = loaderData
  const categories = achievements.categories.filter((category) => category.achievements.length > 0)
  const all = useMemo(
    () => achievements.categories.flatMap((category) => category.achievements),
    [achievements],
  )
  const triggers = useMemo(() => triggersOf(all), [all])
  useSeedEngagement(triggers, achievements.player_coins)
  const coins = useCoins(achievements.player_coins)
  const earned = all.filter((achievement) => achievement.status === 2).length
  const hero = components.find((component) => component.kind === 'hero')
  return (
    <div data-testid="achievements-page" className="flex flex-col gap-6">
      <PageHero
        hero={hero}
        title={t('pages.achievements.title')}
        intro={t('pages.achievements.intro')}
      >
        {coins !== null && all.length > 0 ? (
          <p className="text-sm font-semibold text-gold" data-testid="achievements-earned">
            {t('engagement.earned_count', { earned, total: all.length })}
          </p>
        ) : null}
      </PageHero>
      <CoinsPanel coins={coins} />
      {isLoading ? (
        <CardGridSkeleton label={t('engagement.loading')} />
      ) : categories.length === 0 ? (
        <EmptyState
          title={t('engagement.achievements_empty_title')}
          text={t('engagement.achievements_empty_text')}
        />
      ) : (
        categories.map((category) => (
          <section
            key={category.id}
            aria-labelledby={`achievements-${category.slug}`}
            className="flex flex-col gap-4"
            data-testid={`achievement-category-${category.slug}`}
          >
            <h2 id={`achievements-${category.slug}`} className="text-xl font-bold text-ink">
              {category.title}
            </h2>
            <div className={CARD_GRID}>
              {category.achievements.map((achievement) => (
                <AchievementCard key={achievement.id} achievement={achievement} />
              ))}
            </div>
          </section>
        ))
      )}
      <PageComponentsBody components={components} />
    </div>
  )
}

export { EngagementError as ErrorBoundary }
