import { useTranslation } from 'react-i18next'
import { data, Link, useNavigation } from 'react-router'
import type { Route } from './+types/vip'
import {
  loadLoyaltyProgramme,
  type LoyaltyProgramme,
} from '#app/components/engagement/engagement-data.ts'
import {
  EngagementError,
  PageHero,
  ProgressBar,
  SignInCta,
} from '#app/components/engagement/engagement-ui.tsx'
import { eurText, percentText, wholeNumber } from '#app/components/engagement/format.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { isPathOn } from '#common/features.ts'
import { ProgrammeSkeleton } from './loyalty.tsx'

/** The VIP tiers and their perks, and where the signed-in player stands. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return { programme: await loadLoyaltyProgramme(context, params.locale) }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.vip.title')

type Tier = LoyaltyProgramme['tiers'][number]

function Perk({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5" data-testid={testId}>
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  )
}

function TierCard({
  tier,
  programme,
  isCurrent,
}: {
  tier: Tier
  programme: LoyaltyProgramme
  isCurrent: boolean
}) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const points = programme.levels.find((level) => level.level === tier.from_level)?.from_points
  return (
    <article
      data-testid={`vip-tier-${tier.tier}`}
      aria-current={isCurrent ? 'true' : undefined}
      className={`relative flex flex-col gap-4 rounded-2xl border p-5 ${
        isCurrent
          ? 'border-gold bg-gradient-to-b from-hero-glow to-surface-raised shadow-lg shadow-gold/10'
          : 'border-line bg-surface-raised'
      }`}
    >
      {isCurrent ? (
        <span className="absolute -top-3 start-4 rounded-full bg-gradient-to-b from-gold-soft to-gold-strong px-3 py-0.5 text-xs font-bold text-on-gold">
          {t('engagement.your_tier')}
        </span>
      ) : null}
      <div className="flex items-center gap-3">
        <img
          src={tier.image_url}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0"
        />
        <div className="flex min-w-0 flex-col">
          <h3 className="text-lg font-bold text-ink">{tier.name}</h3>
          <p className="text-xs text-ink-muted">
            {t('engagement.from_level', { level: tier.from_level })}
            {points !== undefined
              ? ` · ${t('engagement.from_points', { points: wholeNumber(points, tag) })}`
              : ''}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 border-t border-line pt-4">
        <Perk
          testId="perk-cashback"
          label={t('engagement.perk_cashback')}
          value={percentText(tier.cashback_percent, tag)}
        />
        <Perk
          testId="perk-cashback-cap"
          label={t('engagement.perk_cashback_cap')}
          value={eurText(tier.cashback_cap_eur, tag)}
        />
        <Perk
          testId="perk-multiplier"
          label={t('engagement.perk_multiplier')}
          value={`×${new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }).format(tier.coin_multiplier)}`}
        />
        <Perk
          testId="perk-withdrawal"
          label={t('engagement.perk_withdrawal')}
          value={eurText(tier.withdrawal_limit_eur, tag)}
        />
      </dl>
    </article>
  )
}

/** Where the player stands: their tier (or none yet) and what the next one takes. */
function Standing({
  programme,
  player,
}: {
  programme: LoyaltyProgramme
  player: NonNullable<LoyaltyProgramme['player']>
}) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const current = programme.tiers.find((tier) => tier.tier === player.tier)
  const next = programme.tiers.find((tier) => tier.from_level > player.level)
  const nextPoints = next
    ? programme.levels.find((level) => level.level === next.from_level)?.from_points
    : undefined
  const percent =
    nextPoints !== undefined && nextPoints > 0
      ? Math.min(100, Math.floor((player.points * 100) / nextPoints))
      : 100
  return (
    <section
      data-testid="vip-standing"
      aria-labelledby="vip-standing-title"
      className="flex flex-col gap-4 rounded-3xl border border-gold/30 bg-surface-raised p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-4">
        {current ? (
          <img src={current.image_url} alt="" width={64} height={64} className="size-16" />
        ) : null}
        <div className="flex min-w-0 flex-col">
          <h2 id="vip-standing-title" className="text-xs font-semibold text-ink-muted uppercase">
            {t('engagement.your_tier')}
          </h2>
          <p className="text-2xl font-bold text-ink" data-testid="vip-current">
            {current ? current.name : t('engagement.no_tier')}
          </p>
          <p className="text-sm text-ink-muted">
            {t('player_menu.level', { level: player.level })} ·{' '}
            {t('player_menu.points', { count: player.points })}
          </p>
        </div>
      </div>
      {next && nextPoints !== undefined ? (
        <div className="flex flex-col gap-2">
          <ProgressBar
            percent={percent}
            label={t('engagement.next_tier', { name: next.name })}
            valueText={t('engagement.points_of', {
              points: wholeNumber(player.points, tag),
              target: wholeNumber(nextPoints, tag),
            })}
            testId="tier-bar"
          />
          <p className="text-sm text-ink-muted" data-testid="vip-next">
            {t('engagement.next_tier_takes', {
              name: next.name,
              level: next.from_level,
              points: wholeNumber(Math.max(0, nextPoints - player.points), tag),
            })}
          </p>
        </div>
      ) : (
        <p className="text-sm text-gold">{t('engagement.top_tier')}</p>
      )}
    </section>
  )
}

export default function Vip({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const navigation = useNavigation()
  const isLoading = navigation.state === 'loading' && navigation.location.pathname.endsWith('/vip/')
  const { programme } = loaderData
  const { player } = programme
  return (
    <div data-testid="vip-page" className="flex flex-col gap-8">
      <PageHero hero={undefined} title={t('pages.vip.title')} intro={t('pages.vip.intro')} />
      {isLoading ? (
        <ProgrammeSkeleton />
      ) : (
        <>
          {player ? (
            <Standing programme={programme} player={player} />
          ) : (
            <SignInCta
              title={t('engagement.vip_sign_in_title')}
              text={t('engagement.vip_sign_in_text')}
            />
          )}
          <section aria-labelledby="vip-tiers" className="flex flex-col gap-5">
            <h2 id="vip-tiers" className="text-xl font-bold text-ink">
              {t('engagement.vip_tiers')}
            </h2>
            <div className="grid grid-cols-1 gap-5 pt-2 sm:grid-cols-2 xl:grid-cols-4">
              {programme.tiers.map((tier) => (
                <TierCard
                  key={tier.tier}
                  tier={tier}
                  programme={programme}
                  isCurrent={player?.tier === tier.tier}
                />
              ))}
            </div>
            <ul className="flex flex-col gap-1.5 text-sm text-ink-muted">
              <li>
                {t('engagement.base_withdrawal_limit', {
                  amount: eurText(programme.base_withdrawal_limit_eur, tag),
                })}
              </li>
              <li>{t('engagement.cashback_note')}</li>
              <li>
                <Link
                  to={`/${params.locale}/loyalty/`}
                  className="font-semibold text-gold underline-offset-4 hover:underline"
                >
                  {t('engagement.see_levels')}
                </Link>
              </li>
            </ul>
          </section>
        </>
      )}
    </div>
  )
}

export { EngagementError as ErrorBoundary }
