/** The colour theme is system, light or dark; system follows the operating system. */
export const THEMES = ['system', 'light', 'dark'] as const
export type ThemePreference = (typeof THEMES)[number]
export type ResolvedTheme = 'light' | 'dark'

/** Stored client-side only, so shared server-rendered pages stay the same for everyone. */
export const THEME_STORAGE_KEY = 'aurum:theme'
/** A first visit gets the casino's own look. */
export const DEFAULT_THEME: ThemePreference = 'dark'

export const isThemePreference = (value: unknown): value is ThemePreference =>
  THEMES.includes(value as ThemePreference)

export function resolveTheme(preference: ThemePreference, systemIsDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemIsDark ? 'dark' : 'light'
  return preference
}

/**
 * Runs inline in <head>, before the first paint, so a light-theme player never sees a dark flash.
 * It must stay self-contained (no imports) and mirror `applyTheme`.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var p=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(p!=='system'&&p!=='light'&&p!=='dark')p=${JSON.stringify(
  DEFAULT_THEME,
)};var d=p==='dark'||(p==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.dataset.theme=d?'dark':'light';e.style.colorScheme=d?'dark':'light'}catch(_){}})()`

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY)
    return isThemePreference(stored) ? stored : DEFAULT_THEME
  } catch {
    return DEFAULT_THEME
  }
}

const systemIsDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches

export function applyTheme(preference: ThemePreference): void {
  const resolved = resolveTheme(preference, systemIsDark())
  const root = document.documentElement
  root.classList.toggle('dark', resolved === 'dark')
  root.dataset.theme = resolved
  root.style.colorScheme = resolved
}

export function saveThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference)
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  applyTheme(preference)
}

/** Re-applies a `system` preference when the operating system switches. */
export function followSystemTheme(getPreference: () => ThemePreference): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  const onChange = () => {
    if (getPreference() === 'system') applyTheme('system')
  }
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
