import { useTranslation } from 'react-i18next'
import { NavLink, data } from 'react-router'
import type { Route } from './+types/account-tab'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { AccountTabContent } from '#app/components/account/account-tab-content.tsx'
import { FEATURES } from '#common/features.ts'
import { pageMeta } from '#app/lib/meta.ts'

/** The personal cabinet: dashboard tabs and the sub-tabs of profile and transaction. */
export const ACCOUNT_TABS = [
  'home',
  'profile',
  'bonuses',
  'limits',
  'notifications',
  'game-history',
  'transaction',
] as const
export const ACCOUNT_SUBTABS: Partial<Record<(typeof ACCOUNT_TABS)[number], readonly string[]>> = {
  profile: ['profile', 'security', 'verification'],
  transaction: ['deposit', 'withdrawal', 'game-history'],
}

type Tab = (typeof ACCOUNT_TABS)[number]

/** The tabs shown: Bonuses only while bonuses exist (`app/lib/features.ts`). */
const SHOWN_TABS = ACCOUNT_TABS.filter((tab) => tab !== 'bonuses' || FEATURES.bonuses)

function resolveTab(params: { tab?: string | undefined; subtab?: string | undefined }) {
  const tab = (params.tab ?? 'home') as Tab
  if (!SHOWN_TABS.includes(tab)) return undefined
  const subtabs = ACCOUNT_SUBTABS[tab]
  if (params.subtab !== undefined && !subtabs?.includes(params.subtab)) return undefined
  return { tab, subtab: params.subtab ?? subtabs?.[0], subtabs: subtabs ?? [] }
}

export function loader({ params }: Route.LoaderArgs) {
  const resolved = resolveTab(params)
  if (!resolved) throw data(null, { status: 404 })
  return resolved
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, `account.tabs.${args.loaderData.tab}`)

const tabClass =
  'block rounded-lg px-3 py-2 text-sm whitespace-nowrap text-ink-muted hover:text-ink aria-[current=page]:bg-surface-raised aria-[current=page]:text-gold'

export default function AccountTab({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { tab, subtabs } = loaderData
  const base = `/${params.locale}/account/`
  return (
    <div>
      <PageHeading title={t(`account.tabs.${tab}`)} />
      <nav aria-label={t('account.tabs_label')} className="mb-4 overflow-x-auto">
        <ul className="flex gap-1 border-b border-line pb-2">
          {SHOWN_TABS.map((name) => (
            <li key={name}>
              <NavLink
                to={name === 'home' ? base : `${base}${name}/`}
                end={name === 'home'}
                className={tabClass}
              >
                {t(`account.tabs.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {subtabs.length > 0 ? (
        <nav aria-label={t('account.subtabs_label')} className="mb-6">
          <ul className="flex flex-wrap gap-1">
            {subtabs.map((name, index) => (
              <li key={name}>
                <NavLink
                  // The first sub-tab is the tab's own page; mark it there too.
                  to={index === 0 ? `${base}${tab}/` : `${base}${tab}/${name}/`}
                  end={index === 0}
                  className={tabClass}
                >
                  {t(`account.subtabs.${tab}.${name}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <AccountTabContent tab={tab} subtab={loaderData.subtab} />
    </div>
  )
}

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
