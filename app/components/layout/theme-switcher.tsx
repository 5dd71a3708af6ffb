import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  followSystemTheme,
  readThemePreference,
  saveThemePreference,
  THEMES,
  type ThemePreference,
} from '#app/lib/theme.ts'

const ICONS: Record<ThemePreference, string> = {
  system: 'M4 5h16v11H4zM9 20h6M12 16v4',
  light:
    'M12 4V2m0 20v-2m8-8h2M2 12h2m13.7-5.7 1.4-1.4M4.9 19.1l1.4-1.4m0-11.4L4.9 4.9m14.2 14.2-1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  dark: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z',
}

/** System, light or dark, as a radio group; the choice is kept in this browser. */
export function ThemeSwitcher() {
  const { t } = useTranslation()
  // The server does not know the stored choice; read it after hydration.
  const [preference, setPreference] = useState<ThemePreference | null>(null)
  useEffect(() => {
    setPreference(readThemePreference())
    return followSystemTheme(readThemePreference)
  }, [])
  return (
    <fieldset className="inline-flex w-fit items-center gap-1 rounded-xl border border-line bg-surface p-1">
      <legend className="sr-only">{t('theme.label')}</legend>
      {THEMES.map((theme) => (
        <label
          key={theme}
          title={t(`theme.${theme}`)}
          className="relative flex size-9 cursor-pointer items-center justify-center rounded-lg text-ink-muted has-checked:bg-surface-raised has-checked:text-gold has-focus-visible:outline-2 has-focus-visible:outline-gold"
        >
          <input
            type="radio"
            name="theme"
            value={theme}
            checked={preference === theme}
            onChange={() => {
              saveThemePreference(theme)
              setPreference(theme)
            }}
            className="sr-only"
          />
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4 fill-none stroke-current stroke-2"
          >
            <path d={ICONS[theme]} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="sr-only">{t(`theme.${theme}`)}</span>
        </label>
      ))}
    </fieldset>
  )
}
