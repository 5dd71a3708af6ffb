import type { JurisdictionRules } from '#common/protection.ts'

/**
 * Hands a studio the game rules of the player's jurisdiction in its game page's address
 * (docs/provider-api.md, "Game rules and the reality check"): every launch carries all three, so
 * a studio never has to guess what a missing one means.
 */
export function addJurisdictionRules(url: URL, rules: JurisdictionRules): void {
  url.searchParams.set('slot_min_cycle_ms', String(rules.slotMinCycleMs))
  url.searchParams.set('slot_autoplay', rules.slotAutoplay ? '1' : '0')
  url.searchParams.set('slot_turbo', rules.slotTurbo ? '1' : '0')
}
