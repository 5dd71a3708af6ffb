import { useTranslation } from 'react-i18next'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { useRootData } from '#app/lib/use-root-data.ts'
import { FEATURES } from '#common/features.ts'
import { getLocale } from '#common/locales.ts'
import { AccountPanel } from './account-panel.tsx'
import { LimitsPanel } from './limits-panel.tsx'
import { BreakPanel } from './protection-break.tsx'
import { CloseAccountPanel } from './protection-close.tsx'
import { PlayTimePanel } from './protection-play-time.tsx'
import { RealityCheckPanel } from './protection-reality-check.tsx'

/**
 * The cabinet's Safer play tab (`/{lang}/account/limits/`): the money limits, the daily play-time
 * limit, the reality check, a break and closing the account, in that order, then where to read
 * more and find help.
 */
export function SaferPlayTab() {
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  return (
    <div className="flex flex-col gap-6" data-testid="safer-play">
      <LimitsPanel localeTag={localeTag} />
      <PlayTimePanel localeTag={localeTag} />
      <RealityCheckPanel localeTag={localeTag} />
      {FEATURES.timeOut || FEATURES.selfExclusion ? <BreakPanel localeTag={localeTag} /> : null}
      <CloseAccountPanel />
      <HelpPanel />
    </div>
  )
}

function HelpPanel() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  return (
    <AccountPanel title={t('protection.help.title')} description={t('protection.help.text')}>
      <p>
        <AppLink
          to={`/${locale}/responsible-gambling/`}
          className="font-semibold text-gold underline"
          data-testid="responsible-gambling-link"
        >
          {t('protection.help.link')}
        </AppLink>
      </p>
    </AccountPanel>
  )
}
