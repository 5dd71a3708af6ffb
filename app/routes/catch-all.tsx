import { data, redirect } from 'react-router'
import type { Route } from './+types/catch-all'
import { CmsArticle } from '#app/components/cms-article.tsx'
import { pageMeta } from '#app/lib/meta.ts'

/**
 * `/{loc}/{anything…}`: a CMS page when one exists for the path, else the redirect table (client
 * navigations reach it only here), else 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const rest = params['*'].replace(/\/+$/, '')
  const page = await context.site.findPage(params.locale, `/${rest}/`)
  if (page) return { page }
  const target = await context.site.findRedirect(new URL(request.url).pathname)
  if (target) throw redirect(target.location, target.status)
  throw data(null, { status: 404 })
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'pages.cms.title', { name: args.loaderData.page.title })

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  return <CmsArticle page={loaderData.page} />
}

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
