import { useTranslation } from 'react-i18next'
import { data, useMatches } from 'react-router'
import type { Route } from './+types/section-page'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { isPathOn } from '#common/features.ts'
import { pageMeta } from '#app/lib/meta.ts'

/**
 * The frame of a spec screen whose content arrives with its feature: layout, translated title and
 * introduction, and the section's empty state. The route id names the section (`routes.ts`).
 * While its feature is off (`app/lib/features.ts`) the screen does not exist: 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return null
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, `pages.${args.matches.at(-1)?.id ?? 'home'}.title`)

export default function SectionPage() {
  const { t } = useTranslation()
  const id = useMatches().at(-1)?.id ?? 'home'
  return (
    <div data-testid={`section-${id}`}>
      <PageHeading title={t(`pages.${id}.title`)} intro={t(`pages.${id}.intro`)} />
      <EmptyState title={t('section.empty_title')} text={t('section.empty_text')} />
    </div>
  )
}
