import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useLocation, useParams, useRouteError } from 'react-router'
import { ErrorScreen } from '#app/components/layout/error-screen.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { isPathOn } from '#common/features.ts'

/** Card placeholders while the promotions load. */
export function PromotionGridSkeleton() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-label={t('promotions.loading')} className={PROMOTION_GRID}>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-2xl border border-line p-3">
          <Skeleton className="aspect-[16/9] w-full rounded-xl" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-11 w-full rounded-xl" />
        </div>
      ))}
    </div>
  )
}

export const PROMOTION_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3'

/**
 * The promotions pages' own error screen, inside the site frame: a promotion that is not shown
 * here (404) points to the others; a failure says the offers could not load, with a retry. While
 * the feature is off the pages do not exist, and say so as every missing page does.
 */
export function PromotionsError() {
  const { t } = useTranslation()
  const error = useRouteError()
  const { pathname } = useLocation()
  const { locale = 'en', id } = useParams()
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
  if (isNotFound && (!id || !isPathOn(pathname))) {
    return <ErrorScreen status={404} path={pathname} error={error} />
  }
  const isMissing = isNotFound
  return (
    <div data-testid={isMissing ? 'promotion-missing' : 'promotions-error'}>
      <EmptyState
        title={t(isMissing ? 'promotions.missing_title' : 'promotions.error_title')}
        text={t(isMissing ? 'promotions.missing_text' : 'promotions.error_text')}
        action={
          isMissing ? (
            <Link to={`/${locale}/promotions/`} className={buttonClassName('secondary')}>
              {t('promotions.all')}
            </Link>
          ) : (
            <a href="" className={buttonClassName('secondary')}>
              {t('promotions.retry')}
            </a>
          )
        }
      />
    </div>
  )
}
