import type { LimitPeriod } from './payments.tables.ts'

const HOUR_MS = 60 * 60 * 1000

/**
 * Rolling windows (decisions §7, docs/decisions/004): a day is the last 24 hours, a week the last
 * 7 days and a month the last 30 days, counted back from the deposit, not calendar periods (a
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
