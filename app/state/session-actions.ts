import type { TFunction } from 'i18next'
import { apiFetch, resetCsrfToken } from '#app/lib/api.ts'
import { writeUserAuthCookie } from '#app/lib/auth-cookie.ts'
import type { SignedInPlayer } from '#server/plugins/load-context.ts'
import { loadWalletAndCashOut } from '#app/components/wallet/wallet-actions.ts'
import { showToast } from './toast-store.ts'
import {
  useUserStore,
  type PersonalDetails,
  type PlayerInfo,
  type SignUpStep1,
} from './user-store.ts'

export interface LoginAnswer {
  success: boolean
  player?: SignedInPlayer | null
  /** The account has two-factor authentication: ask for a code and send the same credentials. */
  two_factor_otp: boolean
}

/** What a player types to log in; `otp` on the second step when two-factor is on. */
export interface Credentials {
  email: string
  password: string
  otp?: string
}

function markSignedIn(player: SignedInPlayer) {
  // The session changed on the server: the next call fetches its CSRF token.
  resetCsrfToken()
  useUserStore.setState({ user: player, isAuthenticated: true, firstTimeOnSite: true })
  writeUserAuthCookie(true)
}

/**
 * Login: stores the user, marks them signed in and first-time-on-site, sets the user-auth
 * cookie and shows the success toast. When the answer asks for a two-factor code nothing changes
 * and the caller keeps the credentials for the second step. Throws the server's ApiError.
 */
export async function logIn(credentials: Credentials, t: TFunction): Promise<LoginAnswer> {
  const answer = await apiFetch<LoginAnswer>('/login?json=1', {
    method: 'POST',
    body: credentials,
    acceptsUnsuccessful: true,
  })
  if (answer.two_factor_otp || !answer.player) return answer
  markSignedIn(answer.player)
  showToast({ tone: 'success', title: t('auth.login_success'), autoClose: 'short' })
  return answer
}

/** The sign-up fields of `POST /register` (the contract). */
export type SignUpFields = SignUpStep1 & PersonalDetails & { password: string; locale: string }

/** Registration: a successful call marks the player signed in and sets the auth cookie. */
export async function register(fields: SignUpFields, t: TFunction): Promise<void> {
  const answer = await apiFetch<{ player: SignedInPlayer }>('/register', {
    method: 'POST',
    body: fields,
  })
  markSignedIn(answer.player)
  useUserStore.setState({ signUpData: { step1: null, step2: null } })
  showToast({ tone: 'success', title: t('auth.register_success') })
}

/**
 * Initialisation: loads player info (and the sidebar settings) and stores the user data,
 * then the wallet and the pending cash-out; on failure clears the cookie and signs the player out
 * of the page.
 */
export async function initialiseUser(locale: string): Promise<void> {
  try {
    const [info] = await Promise.all([
      apiFetch<{ data: PlayerInfo }>('/player/info'),
      apiFetch(`/${locale}/settings/sidebar`),
    ])
    const { data } = info
    useUserStore.setState((state) => ({
      user: state.user ? { ...state.user, ...data } : state.user,
      userData: {
        api_id: data.apiId,
        email: data.email,
        first_name: data.firstName,
        currency_id: data.currency,
      },
    }))
    writeUserAuthCookie(true)
  } catch (error) {
    console.warn('initialisation', error)
    writeUserAuthCookie(false)
    useUserStore.getState().clearUser()
    return
  }
  await loadWalletAndCashOut()
}

/**
 * Logout: acts only when signed in. Clears user data, sign-up data and the CSRF token,
 * resets the auth cookie and player info, sets first-time-on-site and says so; on failure the user
 * is cleared and the generic failure shows. `leave` runs once the session has ended and before the
 * player's data is cleared: a page for signed-in players navigates away there, so nothing on it
 * reloads the player's data without a session (a 401) or asks them to sign in again.
 */
export async function logOut(t: TFunction, leave?: () => Promise<void> | void): Promise<void> {
  if (!useUserStore.getState().isAuthenticated) return
  let isDone = false
  try {
    await apiFetch('/logout?json=1', { sendsCsrf: true })
    isDone = true
  } catch {
    // The user is cleared below all the same.
  }
  try {
    await leave?.()
  } finally {
    useUserStore.getState().clearUser()
    resetCsrfToken()
    writeUserAuthCookie(false)
    if (isDone) showToast({ tone: 'success', title: t('auth.logout_success'), autoClose: 'short' })
    else showToast({ tone: 'error', title: t('auth.something_went_wrong') })
  }
}
