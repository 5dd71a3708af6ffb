import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import type { LimitPeriod, PlayLimitKind } from './limits.tables.ts'

// The rules every player limit shares (deposit, loss, wager): rolling windows,
// when a change takes effect, and which limit binds. Pure, so they are tested without a database.

const HOUR_MS = 60 * 60 * 1000

/**
 * Rolling windows (docs/decisions/004): a day is the last 24 hours, a week the last
 * 7 days and a month the last 30 days, counted back from the deposit or bet, not calendar periods (a
 * calendar day would let a player deposit a day's limit twice around midnight).
 */
export const LIMIT_PERIOD_MS: Record<LimitPeriod, number> = {
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
}

/** A raise or a removal waits this long; a lower limit applies at once. */
export const LIMIT_CHANGE_DELAY_MS = 24 * HOUR_MS

export interface LimitState {
  /** The limit in force; null for none. */
  amountMinor: bigint | null
  /** The waiting change; null with `pendingFrom` set is a waiting removal. */
  pendingAmountMinor: bigint | null
  pendingFrom: Date | null
}

export const NO_LIMIT: LimitState = {
  amountMinor: null,
  pendingAmountMinor: null,
  pendingFrom: null,
}

/** The state once a waiting change whose time has come is applied. */
export function settleLimit(state: LimitState, now: Date): LimitState {
  if (state.pendingFrom === null || state.pendingFrom > now) return state
  return { amountMinor: state.pendingAmountMinor, pendingAmountMinor: null, pendingFrom: null }
}

/**
 * The state after the player asks for `requested` (null removes the limit). Lowering, or setting a
 * first limit, applies at once and drops any waiting raise; raising or removing waits 24 hours
 * while the current limit stays in force.
 */
export function changeLimit(state: LimitState, requested: bigint | null, now: Date): LimitState {
  const current = settleLimit(state, now)
  if (requested !== null && (current.amountMinor === null || requested <= current.amountMinor)) {
    return { amountMinor: requested, pendingAmountMinor: null, pendingFrom: null }
  }
  if (requested === null && current.amountMinor === null) return NO_LIMIT
  return {
    amountMinor: current.amountMinor,
    pendingAmountMinor: requested,
    pendingFrom: new Date(now.getTime() + LIMIT_CHANGE_DELAY_MS),
  }
}

export interface Allowance {
  period: LimitPeriod
  /** What the period's limit still allows, never below zero. */
  remainingMinor: bigint
}

/** The tightest of the limits in force (the lowest applies); undefined when none is set. */
export function tightestAllowance(
  limits: { period: LimitPeriod; amountMinor: bigint | null; usedMinor: bigint }[],
): Allowance | undefined {
  let tightest: Allowance | undefined
  for (const limit of limits) {
    if (limit.amountMinor === null) continue
    const left = limit.amountMinor - limit.usedMinor
    const remainingMinor = left > 0n ? left : 0n
    if (!tightest || remainingMinor < tightest.remainingMinor) {
      tightest = { period: limit.period, remainingMinor }
    }
  }
  return tightest
}

/**
 * What a stored amount in another currency (the player switched wallets) is in `to`, rounded
 * toward zero so a converted limit never grows.
 */
export const inCurrency = (
  rates: RateTable,
  amount: bigint | null,
  from: string,
  to: CurrencyCode,
): bigint | null =>
  amount === null || from === to || !isCurrencyCode(from)
    ? amount
    : rates.convert(amount, from, to, 'toward_zero')

/** What a player staked and was paid within one window, and when the oldest counted bet was. */
export interface PlayUsage {
  stakeMinor: bigint
  payoutMinor: bigint
  oldestAt: Date | null
}

/**
 * What a play limit counts as used: every stake for a wager limit; the net loss (stakes minus
 * payouts) for a loss limit, which is negative while the player is ahead, so wins within the
 * window make room again.
 */
export const usedOf = (kind: PlayLimitKind, usage: PlayUsage): bigint =>
  kind === 'wager' ? usage.stakeMinor : usage.stakeMinor - usage.payoutMinor

/**
 * When the binding window starts to free up: the moment its oldest counted bet leaves it. Null
 * when nothing was counted (a limit lower than one stake never frees up by waiting).
 */
export const freesAt = (period: LimitPeriod, usage: PlayUsage): Date | null =>
  usage.oldestAt && new Date(usage.oldestAt.getTime() + LIMIT_PERIOD_MS[period])
