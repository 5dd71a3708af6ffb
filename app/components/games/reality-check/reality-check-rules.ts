import { ApiError } from '#app/lib/api.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import { PLAY_BARS, type PlayBar } from '#common/protection.ts'

/**
 * The reality check on a game screen (issue 26): when its dialog opens, what a refusal means, and
 * how its figures read. Pure, so the rules are tested without a browser; the hook and the dialog
 * apply them.
 */

export interface RealityCheckState {
  /**
   * When the next check is due, on this browser's clock (ms since the epoch); null: the check is
   * off, or its new time is being read.
   */
  dueAtMs: number | null
  isOpen: boolean
  /** A check came due while a game held it back (a Crash bet in the air, a spin landing). */
  isWaiting: boolean
  /** How many game parts hold the dialog back now. */
  holds: number
}

export type RealityCheckAction =
  /**
   * The protection state arrived at `nowMs` on this browser's clock and `serverNowMs` (its
   * `server_time`) on the server's: its `reality_check.due_at` is put on this clock.
   */
  | { type: 'loaded'; dueAt: string | null; serverNowMs: number; nowMs: number }
  /** The client's timer reached the due time. */
  | { type: 'due' }
  /** A bet was refused with 409 `protection.reality_check`: the server says it is due. */
  | { type: 'refused' }
  | { type: 'hold' }
  | { type: 'release' }
  /** The player chose Continue: the server moved the due time, which its answer brings. */
  | { type: 'continued' }

export const initialRealityCheck: RealityCheckState = {
  dueAtMs: null,
  isOpen: false,
  isWaiting: false,
  holds: 0,
}

/** Opens the dialog now, or once the last hold is released. */
const comeDue = (state: RealityCheckState): RealityCheckState =>
  state.isOpen
    ? state
    : state.holds > 0
      ? { ...state, isWaiting: true }
      : { ...state, isOpen: true, isWaiting: false }

/**
 * The dialog's state. Only Continue closes it: no key, click or timer does, since the check
 * needs the player's answer before play goes on.
 */
export function realityCheckReducer(
  state: RealityCheckState,
  action: RealityCheckAction,
): RealityCheckState {
  switch (action.type) {
    case 'loaded': {
      const dueMs = action.dueAt === null ? NaN : Date.parse(action.dueAt)
      const dueAtMs = Number.isFinite(dueMs) ? dueMs - (action.serverNowMs - action.nowMs) : null
      const next = { ...state, dueAtMs }
      return dueAtMs !== null && dueAtMs <= action.nowMs ? comeDue(next) : next
    }
    case 'due':
    case 'refused':
      return comeDue(state)
    case 'hold':
      return { ...state, holds: state.holds + 1 }
    case 'release': {
      const holds = Math.max(0, state.holds - 1)
      const next = { ...state, holds }
      return holds === 0 && state.isWaiting ? comeDue(next) : next
    }
    case 'continued':
      return { ...state, dueAtMs: null, isOpen: false, isWaiting: false }
  }
}

/** How long until the check is due (0 when it is), or null when there is nothing to wait for. */
export function msUntilDue(state: RealityCheckState, nowMs: number): number | null {
  if (state.dueAtMs === null || state.isOpen || state.isWaiting) return null
  return Math.max(0, state.dueAtMs - nowMs)
}

const isPlayBar = (value: string): value is PlayBar =>
  (PLAY_BARS as readonly string[]).includes(value)

/** The bar a refusal names (`protection.time_out` → `time_out`), if it is one. */
export function refusalBar(error: unknown): PlayBar | undefined {
  if (!(error instanceof ApiError) || !error.code.startsWith('protection.')) return undefined
  const bar = error.code.slice('protection.'.length)
  return isPlayBar(bar) ? bar : undefined
}

/**
 * Whether the Safer play tab answers a refusal: a break, a closure or a register match (it shows
 * what is in force and until when), or the player's own daily play-time limit (set there).
 */
export function linksToSaferPlay(bar: PlayBar | undefined): boolean {
  return bar !== undefined && bar !== 'reality_check'
}

// Building formatters loads locale data; the dialog formats a few figures per opening.
const unitFormatters = new Map<string, Intl.NumberFormat>()

function unitText(value: number, unit: 'second' | 'minute' | 'hour', localeTag: string) {
  const key = `${localeTag} ${unit}`
  let formatter = unitFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeTag, { style: 'unit', unit, unitDisplay: 'long' })
    unitFormatters.set(key, formatter)
  }
  return formatter.format(value)
}

/**
 * Time played in words ("1 hour, 5 minutes", "1 Stunde und 5 Minuten"): whole minutes, rounded
 * down (time already spent is not overstated), seconds only under a minute.
 */
export function formatPlayedTime(seconds: number, localeTag: string): string {
  const total = Math.max(0, Math.floor(seconds))
  if (total < 60) return unitText(total, 'second', localeTag)
  const minutes = Math.floor(total / 60)
  if (minutes < 60) return unitText(minutes, 'minute', localeTag)
  const hours = Math.floor(minutes / 60)
  const parts = [unitText(hours, 'hour', localeTag)]
  if (minutes % 60 > 0) parts.push(unitText(minutes % 60, 'minute', localeTag))
  return new Intl.ListFormat(localeTag, { type: 'unit', style: 'long' }).format(parts)
}

/** Minor units in the summary's currency, in the player's locale. */
export function summaryMoney(minor: bigint, currency: string, localeTag: string): string {
  return isCurrencyCode(currency)
    ? formatMoney(minor, currency, localeTag)
    : `${minor.toString()} ${currency}`
}

/** How the net result reads: the amount without its sign, and whether the player is up or down. */
export function netResult(net: string): { direction: 'up' | 'down' | 'even'; amount: bigint } {
  const value = BigInt(net)
  if (value > 0n) return { direction: 'up', amount: value }
  if (value < 0n) return { direction: 'down', amount: -value }
  return { direction: 'even', amount: 0n }
}

/**
 * The message a studio's page posts to the casino's page when the casino refused its bet with
 * `player_blocked` (docs/provider-api.md, "Game rules and the reality check"): the reason, if the
 * message is one.
 */
export function studioRefusalReason(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { type, reason } = data as Record<string, unknown>
  return type === 'aurum:player_blocked' && typeof reason === 'string' ? reason : undefined
}
