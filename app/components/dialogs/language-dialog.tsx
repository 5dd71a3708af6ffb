import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { switchLocalePath } from '#app/lib/localized-path.ts'
import { writeLocaleCookie } from '#app/lib/locale-cookie.ts'
import { searchWithDialog } from '#app/lib/dialog-url.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useAnalytics } from '#app/lib/use-analytics.ts'

/**
 * Language and region: the footer settings' locales, each a regional variant. Choosing one keeps
 * the page, remembers the choice in the locale cookie and loads the page in that language.
 */
export default function LanguageDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation()
  const { languages, locale, localeCookie } = useRootData()
  const analytics = useAnalytics()
  const { pathname, search } = useLocation()
  const from = pathname.split('/')[1]
  const rest = searchWithDialog(search, null)
  return (
    <Dialog
      id="language"
      title={t('language.dialog_title')}
      description={t('language.dialog_text')}
      onClosed={onClosed}
    >
      <ul className="grid grid-cols-1 gap-1 xsm:grid-cols-2">
        {languages.map((language) => {
          const isCurrent = language.code === locale
          return (
            <li key={language.code}>
              <a
                // A full load: the new language's catalogue and menus come with the page.
                href={
                  switchLocalePath(pathname, from === locale ? locale : undefined, language.code) +
                  rest
                }
                hrefLang={language.tag}
                lang={language.tag}
                dir={language.dir}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => {
                  writeLocaleCookie(localeCookie, language.code)
                  analytics.track('locale changed', { from: locale, to: language.code })
                }}
                className="flex items-center justify-between gap-3 rounded-xl border border-transparent px-3 py-3 text-sm text-ink hover:border-line hover:bg-surface aria-[current]:border-gold/50 aria-[current]:bg-gold/10"
              >
                <span className="font-medium">{language.name}</span>
                <span
                  aria-hidden="true"
                  className="rounded-md bg-line/60 px-1.5 py-0.5 text-[0.6875rem] font-semibold uppercase text-ink-muted"
                >
                  {language.code}
                </span>
              </a>
            </li>
          )
        })}
      </ul>
    </Dialog>
  )
}
