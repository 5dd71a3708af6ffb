// Player limits and protection: the rules every limit shares, the deposit limits the cashier
// checks on each deposit, what every game checks on each real-money bet (the loss and wager
// limits, breaks, the reality check, the play-time limit, a slot's cycle), and the one question
// whether a player may be invited to play (bonuses, rewards, tournaments, marketing).
export {
  LIMIT_CHANGE_DELAY_MS,
  LIMIT_PERIOD_MS,
  NO_LIMIT,
  changeLimit,
  inCurrency,
  settleLimit,
  tightestAllowance,
  type Allowance,
  type LimitState,
} from './limit-rules.ts'
export {
  LIMIT_PERIODS,
  PLAY_LIMIT_KINDS,
  type LimitPeriod,
  type PlayLimitKind,
} from './limits.tables.ts'
export {
  assertMayPlay,
  checkPlay,
  getPlayLimits,
  hasPlayChecksSql,
  lockPlayChecks,
  lockPlayChecksSql,
  playLimitError,
  PROTECTION_IN_PLAY,
  setPlayLimit,
  type PlayCheckInput,
  type PlayLimitBreach,
  type PlayLimitView,
  type PlayLimitsView,
  type SlotCycle,
} from './play-limits.ts'
export {
  depositAllowance,
  getDepositLimits,
  setDepositLimit,
  type DepositLimitView,
  type DepositTotalsSince,
} from './deposit-limits.ts'
export {
  assertNotBarredFromPlay,
  barredFromPlay,
  isBarredFromPlay,
  playBarOf,
  type PlayBarOf,
} from './barred-from-play.ts'
export { playUsageRows, type PlayUsageRows } from './play-usage-rows.ts'
export {
  assertNotBarred,
  playBarError,
  protectionStateOf,
  readProtection,
  type ProtectionRow,
} from './protection-state.ts'
export {
  isPlayTimeReached,
  playTimeError,
  playTimeLimitInForce,
  playTimeUsed,
  type PlayTimeUsed,
  type StoredPlayTimeLimit,
} from './play-time.ts'
export {
  createSandboxRegister,
  type ExclusionRegister,
  type RegisterAnswer,
  type RegisterPerson,
} from './exclusion-register.ts'
export {
  answerLimitPrompt,
  lockProtection,
  recordClosure,
  recordSignIn,
  startBreak,
  type PlayerProtectionFlows,
  type ProtectionRequest,
} from './protection.ts'
