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
export {
  forgetBonusRules,
  loadBonusRules,
  maxBetIn,
  rangeIn,
  ruleOf,
  type LiveBonusRules,
} from './bonus-rules-store.ts'
export {
  assertAvailable,
  cancelActiveForWithdrawal,
  grantDepositBonus,
  lockActiveBonus,
  publishBonus,
  successfulDeposits,
  viewOf,
} from './bonus-lifecycle.ts'
export {
  bonusNotice,
  bonusWording,
  notifyBonusCompleted,
  type BonusWording,
} from './bonus-notifications.ts'
export { assertDepositBonusCode, depositBonusOffer } from './deposit-offer.ts'
export { sweepExpiredBonuses } from './bonus-expiry.ts'
export { grantRewardBonus, type RewardBonusGrant } from './reward-bonus.ts'
export { createPromotions, type PromotionsService } from './promotions.ts'
export { loadBonusTerms, type BonusTerms } from './terms.ts'
export {
  announceWagering,
  assertWithinMaxBet,
  balancesAfter,
  bonusShareGoesTo,
  completeIfWagered,
  CASH_ONLY,
  forgetContributions,
  gameContribution,
  lockBonusForBet,
  lockBonusOfBet,
  recordWagering,
  returnTransfers,
  splitLockedStake,
  stakeTransfers,
  type BonusShareGoesTo,
  type GameRef,
  type LockedBonus,
  type StakeSplit,
  type WageringOutcome,
} from './wagering.ts'
