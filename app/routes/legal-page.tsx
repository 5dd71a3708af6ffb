import { data } from 'react-router'
import type { Route } from './+types/legal-page'
import { CmsArticle } from '#app/components/cms-article.tsx'
import { isPathOn } from '#common/features.ts'
import { pageMeta } from '#app/lib/meta.ts'

/**
 * Terms, privacy, responsible gambling and complaints: CMS pages at fixed paths. (The bonus terms
 * are generated from the live rules instead: `routes/promotions/bonus-terms.tsx`.)
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  if (!isPathOn(pathname)) throw data(null, { status: 404 })
  const slug = pathname.split('/')[2] ?? ''
  const page = await context.site.findPage(params.locale, `/${slug}/`)
  if (!page) throw data(null, { status: 404 })
  return { page }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, `pages.${args.matches.at(-1)?.id ?? 'tc'}.title`)

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <CmsArticle page={loaderData.page} />
}

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
