import {
  BREAK_PERIODS,
  PLAY_TIME_LIMIT_MAX_MINUTES,
  PLAY_TIME_LIMIT_MIN_MINUTES,
  REALITY_CHECK_MINUTES,
  breakEnd,
  type BreakKind,
  type BreakPeriod,
  type PlayBar,
  type RealityCheckMinutes,
} from '#common/protection.ts'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import type {
  CloseAccountBodySchema,
  ProtectionState,
} from '#server/modules/limits/protection.contract.ts'

// What the Safer play tab offers and says, from the player's protection state. The server
// enforces every rule; these only keep the screens from offering a choice it would refuse.

type Break = NonNullable<ProtectionState['break']>

/** The bars that stop deposits too (not only bets): a closure, a break, a register match. */
export const STANDING_BARS: readonly PlayBar[] = [
  'closed',
  'self_exclusion',
  'time_out',
  'register',
]

export const isStandingBar = (bar: PlayBar | null | undefined): bar is PlayBar =>
  bar !== null && bar !== undefined && STANDING_BARS.includes(bar)

/**
 * When the break in force stops play until, for comparing a new one: its end, or for a
 * self-exclusion asked to lapse, the later of that and when play reopens.
 */
function endInForce(current: Break): number {
  const until = new Date(current.until).getTime()
  return current.opens_at === null ? until : Math.max(until, new Date(current.opens_at).getTime())
}

/**
 * The periods of `kind` the player may choose now: every one with no break in force; during a
 * break only those ending later (a break is never shortened), and no time-out during a
 * self-exclusion (the server refuses both).
 */
export function breakPeriodsOffered(
  kind: BreakKind,
  current: Break | null,
  now: Date,
): readonly BreakPeriod[] {
  const periods = BREAK_PERIODS[kind]
  if (current === null) return periods
  if (current.kind === 'self_exclusion' && kind === 'time_out') return []
  const end = endInForce(current)
  return periods.filter((period) => breakEnd(period, now).getTime() > end)
}

/** The reality-check choices: the intervals, and "off" (null) only where the player may turn it off. */
export function realityCheckChoices(
  realityCheck: ProtectionState['reality_check'],
): readonly (RealityCheckMinutes | null)[] {
  return realityCheck.optional ? [null, ...REALITY_CHECK_MINUTES] : REALITY_CHECK_MINUTES
}

/** A typed play-time limit in whole minutes, or why it is not one. */
export function parsePlayTimeMinutes(
  typed: string,
): { minutes: number } | { problem: 'invalid' | 'range' } {
  const text = typed.trim()
  if (!/^\d{1,5}$/.test(text)) return { problem: 'invalid' }
  const minutes = Number.parseInt(text, 10)
  if (minutes < PLAY_TIME_LIMIT_MIN_MINUTES || minutes > PLAY_TIME_LIMIT_MAX_MINUTES) {
    return { problem: 'range' }
  }
  return { minutes }
}

/** A moment in the player's language, date and time (a break's end, a waiting change). */
export function formatMoment(iso: string | Date, localeTag: string): string {
  return new Intl.DateTimeFormat(localeTag, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  )
}

/**
 * The confirmation step's words for a break starting `now`: its kind, length and end in the
 * player's language (the server takes the same rule, `breakEnd`, when it starts the break).
 */
export function breakConfirmation(
  kind: BreakKind,
  period: BreakPeriod,
  now: Date,
  t: TFunction,
  localeTag: string,
): string {
  return t(`protection.break.confirm_text.${kind}`, {
    period: t(`protection.periods.${period}`),
    date: formatMoment(breakEnd(period, now), localeTag),
  })
}

/**
 * What the break card says about the break in force: a time-out until its end; a self-exclusion
 * running its period, run and waiting for the player's request, or asked to end (with the
 * moment play reopens).
 */
export type BreakStatus =
  | { kind: 'time_out'; until: string }
  | { kind: 'self_exclusion_running'; until: string }
  | { kind: 'self_exclusion_run'; until: string }
  | { kind: 'self_exclusion_lapsing'; opensAt: string }

export function breakStatusOf(current: Break): BreakStatus {
  if (current.kind === 'time_out') return { kind: 'time_out', until: current.until }
  if (current.lapse_requested_at !== null && current.opens_at !== null) {
    return { kind: 'self_exclusion_lapsing', opensAt: current.opens_at }
  }
  if (current.can_request_lapse) return { kind: 'self_exclusion_run', until: current.until }
  return { kind: 'self_exclusion_running', until: current.until }
}

export type CloseReason = z.infer<typeof CloseAccountBodySchema>['reason']
/** The reasons the close-account form offers, as the server takes them (a test compares). */
export const CLOSE_REASONS: readonly CloseReason[] = [
  'not_for_me',
  'too_much_time',
  'another_site',
  'privacy',
  'other',
]

/** A reason that speaks of harm from gambling: the form points to a break instead. */
export const isHarmReason = (reason: CloseReason | '') => reason === 'too_much_time'
