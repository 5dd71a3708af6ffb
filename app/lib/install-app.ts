/**
 * Adding the site to a phone's home screen (the "mobile banner" menu). The browser's own install
 * offer (`beforeinstallprompt`, Chromium browsers) is used where there is one; iOS Safari and the
 * others get instructions. The choice to hide the banner is kept in the browser only, like the
 * theme, so the shared server-rendered pages stay the same for everyone.
 */
export const INSTALL_DISMISSED_KEY = 'aurum:install-banner-dismissed'

/** Set on <html> when the banner must not show: dismissed, or already running installed. */
export const INSTALL_HIDDEN_ATTRIBUTE = 'data-install-hidden'

/** Fired on `window` once the browser's install offer is kept (it may come before hydration). */
export const INSTALLABLE_EVENT = 'aurum:installable'

/** Chromium's install offer; not in TypeScript's DOM types. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

declare global {
  interface Window {
    __aurumInstallPrompt?: InstallPromptEvent
  }
}

/**
 * Runs inline in <head>, before the first paint and before React: hides the banner without a
 * flash when it is not wanted, and keeps the install offer, which Chromium may fire early.
 * Self-contained (no imports); `isInstallBannerHidden` below is its twin for React.
 */
export const INSTALL_BOOT_SCRIPT = `(function(){try{if(localStorage.getItem(${JSON.stringify(
  INSTALL_DISMISSED_KEY,
)})==='1'||matchMedia('(display-mode: standalone)').matches||navigator.standalone===true)document.documentElement.setAttribute(${JSON.stringify(
  INSTALL_HIDDEN_ATTRIBUTE,
)},'')}catch(_){}addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__aurumInstallPrompt=e;dispatchEvent(new Event(${JSON.stringify(
  INSTALLABLE_EVENT,
)}))})})()`

export function isInstallBannerHidden(): boolean {
  return document.documentElement.hasAttribute(INSTALL_HIDDEN_ATTRIBUTE)
}

export function dismissInstallBanner(): void {
  document.documentElement.setAttribute(INSTALL_HIDDEN_ATTRIBUTE, '')
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '1')
  } catch {
    // Storage refused (private mode): the banner stays hidden for this page only.
  }
}

/** iPhone, iPod and iPad (which says "Macintosh" since iPadOS 13, but has a touch screen). */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return (
    /iPhone|iPad|iPod/.test(userAgent) || (userAgent.includes('Macintosh') && maxTouchPoints > 1)
  )
}
