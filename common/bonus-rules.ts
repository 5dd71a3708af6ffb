import type { CurrencyCode } from './money.ts'

/**
 * The bonus rules every part of Aurum shares (docs/decisions/013): the seven
 * codes, their match, deposit ranges, time boxes and wagering. These are the defaults; the
 * operator's copy lives in the database (`bonus_rules`, `bonus_contributions`) and is what the
 * server applies. Pure functions of their inputs, integer money only.
 */

export const BONUS_CODES = [
  'first',
  'second',
  'third',
  'fourth',
  'wednesday',
  'weekend',
  'valentines',
] as const
export type BonusCode = (typeof BONUS_CODES)[number]
export const isBonusCode = (value: string): value is BonusCode =>
  (BONUS_CODES as readonly string[]).includes(value)

/**
 * Bonus money won or bought in the rewards (wheel, lootbox, shop, lottery) is a player bonus of
 * this internal code: it has its operator rule row like the seven (wagering, validity, maximum
 * bet), but it is no promotion and no player can type it (`isBonusCode` refuses it).
 */
export const REWARD_BONUS_CODE = 'reward'
/** Every code with a rule row and player bonuses: the seven players' codes and `reward`. */
export const BONUS_RULE_CODES = [...BONUS_CODES, REWARD_BONUS_CODE] as const
export type BonusRuleCode = (typeof BONUS_RULE_CODES)[number]

/** When a time-boxed bonus may be taken, in UTC. */
export const BONUS_WINDOWS = ['wednesday', 'weekend', 'valentines'] as const
export type BonusWindow = (typeof BONUS_WINDOWS)[number]

export interface BonusRule {
  code: BonusRuleCode
  /** The welcome bonuses' successful deposit (1st to 4th); null for the time-boxed ones. */
  depositNumber: number | null
  window: BonusWindow | null
  /** Percent of the deposit (capped at the range's maximum) paid as bonus money. */
  matchPercent: number
  /** The deposit range in euro minor units; `maxEurMinor` null: no maximum (the cap is then the minimum × 10). */
  minEurMinor: bigint
  maxEurMinor: bigint | null
  /** Wagering: the bonus amount times this, within `validDays`. */
  wageringTimes: number
  validDays: number
  /** The largest stake while the bonus is active, in euro minor units (converted per currency). */
  maxBetEurMinor: bigint
  isEnabled: boolean
}

const rule = (
  code: BonusRuleCode,
  depositNumber: number | null,
  window: BonusWindow | null,
  matchPercent: number,
  minEur: number,
  maxEur: number | null,
): BonusRule => ({
  code,
  depositNumber,
  window,
  matchPercent,
  minEurMinor: BigInt(minEur * 100),
  maxEurMinor: maxEur === null ? null : BigInt(maxEur * 100),
  wageringTimes: 10,
  validDays: 7,
  maxBetEurMinor: 500n,
  isEnabled: true,
})

export const DEFAULT_BONUS_RULES: Record<BonusCode, BonusRule> = {
  first: rule('first', 1, null, 100, 15, 200),
  second: rule('second', 2, null, 75, 15, 300),
  third: rule('third', 3, null, 50, 20, 500),
  fourth: rule('fourth', 4, null, 100, 50, 1000),
  wednesday: rule('wednesday', null, 'wednesday', 50, 20, null),
  weekend: rule('weekend', null, 'weekend', 50, 20, 300),
  valentines: rule('valentines', null, 'valentines', 50, 20, null),
}

/** The reward bonus's rule: no deposit (its amount is the prize), the same wagering as the seven. */
export const DEFAULT_REWARD_RULE: BonusRule = {
  ...rule('reward', null, null, 100, 0, null),
  minEurMinor: 1n,
}

/**
 * A bonus without a maximum deposit (wednesday, valentines) still caps what it pays: the match is
 * taken on at most ten times the minimum (EUR 200), so no single deposit earns an unbounded bonus.
 */
export const UNCAPPED_RANGE_FACTOR = 10n

export interface DepositRange {
  minMinor: bigint
  maxMinor: bigint
}

/** The spec's own ranges (section 9) where it names a currency; the rest derive from euros. */
export const SPEC_RANGES: Partial<
  Record<BonusRuleCode, Partial<Record<CurrencyCode, DepositRange>>>
> = {
  first: {
    EUR: { minMinor: 1_500n, maxMinor: 20_000n },
    USD: { minMinor: 1_500n, maxMinor: 20_000n },
    CAD: { minMinor: 2_000n, maxMinor: 27_000n },
    AUD: { minMinor: 2_500n, maxMinor: 30_000n },
    NZD: { minMinor: 3_000n, maxMinor: 33_000n },
    PLN: { minMinor: 9_000n, maxMinor: 92_000n },
    INR: { minMinor: 150_000n, maxMinor: 1_600_000n },
    NOK: { minMinor: 15_000n, maxMinor: 210_000n },
    BTC: { minMinor: 100_000n, maxMinor: 1_000_000n },
  },
}

/**
 * A rule's deposit range in `currency`: the spec's figures where it gives them, else the euro
 * range converted by `fromEur` (the rate table, rounded to two significant figures).
 */
export function depositRange(
  rule: Pick<BonusRule, 'code' | 'minEurMinor' | 'maxEurMinor'>,
  currency: CurrencyCode,
  fromEur: (eurMinor: bigint, currency: CurrencyCode) => bigint,
  explicit: Partial<Record<CurrencyCode, DepositRange>> = SPEC_RANGES[rule.code] ?? {},
): DepositRange {
  const given = explicit[currency]
  if (given) return given
  const minMinor = fromEur(rule.minEurMinor, currency)
  const maxMinor =
    rule.maxEurMinor === null
      ? fromEur(rule.minEurMinor * UNCAPPED_RANGE_FACTOR, currency)
      : fromEur(rule.maxEurMinor, currency)
  return { minMinor, maxMinor }
}

/** Bonus money a deposit earns: none below the minimum, the match on at most the maximum. */
export function matchedBonus(
  depositMinor: bigint,
  range: DepositRange,
  matchPercent: number,
): bigint {
  if (depositMinor < range.minMinor) return 0n
  const base = depositMinor > range.maxMinor ? range.maxMinor : depositMinor
  return (base * BigInt(matchPercent)) / 100n
}

/** What must be wagered to release a bonus: its amount times the rule's factor. */
export const wageringRequired = (bonusMinor: bigint, times: number): bigint =>
  bonusMinor * BigInt(times)

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Whether `now` lies in a time box, and the box's key and end: one bonus of a window per player
 * per box (this Wednesday, this weekend, this year's 14 February).
 */
export function windowAt(
  window: BonusWindow,
  now: Date,
): { isOpen: boolean; key: string; endsAt: Date } {
  const day = now.getUTCDay()
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  if (window === 'wednesday') {
    return { isOpen: day === 3, key: iso(midnight), endsAt: new Date(midnight + DAY_MS) }
  }
  if (window === 'weekend') {
    // Friday 00:00 to Sunday 23:59:59 UTC; the key is the Friday.
    const sinceFriday = (day + 2) % 7
    const friday = midnight - sinceFriday * DAY_MS
    return { isOpen: sinceFriday <= 2, key: iso(friday), endsAt: new Date(friday + 3 * DAY_MS) }
  }
  const isOpen = now.getUTCMonth() === 1 && now.getUTCDate() === 14
  return {
    isOpen,
    key: `${String(now.getUTCFullYear())}-02-14`,
    endsAt: new Date(Date.UTC(now.getUTCFullYear(), 1, 15)),
  }
}

/**
 * The code a deposit earns unless the player asks for another: the welcome bonus of this deposit
 * (its number counts successful deposits, this one included), else an open time box (valentines
 * before the weekend before wednesday). Null when none applies.
 */
export function codeForDeposit(
  rules: readonly BonusRule[],
  depositNumber: number,
  now: Date,
): BonusCode | null {
  const enabled = rules.filter(
    (candidate): candidate is BonusRule & { code: BonusCode } =>
      candidate.isEnabled && isBonusCode(candidate.code),
  )
  const welcome = enabled.find((candidate) => candidate.depositNumber === depositNumber)
  if (welcome) return welcome.code
  for (const window of ['valentines', 'weekend', 'wednesday'] as const) {
    const boxed = enabled.find((candidate) => candidate.window === window)
    if (boxed && windowAt(window, now).isOpen) return boxed.code
  }
  return null
}

/** Game categories' share of a stake that counts toward wagering, in percent (operator-editable). */
export const DEFAULT_CONTRIBUTIONS: Readonly<Record<string, number>> = {
  slots: 100,
  'table-games': 10,
  'live-casino': 10,
  crash: 10,
  originals: 10,
}

/**
 * A game's contribution: the highest percentage among its categories that have one (a slot that
 * is also an Original counts as a slot), 0 when none has (such games do not count).
 */
export function contributionPercent(
  categories: readonly string[],
  table: Readonly<Record<string, number>>,
): number {
  let best = 0
  for (const category of categories) {
    const percent = table[category]
    if (percent !== undefined && percent > best) best = percent
  }
  return best
}

/** What a stake adds to wagering at a game's contribution (rounded down). */
export const wageringOf = (stakeMinor: bigint, percent: number): bigint =>
  (stakeMinor * BigInt(percent)) / 100n

/** Real money is staked first: the cash part, then the rest from bonus money. */
export function splitStake(
  stakeMinor: bigint,
  cashMinor: bigint,
): { cashMinor: bigint; bonusMinor: bigint } {
  const fromCash = cashMinor >= stakeMinor ? stakeMinor : cashMinor > 0n ? cashMinor : 0n
  return { cashMinor: fromCash, bonusMinor: stakeMinor - fromCash }
}

/**
 * A win goes back the way its stake came: the bonus money's share of the stake (rounded down) to
 * bonus money, the rest to cash. A refund is split the same way.
 */
export function splitWin(
  payoutMinor: bigint,
  stakeMinor: bigint,
  bonusStakeMinor: bigint,
): { cashMinor: bigint; bonusMinor: bigint } {
  if (bonusStakeMinor <= 0n || stakeMinor <= 0n) return { cashMinor: payoutMinor, bonusMinor: 0n }
  const bonusMinor =
    bonusStakeMinor >= stakeMinor ? payoutMinor : (payoutMinor * bonusStakeMinor) / stakeMinor
  return { cashMinor: payoutMinor - bonusMinor, bonusMinor }
}

/** A player bonus's life: offered (claimed, waiting for its deposit or the player), active, then ended. */
export const BONUS_STATUSES = [
  'offered',
  'active',
  'completed',
  'expired',
  'cancelled',
  'declined',
] as const
export type BonusStatus = (typeof BONUS_STATUSES)[number]
/** Statuses shown in the old list (`/bonus/get-old`); the rest are in the active list. */
export const ENDED_BONUS_STATUSES: readonly BonusStatus[] = [
  'completed',
  'expired',
  'cancelled',
  'declined',
]
