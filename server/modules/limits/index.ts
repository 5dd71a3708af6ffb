// Player limits: the rules every limit shares, the deposit limits the cashier checks on each
// deposit, and the loss and wager limits every game checks on each real-money bet.
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
  assertWithinPlayLimits,
  checkPlayLimits,
  getPlayLimits,
  hasPlayLimitsSql,
  lockPlayLimits,
  lockPlayLimitsSql,
  playLimitError,
  setPlayLimit,
  type PlayLimitBreach,
  type PlayLimitView,
  type PlayLimitsView,
  type PlayUsageRows,
} from './play-limits.ts'
export {
  depositAllowance,
  getDepositLimits,
  setDepositLimit,
  type DepositLimitView,
  type DepositTotalsSince,
} from './deposit-limits.ts'
export { barredFromPlay, isBarredFromPlay } from './barred-from-play.ts'
export { playUsageRows } from './play-usage-rows.ts'
export {
  assertNotBarred,
  playBarError,
  protectionStateOf,
  readProtection,
  type ProtectionRow,
} from './protection-state.ts'
export { playTimeUsed, type PlayTimeUsed } from './play-time.ts'
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
