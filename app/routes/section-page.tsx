import { useTranslation } from 'react-i18next'
import { useMatches } from 'react-router'
import type { Route } from './+types/section-page'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { pageMeta } from '#app/lib/meta.ts'

/**
 * The frame of a spec screen whose content arrives with its feature: layout, translated title and
 * introduction, and the section's empty state. The route id names the section (`routes.ts`).
 */
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
