import { useTranslation } from 'react-i18next'
import type { Route } from './+types/restricted'
import { pageMeta } from '#app/lib/meta.ts'
import { Logo } from '#app/components/layout/site-header.tsx'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'restricted.title')

/** Shown to visitors from a blocked country; nothing else of the site is offered. */
export default function Restricted() {
  const { t } = useTranslation()
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center"
      data-testid="restricted"
    >
      <Logo />
      <h1 className="text-2xl font-bold text-ink">{t('restricted.title')}</h1>
      <p className="max-w-md text-ink-muted">{t('restricted.text')}</p>
    </main>
  )
}
