/**
 * Player protection (docs/decisions/018): the breaks a player can take, the reality check, the
 * daily play-time limit and the rules a player's jurisdiction adds to games. Pure, read by the
 * server (which enforces every rule) and by the app (which offers the choices and explains them).
 */

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** A time-out (a short break) or a self-exclusion (a long one). */
export const BREAK_KINDS = ['time_out', 'self_exclusion'] as const
export type BreakKind = (typeof BREAK_KINDS)[number]

/** The lengths each kind offers, as the regulators name them. */
export const BREAK_PERIODS = {
  time_out: ['24h', '1w', '1m', '6w'],
  self_exclusion: ['6m', '1y', '5y'],
} as const satisfies Record<BreakKind, readonly string[]>
export type BreakPeriod = (typeof BREAK_PERIODS)[BreakKind][number]
export const ALL_BREAK_PERIODS: readonly BreakPeriod[] = [
  ...BREAK_PERIODS.time_out,
  ...BREAK_PERIODS.self_exclusion,
]

/** Whether `period` is one that `kind` offers. */
export function isBreakPeriodOf(kind: BreakKind, period: string): period is BreakPeriod {
  return (BREAK_PERIODS[kind] as readonly string[]).includes(period)
}

/**
 * When a break taken at `from` ends. Days and weeks are exact lengths; months and years are
 * calendar ones (a month from 31 January ends on the last day of February, as a person counts).
 */
export function breakEnd(period: BreakPeriod, from: Date): Date {
  switch (period) {
    case '24h':
      return new Date(from.getTime() + DAY_MS)
    case '1w':
      return new Date(from.getTime() + 7 * DAY_MS)
    case '6w':
      return new Date(from.getTime() + 42 * DAY_MS)
    case '1m':
      return addMonths(from, 1)
    case '6m':
      return addMonths(from, 6)
    case '1y':
      return addMonths(from, 12)
    case '5y':
      return addMonths(from, 60)
  }
}

function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime())
  const day = target.getUTCDate()
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target
}

/**
 * After a self-exclusion's period has run, play reopens only this long after the player asks for
 * it; until they ask, the exclusion stays in force.
 */
export const LAPSE_COOLING_OFF_MS = DAY_MS

/** The reality-check intervals a player can pick, in minutes. */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number]

/** The daily play-time limits a player can set, in minutes (rolling 24 hours, as every limit). */
export const PLAY_TIME_LIMIT_MIN_MINUTES = 15
export const PLAY_TIME_LIMIT_MAX_MINUTES = 24 * 60
export const PLAY_TIME_WINDOW_MS = DAY_MS
/**
 * Play time is counted from the player's real-money bets: the time between two bets counts when
 * they are at most this far apart (one sitting); a longer pause is not play.
 */
export const PLAY_GAP_MS = 5 * MINUTE_MS

/** A jurisdiction's rules for games and protection tools. */
export interface JurisdictionRules {
  code: 'uk' | 'mt' | 'default'
  /** The reality-check interval a player starts with; null: off until the player picks one. */
  realityCheckDefaultMinutes: RealityCheckMinutes | null
  /** Whether the player may turn the reality check off (they may always pick another interval). */
  realityCheckOptional: boolean
  /** The shortest slot spin (game cycle), in ms; 0 for none. */
  slotMinCycleMs: number
  /** Whether slots may offer autoplay. */
  slotAutoplay: boolean
  /** Whether slots may offer quick-spin or turbo. */
  slotTurbo: boolean
}

const DEFAULT_RULES: JurisdictionRules = {
  code: 'default',
  realityCheckDefaultMinutes: null,
  realityCheckOptional: true,
  slotMinCycleMs: 0,
  slotAutoplay: true,
  slotTurbo: true,
}

/**
 * The operator's rules per jurisdiction: the UK Gambling Commission (RTS 14: no autoplay, no
 * quick-spin, a slot cycle of at least 2.5 s; reality checks on by default) and the Malta Gaming
 * Authority (reality checks on by default). Players elsewhere get the default.
 */
const RULES_BY_COUNTRY: Record<string, JurisdictionRules> = {
  GB: {
    code: 'uk',
    realityCheckDefaultMinutes: 60,
    realityCheckOptional: false,
    slotMinCycleMs: 2500,
    slotAutoplay: false,
    slotTurbo: false,
  },
  MT: { ...DEFAULT_RULES, code: 'mt', realityCheckDefaultMinutes: 60, realityCheckOptional: false },
}

/** The rules of the jurisdiction of a player registered in `country` (ISO 3166-1 alpha-2). */
export function jurisdictionOf(country: string): JurisdictionRules {
  return RULES_BY_COUNTRY[country.toUpperCase()] ?? DEFAULT_RULES
}

/** Why a player may not play now; each has its own message (`errors.protection.*`). */
export const PLAY_BARS = [
  'closed',
  'self_exclusion',
  'time_out',
  'register',
  'reality_check',
  'play_time',
] as const
export type PlayBar = (typeof PLAY_BARS)[number]

/** What the bars are read from: the player's protection row (`player_protection`). */
export interface ProtectionState {
  breakKind: BreakKind | null
  breakUntil: Date | null
  /** A self-exclusion's lapse asked for (after its period). */
  lapseRequestedAt: Date | null
  closedAt: Date | null
  /** The external self-exclusion register matched the player at the last check. */
  registerMatch: boolean
  realityCheckDueAt: Date | null
}

/**
 * When a break in force ends for play: a time-out at its end; a self-exclusion only once its
 * period has run and the cooling-off after the player's request has passed (null: not yet
 * asked, so it has no end). Undefined when no break is in force at `now`.
 */
export function breakOpensAt(state: ProtectionState, now: Date): Date | null | undefined {
  if (state.breakKind === null || state.breakUntil === null) return undefined
  if (state.breakKind === 'time_out') return state.breakUntil > now ? state.breakUntil : undefined
  if (state.lapseRequestedAt === null) return null
  const opens = new Date(
    Math.max(state.breakUntil.getTime(), state.lapseRequestedAt.getTime() + LAPSE_COOLING_OFF_MS),
  )
  return opens > now ? opens : undefined
}

/**
 * The bar that stops every play, money movement toward play and marketing now (closure, a break,
 * a register match), if any: a barred player may still sign in, see the balance and withdraw.
 */
export function standingBar(state: ProtectionState, now: Date): PlayBar | undefined {
  if (state.closedAt !== null) return 'closed'
  if (state.breakKind !== null && breakOpensAt(state, now) !== undefined) return state.breakKind
  if (state.registerMatch) return 'register'
  return undefined
}

/** A reality check waiting for the player's answer at `now`: bets wait until it is answered. */
export function realityCheckDue(state: ProtectionState, now: Date): boolean {
  return state.realityCheckDueAt !== null && state.realityCheckDueAt <= now
}

/**
 * Play time in the window from a player's bet times, oldest first: the gap between two bets counts
 * when it is at most `PLAY_GAP_MS`. Returns the total in ms.
 */
export function playTimeMs(betTimes: readonly Date[]): number {
  let total = 0
  for (let index = 1; index < betTimes.length; index += 1) {
    const gap = (betTimes[index]?.getTime() ?? 0) - (betTimes[index - 1]?.getTime() ?? 0)
    if (gap > 0 && gap <= PLAY_GAP_MS) total += gap
  }
  return total
}
