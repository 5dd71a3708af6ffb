/** The locale cookie lives 365 days on `/`, SameSite lax (none when cross-origin). */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

export function localeCookieString(
  options: { name: string; crossOrigin: boolean },
  locale: string,
): string {
  const sameSite = options.crossOrigin ? 'None; Secure' : 'Lax'
  return `${options.name}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=${sameSite}`
}

export function writeLocaleCookie(
  options: { name: string; crossOrigin: boolean },
  locale: string,
): void {
  document.cookie = localeCookieString(options, locale)
}
