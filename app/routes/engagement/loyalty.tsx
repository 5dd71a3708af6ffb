import { useTranslation } from 'react-i18next'
import { data, Link, useNavigation } from 'react-router'
import type { Route } from './+types/loyalty'
import {
  loadLoyaltyProgramme,
  type LoyaltyProgramme,
} from '#app/components/engagement/engagement-data.ts'
import {
  CoinAmount,
  EngagementError,
  NumberedSteps,
  PageHero,
  ProgressBar,
  SignInCta,
} from '#app/components/engagement/engagement-ui.tsx'
import { wholeNumber } from '#app/components/engagement/format.ts'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { useMoney, useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { isPathOn } from '#common/features.ts'

/** The levels, the VIP tiers and where the signed-in player stands. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return { programme: await loadLoyaltyProgramme(context, params.locale) }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.loyalty.title')

type Player = NonNullable<LoyaltyProgramme['player']>

function LastCashback({ cashback }: { cashback: NonNullable<Player['last_cashback']> }) {
  const { t } = useTranslation()
  const money = useMoney(cashback.currency)
  return (
    <p className="text-sm text-ink-muted" data-testid="last-cashback">
      {t('engagement.last_cashback', { amount: money(cashback.amount) })}
    </p>
  )
}

/** The player's badge, level, points and the bar to the next level. */
export function LevelCard({ programme, player }: { programme: LoyaltyProgramme; player: Player }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const level = programme.levels.find((entry) => entry.level === player.level)
  const next = programme.levels.find((entry) => entry.level === player.level + 1)
  const toGo = next ? Math.max(0, next.from_points - player.points) : 0
  return (
    <section
      data-testid="loyalty-level"
      aria-labelledby="loyalty-level-title"
      className="grid gap-5 rounded-3xl border border-gold/30 bg-surface-raised p-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:p-6"
    >
      {level ? (
        <img src={level.image_url} alt="" width={96} height={96} className="size-20 sm:size-24" />
      ) : null}
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <div className="flex flex-col">
            <h2 id="loyalty-level-title" className="text-xs font-semibold text-ink-muted uppercase">
              {t('engagement.your_level')}
            </h2>
            <p className="text-2xl font-bold text-ink">
              {t('player_menu.level', { level: player.level })}
              {level ? <span className="text-gold"> · {level.name}</span> : null}
            </p>
          </div>
          <p className="text-lg font-bold text-ink tabular-nums" data-testid="loyalty-points">
            {t('player_menu.points', { count: player.points })}
          </p>
        </div>
        {next ? (
          <>
            <ProgressBar
              percent={player.level_percent}
              label={t('engagement.to_next_level', { name: next.name })}
              valueText={t('engagement.points_of', {
                points: wholeNumber(player.points, tag),
                target: wholeNumber(next.from_points, tag),
              })}
              testId="level-bar"
            />
            <p className="flex flex-wrap justify-between gap-2 text-sm text-ink-muted">
              <span>{t('engagement.to_next_level', { name: next.name })}</span>
              <span className="font-semibold text-ink tabular-nums">{wholeNumber(toGo, tag)}</span>
            </p>
          </>
        ) : (
          <p className="text-sm text-gold">{t('engagement.top_level')}</p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
          <span className="flex items-center gap-2 text-sm text-ink-muted">
            {t('engagement.your_coins')}
            <CoinAmount coins={player.coins} className="text-gold" />
          </span>
          {player.last_cashback ? <LastCashback cashback={player.last_cashback} /> : null}
        </div>
      </div>
    </section>
  )
}

export function ProgrammeSkeleton() {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      aria-label={t('engagement.loading')}
      className="flex flex-col gap-3"
      data-testid="engagement-skeleton"
    >
      <Skeleton className="h-40 w-full rounded-3xl" />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full rounded-2xl" />
      ))}
    </div>
  )
}

export default function Loyalty({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/loyalty/')
  const { programme } = loaderData
  const { player } = programme
  const firstTier = programme.tiers[0]
  const steps = [
    { title: t('engagement.how_1_title'), text: t('engagement.how_1_text') },
    { title: t('engagement.how_2_title'), text: t('engagement.how_2_text') },
    { title: t('engagement.how_3_title'), text: t('engagement.how_3_text') },
  ]
  return (
    <div data-testid="loyalty-page" className="flex flex-col gap-8">
      <PageHero
        hero={undefined}
        title={t('pages.loyalty.title')}
        intro={t('pages.loyalty.intro')}
      />
      {isLoading ? (
        <ProgrammeSkeleton />
      ) : (
        <>
          {player ? (
            <LevelCard programme={programme} player={player} />
          ) : (
            <SignInCta
              title={t('engagement.loyalty_sign_in_title')}
              text={t('engagement.loyalty_sign_in_text')}
            />
          )}
          <section aria-labelledby="loyalty-how" className="flex flex-col gap-4">
            <h2 id="loyalty-how" className="text-xl font-bold text-ink">
              {t('engagement.how_points_work')}
            </h2>
            <NumberedSteps steps={steps} />
          </section>
          <section aria-labelledby="loyalty-ladder" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="loyalty-ladder" className="text-xl font-bold text-ink">
                {t('engagement.levels')}
              </h2>
              {firstTier ? (
                <Link
                  to={`/${params.locale}/vip/`}
                  className="text-sm font-semibold text-gold underline-offset-4 hover:underline"
                >
                  {t('engagement.vip_from_level', { level: firstTier.from_level })}
                </Link>
              ) : null}
            </div>
            <ol className="flex flex-col gap-2" data-testid="level-ladder">
              {programme.levels.map((level) => {
                const isCurrent = player?.level === level.level
                const isReached = player !== null && player.level >= level.level
                const tier = programme.tiers.findLast((entry) => entry.from_level <= level.level)
                return (
                  <li
                    key={level.level}
                    aria-current={isCurrent ? 'step' : undefined}
                    data-testid={`level-${level.level}`}
                    className={`flex items-center gap-3 rounded-2xl border p-3 sm:gap-4 sm:px-4 ${
                      isCurrent
                        ? 'border-gold/60 bg-gradient-to-r from-hero-glow/70 to-surface-raised rtl:bg-gradient-to-l'
                        : 'border-line bg-surface-raised'
                    }`}
                  >
                    <img
                      src={level.image_url}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className={`size-10 shrink-0 sm:size-12 ${isReached || !player ? '' : 'opacity-60'}`}
                    />
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="flex flex-wrap items-center gap-x-2 font-semibold text-ink">
                        {t('player_menu.level', { level: level.level })} · {level.name}
                        {isCurrent ? (
                          <span className="rounded-full bg-gradient-to-b from-gold-soft to-gold-strong px-2 py-0.5 text-xs font-bold text-on-gold">
                            {t('engagement.you_are_here')}
                          </span>
                        ) : null}
                      </span>
                      <span className="text-xs text-ink-muted">
                        {t('engagement.from_points', {
                          points: wholeNumber(level.from_points, tag),
                        })}
                        {tier ? ` · ${t('engagement.vip_tier_name', { name: tier.name })}` : ''}
                      </span>
                    </div>
                    {level.reward_coins > 0 ? (
                      <CoinAmount coins={level.reward_coins} className="text-sm text-gold" />
                    ) : null}
                  </li>
                )
              })}
            </ol>
          </section>
        </>
      )}
    </div>
  )
}

export { EngagementError as ErrorBoundary }
