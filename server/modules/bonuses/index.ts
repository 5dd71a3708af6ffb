// Bonuses and promotions (issue 22): the rules, a player's bonuses from offer to completion,
// wagering on every game's bets, and the promotions pages' content.
export { toPlayerBonus, type PlayerBonusRow } from './bonus-view.ts'
export {
  BonusOfferSchema,
  PlayerBonusSchema,
  type BonusOffer,
  type PlayerBonus,
  type Promotion,
} from './bonuses.contract.ts'
