import { useTranslation } from 'react-i18next'
import type { Route } from './+types/home'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'
import { SideMenu } from '#app/components/layout/side-menu.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.home.title')

const FEATURES = [
  { key: 'loyalty', icon: 'loyalty', path: 'loyalty/' },
  { key: 'vip', icon: 'vip', path: 'vip/' },
  { key: 'wheel', icon: 'wheel', path: 'wheel/' },
  { key: 'tourneys', icon: 'tournaments', path: 'tourneys/' },
  { key: 'quests', icon: 'quests', path: 'quests/' },
  { key: 'shop', icon: 'shop', path: 'shop/all/' },
] as const

const PROMISES = ['fair', 'payments', 'currencies', 'languages'] as const

function HomeContent() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  return (
    <div className="flex flex-col gap-10">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-[radial-gradient(120%_120%_at_0%_0%,var(--color-hero-glow)_0%,var(--color-surface-raised)_45%,var(--color-surface)_100%)] px-6 py-12 sm:px-10 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -end-16 -top-16 size-72 rounded-full bg-gold/20 blur-3xl"
        />
        <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">
          {t('home.eyebrow')}
        </p>
        <h1 className="mt-3 max-w-2xl text-3xl font-black tracking-tight text-ink sm:text-5xl">
          {t('home.title')}
        </h1>
        <p className="mt-4 max-w-xl text-base text-ink-muted sm:text-lg">{t('home.subtitle')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <AppLink
            to={`/${locale}/lobby/c/All/`}
            className={`${buttonClassName('primary')} px-6 text-base`}
          >
            {t('home.cta_lobby')}
          </AppLink>
          <AppLink
            to={`/${locale}/live/c/Live%20Casino/`}
            className={`${buttonClassName('secondary')} px-6 text-base`}
          >
            {t('home.cta_live')}
          </AppLink>
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="mb-4 text-lg font-bold text-ink">
          {t('home.features_title')}
        </h2>
        <ul className="grid grid-cols-1 gap-3 xsm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.key}>
              <AppLink
                to={`/${locale}/${feature.path}`}
                className="group flex h-full gap-4 rounded-2xl border border-line bg-surface-raised p-5 transition-colors hover:border-gold/50"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold/10 text-gold">
                  <Icon name={feature.icon} />
                </span>
                <span>
                  <span className="block font-semibold text-ink group-hover:text-gold">
                    {t(`pages.${feature.key}.title`)}
                  </span>
                  <span className="mt-1 block text-sm text-ink-muted">
                    {t(`pages.${feature.key}.intro`)}
                  </span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="promises-heading"
        className="rounded-2xl border border-line bg-surface-sunken p-6"
      >
        <h2 id="promises-heading" className="mb-4 text-lg font-bold text-ink">
          {t('home.promises_title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {PROMISES.map((promise) => (
            <li key={promise} className="flex gap-3">
              <span aria-hidden="true" className="mt-1 size-2 shrink-0 rounded-full bg-gold" />
              <span>
                <span className="block font-semibold text-ink">
                  {t(`home.promises.${promise}.title`)}
                </span>
                <span className="block text-sm text-ink-muted">
                  {t(`home.promises.${promise}.text`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

/**
 * The home screen. At `/` (no prefix) it renders its own frame in the preferred locale; under a
 * prefix the default layout wraps it.
 */
export default function Home({ matches }: Route.ComponentProps) {
  const { t } = useTranslation()
  const isUnprefixed = matches.at(-1)?.id === 'root-home'
  if (!isUnprefixed) return <HomeContent />
  return (
    <SiteFrame aside={<SideMenu />} asideLabel={t('nav.side')}>
      <HomeContent />
    </SiteFrame>
  )
}
