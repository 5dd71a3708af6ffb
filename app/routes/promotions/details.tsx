import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/details'
import { ClaimButton } from '#app/components/promotions/claim-button.tsx'
import { pageCurrency } from '#app/components/promotions/page-currency.ts'
import { PromotionsError } from '#app/components/promotions/promotion-states.tsx'
import { ContributionList, RuleFacts } from '#app/components/promotions/terms-table.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { isPathOn } from '#common/features.ts'
import { PromotionDates } from './list.tsx'

/**
 * One promotion with its bonus's live terms in the player's currency (the wallet's, else the
 * locale's): 404 when it is not shown in this locale and country.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  const promotion = await context.promotions.find(params.id, params.locale, context.country)
  if (!promotion) throw data(null, { status: 404 })
  const terms = promotion.bonus_code
    ? await context.promotions.terms(pageCurrency(params.locale, context.player?.currency))
    : null
  const rule = terms?.rules.find((candidate) => candidate.code === promotion.bonus_code) ?? null
  return {
    promotion,
    rule,
    currency: terms?.currency ?? null,
    contributions: terms?.contributions ?? [],
  }
}

export const meta: Route.MetaFunction = (args) => {
  const title = args.loaderData?.promotion.title
  const metas = pageMeta(args, 'pages.promotion-details.title')
  return title
    ? [{ title: `${title} · Aurum` }, ...metas.filter((entry) => !('title' in entry))]
    : metas
}

export default function PromotionDetails({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const { promotion, rule, currency, contributions } = loaderData
  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-6" data-testid="promotion-details">
      <nav aria-label={t('promotions.breadcrumb')} className="text-sm text-ink-muted">
        <Link to={`/${params.locale}/promotions/`} className="hover:text-gold">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>{' '}
          {t('promotions.all')}
        </Link>
      </nav>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex flex-col gap-5">
          <img
            src={promotion.image_url}
            alt={promotion.image_alt}
            width={960}
            height={540}
            className="aspect-[16/9] w-full rounded-2xl border border-line object-cover"
          />
          <header className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {promotion.title}
            </h1>
            <p className="text-base leading-relaxed text-ink-muted">{promotion.summary}</p>
            <PromotionDates promotion={promotion} />
          </header>
          <div className="flex flex-col gap-4 text-sm leading-relaxed text-ink sm:text-base">
            {promotion.body.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </div>
        <aside className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 lg:sticky lg:top-24">
          {rule && currency ? (
            <>
              <h2 className="text-lg font-bold text-ink">{t('promotions.terms_heading')}</h2>
              <RuleFacts rule={rule} currency={currency} localeTag={tag} />
              <p className="text-xs text-ink-muted">
                {t('bonus_terms.currency_note', { currency })}
              </p>
              {promotion.bonus_code ? <ClaimButton code={promotion.bonus_code} /> : null}
              <h3 className="text-sm font-bold text-ink">
                {t('bonus_terms.contributions_heading')}
              </h3>
              <ContributionList contributions={contributions} localeTag={tag} isCompact />
            </>
          ) : (
            <p className="text-sm text-ink-muted">{t('promotions.no_bonus')}</p>
          )}
          <Link
            to={`/${params.locale}/bonus-terms/`}
            className="text-sm font-semibold text-gold underline-offset-4 hover:underline"
            data-testid="promotion-full-terms"
          >
            {t('promotions.full_terms')}
          </Link>
        </aside>
      </div>
    </article>
  )
}

export { PromotionsError as ErrorBoundary }

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
