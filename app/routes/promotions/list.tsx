import { useTranslation } from 'react-i18next'
import { data, Link, useNavigation } from 'react-router'
import type { Route } from './+types/list'
import { ClaimButton } from '#app/components/promotions/claim-button.tsx'
import { day } from '#app/components/promotions/format.ts'
import {
  PROMOTION_GRID,
  PromotionGridSkeleton,
  PromotionsError,
} from '#app/components/promotions/promotion-states.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { isPathOn } from '#common/features.ts'
import type { Promotion } from '#server/modules/bonuses/bonuses.contract.ts'

/** The promotions shown in this locale and the visitor's country, rendered on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return { promotions: await context.promotions.list(params.locale, context.country) }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.promotions.title')

/** "Until 1 Mar 2027", "From … until …", or nothing for an offer without dates. */
export function PromotionDates({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  if (!promotion.ends_at) return null
  return (
    <p className="text-xs text-ink-muted">
      <time dateTime={promotion.ends_at}>
        {t('promotions.until', { date: day(promotion.ends_at, tag) })}
      </time>
    </p>
  )
}

function PromotionCard({ promotion, locale }: { promotion: Promotion; locale: string }) {
  const { t } = useTranslation()
  const href = `/${locale}/promotions/${promotion.id}/`
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised transition hover:border-gold/50"
      data-testid={`promotion-${promotion.id}`}
    >
      <Link to={href} className="block overflow-hidden" tabIndex={-1} aria-hidden="true">
        <img
          src={promotion.image_url}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          className="aspect-[16/9] w-full object-cover transition duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-snug font-bold text-ink">
          <Link to={href} className="hover:text-gold">
            {promotion.title}
          </Link>
        </h2>
        <p className="text-sm leading-relaxed text-ink-muted">{promotion.summary}</p>
        <PromotionDates promotion={promotion} />
        <div className="mt-auto flex flex-col gap-2 pt-2">
          {promotion.bonus_code ? <ClaimButton code={promotion.bonus_code} /> : null}
          <Link to={href} className={buttonClassName('secondary')}>
            {t('promotions.details')}
          </Link>
        </div>
      </div>
    </article>
  )
}

export default function Promotions({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' && navigation.location.pathname.endsWith('/promotions/')
  const { promotions } = loaderData
  return (
    <div data-testid="promotions-page">
      <PageHeading title={t('pages.promotions.title')} intro={t('promotions.intro')}>
        <p className="text-sm">
          <Link
            to={`/${params.locale}/bonus-terms/`}
            className="text-gold underline-offset-4 hover:underline"
          >
            {t('promotions.full_terms')}
          </Link>
        </p>
      </PageHeading>
      {isLoading ? (
        <PromotionGridSkeleton />
      ) : promotions.length === 0 ? (
        <EmptyState title={t('promotions.empty_title')} text={t('promotions.empty_text')} />
      ) : (
        <div className={PROMOTION_GRID}>
          {promotions.map((promotion) => (
            <PromotionCard key={promotion.id} promotion={promotion} locale={params.locale} />
          ))}
        </div>
      )}
    </div>
  )
}

export { PromotionsError as ErrorBoundary }

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
