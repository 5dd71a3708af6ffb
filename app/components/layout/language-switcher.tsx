import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { switchLocalePath } from '#app/lib/localized-path.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { writeLocaleCookie } from '#app/lib/locale-cookie.ts'

/**
 * Lists the footer settings' languages; choosing one keeps the page and remembers the choice in
 * the locale cookie. A plain <details> so it works before hydration too.
 */
export function LanguageSwitcher({ placement = 'down' }: { placement?: 'down' | 'up' }) {
  const { t } = useTranslation()
  const { languages, locale, localeCookie } = useRootData()
  const { pathname, search } = useLocation()
  const current = languages.find((language) => language.code === locale)
  const from = pathname.split('/')[1]
  return (
    <details className="group relative" data-testid="language-switcher">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm text-ink hover:border-gold/60 [&::-webkit-details-marker]:hidden"
        aria-label={t('language.choose')}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4 fill-none stroke-current stroke-2"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
        <span>{current?.name ?? locale}</span>
      </summary>
      <ul
        className={`absolute end-0 z-30 max-h-80 w-60 overflow-auto rounded-xl border border-line bg-surface-raised p-1 shadow-2xl ${
          placement === 'up' ? 'bottom-full mb-2' : 'top-full mt-2'
        }`}
      >
        {languages.map((language) => (
          <li key={language.code}>
            <a
              href={
                switchLocalePath(pathname, from === locale ? locale : undefined, language.code) +
                search
              }
              hrefLang={language.tag}
              lang={language.tag}
              dir={language.dir}
              aria-current={language.code === locale ? 'true' : undefined}
              onClick={() => writeLocaleCookie(localeCookie, language.code)}
              className="flex items-center justify-between rounded-lg px-3 py-2 text-sm text-ink-muted hover:bg-line/60 hover:text-ink aria-[current]:text-gold"
            >
              {language.name}
              <span aria-hidden="true" className="text-xs uppercase opacity-60">
                {language.code}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
