import { data } from 'react-router'
import type { Route } from './+types/privacy-policy'
import { CmsArticle } from '#app/components/cms-article.tsx'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'
import { pageMeta } from '#app/lib/meta.ts'

/** `/privacy-policy` (linked from the cookie banner): the policy in the visitor's language. */
export async function loader({ context }: Route.LoaderArgs) {
  const page = await context.site.findPage(context.preferredLocale, '/privacy-policy/')
  if (!page) throw data(null, { status: 404 })
  return { page }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.privacy-policy.title')

export default function RootPrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <SiteFrame isNarrow>
      <CmsArticle page={loaderData.page} />
    </SiteFrame>
  )
}

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
