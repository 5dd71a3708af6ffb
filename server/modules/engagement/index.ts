// The engagement engine (issue 23): domain events in, progress, points, levels, coins out.
export type {
  AfterCommit,
  ConsumerContext,
  EngagementBatch,
  EngagementConsumer,
} from './engine/consumer.ts'
// Work that waits for the engine's inbox (a tournament's end) skips the rows it parked.
export { MAX_EVENT_ATTEMPTS } from './engine/parking.ts'
export { recordEngagementEvent, recordLogin, type EngagementEventInput } from './record-event.ts'
export type {
  Achievement,
  Quest,
  Trigger,
  TriggerProgress,
  TriggerProgressUpdate,
} from './engagement.contract.ts'
export {
  forgetLoyaltyTables,
  loadLoyaltyTables,
  multipliedCoins,
  tierOfLevel,
  type LoyaltyTables,
  type VipTierRow,
} from './loyalty-tables.ts'
export {
  BASE_WITHDRAWAL_LIMIT_EUR_MINOR,
  dailyWithdrawalLimitEurMinor,
  playerStanding,
  standingOf,
  type LoyaltyStanding,
} from './loyalty-standing.ts'
export { completeTexts } from './localized-texts.ts'
