/** The user-auth flag cookie says "signed in" to the page for 30 days. */
export const USER_AUTH_COOKIE = 'user-auth'
export const USER_AUTH_COOKIE_MAX_AGE_S = 2_592_000

export function writeUserAuthCookie(isSignedIn: boolean): void {
  document.cookie = isSignedIn
    ? `${USER_AUTH_COOKIE}=true; Max-Age=${String(USER_AUTH_COOKIE_MAX_AGE_S)}; Path=/; SameSite=Lax`
    : `${USER_AUTH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
}
