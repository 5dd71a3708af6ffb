import type { SiteService } from '#server/modules/site/index.ts'
import type { GamesCatalogue } from '#server/modules/catalogue/index.ts'
import type { PromotionsService } from '#server/modules/bonuses/index.ts'

/**
 * What the server hands every loader (`ssr.ts`). Loaders reach server code only
 * through this object, so nothing server-only is imported into the browser bundle.
 */
export interface AurumLoadContext {
  site: SiteService
  /**
   * The nonce of this response's Content-Security-Policy, for inline scripts; undefined for pages
   * shared by signed-out visitors, whose policy lists the scripts' hashes instead.
   */
  cspNonce: string | undefined
  /** The locale a path without a prefix (`/`) renders in: cookie, then browser language, then default. */
  preferredLocale: string
  /** The id of the running build; the client reloads when `builds/latest.json` says otherwise. */
  buildId: string
  localeCookieName: string
  /** Cross-origin deployments send the locale cookie with SameSite=None. */
  localeCookieCrossOrigin: boolean
  /** The signed-in account, or null for a visitor (whose pages are shared and cached). */
  player: SignedInPlayer | null
  /** Socket options for a signed-in player: the client reads them from the root loader's data. */
  socket: { url: string; token: string } | null
  /** Where page views are posted; null keeps analytics off. */
  analyticsUrl: string | null
  /** The game catalogue and recently played games. */
  games: GamesCatalogue
  /** The promotions pages' content, and the live bonus rules for the terms. */
  promotions: PromotionsService
  /** The visitor's country (proxy header or GeoIP), or null when unknown. */
  country: string | null
  /**
   * A GET of the app's own API on behalf of this request (its cookies, headers and address), for
   * loaders whose data a module serves only through its routes (quests, loyalty): the answer's
   * status and parsed body, exactly what the browser would get.
   */
  apiGet(path: string): Promise<{ status: number; body: unknown }>
}

export interface SignedInPlayer {
  id: string
  email: string
  firstName: string
  lastName: string
  currency: string
}

declare module 'react-router' {
  // The documented way to type React Router's load context: merge into its interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AurumLoadContext {}
}
