/** The same page under another locale prefix (the language switch keeps the page). */
export function switchLocalePath(pathname: string, from: string | undefined, to: string): string {
  const segments = pathname.split('/')
  if (from && segments[1] === from) {
    segments[1] = to
    return segments.join('/')
  }
  // Unprefixed pages (`/`, `/privacy-policy/`) switch to the locale's own version.
  return pathname === '/' ? `/${to}/` : `/${to}${pathname}`
}
