/**
 * The spec's features, each turned on here with a one-line change by the issue that built it
 * (issues 22–26; every one is built now). While a feature is off its menu entries are left out of
 * the served menus, its section routes answer 404 and its buttons, dialogs and cabinet tab are
 * hidden, so no screen promises what does not exist. The server (menus) and the app (routes,
 * header, cabinet) read this one table.
 */
export type Feature =
  | 'bonuses'
  | 'loyalty'
  | 'vip'
  | 'quests'
  | 'achievements'
  | 'wheel'
  | 'lootboxes'
  | 'shop'
  | 'lottery'
  | 'tournaments'
  | 'timeOut'
  | 'selfExclusion'
export type FeatureSwitches = Readonly<Record<Feature, boolean>>

export const FEATURES: FeatureSwitches = {
  /** Issue 22: bonuses, promotions, bonus codes and their terms. */
  bonuses: true,
  /** Issue 23: the engagement engine. */
  loyalty: true,
  vip: true,
  quests: true,
  achievements: true,
  /** Issue 24: rewards bought or won with coins. */
  wheel: true,
  lootboxes: true,
  shop: true,
  lottery: true,
  /** Issue 25: tournaments with live leaderboards. */
  tournaments: true,
  /** Issue 26: time-out and self-exclusion, in the cabinet's Safer play tab. */
  timeOut: true,
  selfExclusion: true,
}

/**
 * The first path segments (after the locale) of each feature's pages; a menu entry pointing there
 * belongs to the feature. `account/bonuses` is the cabinet's Bonuses tab.
 */
const FEATURE_PATHS: Partial<Record<Feature, readonly string[]>> = {
  bonuses: ['promotions', 'bonus-terms', 'account/bonuses'],
  loyalty: ['loyalty'],
  vip: ['vip'],
  quests: ['quests', 'quests-details'],
  achievements: ['achievements'],
  wheel: ['wheel'],
  lootboxes: ['lootboxes'],
  shop: ['shop'],
  lottery: ['lottery'],
  tournaments: ['tourneys', 'tournament-details'],
}

/** The feature a localised path (`/en/shop/all/`, `/de/account/bonuses/`) belongs to, if any. */
export function featureOfPath(pathname: string): Feature | undefined {
  const rest = pathname.split(/[?#]/, 1)[0]?.split('/').filter(Boolean).slice(1).join('/') ?? ''
  for (const [feature, prefixes] of Object.entries(FEATURE_PATHS)) {
    if (prefixes.some((prefix) => rest === prefix || rest.startsWith(`${prefix}/`))) {
      return feature as Feature
    }
  }
  return undefined
}

/** Whether a localised path leads to a page that exists on this installation. */
export function isPathOn(pathname: string, features: FeatureSwitches = FEATURES): boolean {
  const feature = featureOfPath(pathname)
  return feature === undefined || features[feature]
}
