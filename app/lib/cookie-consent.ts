/** Cookies count as accepted once this cookie is set; it expires in 2038, path /. */
export const COOKIE_CONSENT_NAME = 'aurum_cookies_accepted'
export const COOKIE_CONSENT_EXPIRES = 'Tue, 19 Jan 2038 03:14:07 GMT'

export const cookieConsentString = () =>
  `${COOKIE_CONSENT_NAME}=1; Expires=${COOKIE_CONSENT_EXPIRES}; Path=/; SameSite=Lax`

export function hasAcceptedCookies(cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).some((part) => part.startsWith(`${COOKIE_CONSENT_NAME}=`))
}
