/**
 * Dialogs are addressed by the `q` query parameter, so a link opens one and the
 * back button closes it. These are the addresses; each later feature adds its own here.
 */
export const DIALOG_PARAM = 'q'
export const DIALOGS = {
  search: '/a/search',
  language: '/a/language',
  login: '/a/login',
  register: '/a/register',
  forgotPassword: '/a/forgot-password',
  bonuses: '/a/bonuses',
  deposit: '/a/deposit',
  withdraw: '/a/withdraw',
} as const
export type DialogAddress = (typeof DIALOGS)[keyof typeof DIALOGS]

/** History state of an entry pushed by opening a dialog from within the app. */
export interface DialogHistoryState {
  isDialogEntry: true
}

export const isDialogHistoryState = (state: unknown): state is DialogHistoryState =>
  typeof state === 'object' && state !== null && 'isDialogEntry' in state

/** The query string with the dialog set (or removed when `address` is null), others kept. */
export function searchWithDialog(search: string, address: string | null): string {
  const params = new URLSearchParams(search)
  if (address === null) params.delete(DIALOG_PARAM)
  else params.set(DIALOG_PARAM, address)
  const query = params.toString().replaceAll('%2F', '/')
  return query ? `?${query}` : ''
}

/** Whether two URLs differ only in the dialog parameter (no page data needs reloading). */
export function differsOnlyInDialog(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false
  const strip = (url: URL) => searchWithDialog(url.search, null)
  return strip(current) === strip(next)
}
