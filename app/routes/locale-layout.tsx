import { Outlet, data, isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import type { Route } from './+types/locale-layout'
import { ErrorScreen } from '#app/components/layout/error-screen.tsx'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'

/** `/{loc}/…`: only the footer settings' languages are locales; anything else is not found. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { languages } = await context.site.settings()
  if (!languages.includes(params.locale)) throw data(null, { status: 404 })
  return null
}

export default function LocaleLayout() {
  return <Outlet />
}

/** Errors inside a locale keep the site's header and footer around the message. */
export function ErrorBoundary() {
  const error = useRouteError()
  const { pathname } = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <SiteFrame>
      <ErrorScreen status={status} path={pathname} error={error} />
    </SiteFrame>
  )
}

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
