import type { TFunction } from 'i18next'
import { apiFetch, resetCsrfToken } from '#app/lib/api.ts'
import { writeUserAuthCookie } from '#app/lib/auth-cookie.ts'
import type { SignedInPlayer } from '#app/lib/load-context.ts'
import { showToast } from './toast-store.ts'
import { useUserStore } from './user-store.ts'

export interface LoginAnswer {
  success: boolean
  player: SignedInPlayer
  two_factor_otp: boolean
}

/**
 * Spec §4 login: stores the user, marks them signed in and first-time-on-site, sets the user-auth
 * cookie and shows the success toast. The session changed, so the next call fetches a new CSRF
 * token. Throws the server's ApiError for the dialog to show.
 */
export async function logIn(credentials: { email: string; password: string }, t: TFunction) {
  const answer = await apiFetch<LoginAnswer>('/login?json=1', {
    method: 'POST',
    body: credentials,
  })
  resetCsrfToken()
  useUserStore.setState({ user: answer.player, isAuthenticated: true, firstTimeOnSite: true })
  writeUserAuthCookie(true)
  showToast({ tone: 'success', title: t('auth.login_success'), autoClose: 'short' })
  return answer
}

/**
 * Spec §4 logout: acts only when signed in. Clears user data, sign-up data and the CSRF token,
 * resets the auth cookie and player info, sets first-time-on-site and says so; on failure the user
 * is cleared and the generic failure shows.
 */
export async function logOut(t: TFunction): Promise<void> {
  if (!useUserStore.getState().isAuthenticated) return
  try {
    await apiFetch('/logout?json=1', { sendsCsrf: true })
    showToast({ tone: 'success', title: t('auth.logout_success'), autoClose: 'short' })
  } catch {
    showToast({ tone: 'error', title: t('auth.something_went_wrong') })
  } finally {
    useUserStore.getState().clearUser()
    resetCsrfToken()
    writeUserAuthCookie(false)
  }
}
