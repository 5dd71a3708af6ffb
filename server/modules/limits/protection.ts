import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { isCurrencyCode } from '#common/money.ts'
import {
  breakEnd,
  breakOpensAt,
  jurisdictionOf,
  realityCheckDue,
  standingBar,
  type BreakKind,
  type BreakPeriod,
  type JurisdictionRules,
  type PlayBar,
} from '#common/protection.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import type { RegisterAnswer } from './exclusion-register.ts'
import { changeLimit, settleLimit, type LimitState } from './limit-rules.ts'
import { playerProtection, protectionEvents, type ProtectionEventKind } from './limits.tables.ts'
import { playTimeUsed, type PlayTimeUsed } from './play-time.ts'
import { playUsageRows } from './play-usage-rows.ts'
import type {
  OperatorProtectionSchema,
  ProtectionState as WireProtectionState,
  RealityCheckSummarySchema,
} from './protection.contract.ts'
import {
  playBarError,
  protectionStateOf,
  readProtection,
  type ProtectionRow,
} from './protection-state.ts'
import type { z } from 'zod'

// The player-protection use cases (issue 26, docs/decisions/018). Every write locks the player's
// `player_protection` row first (`lockProtection`), decides under that lock and records what
// happened in `protection_events`, in the caller's transaction: two writes of one player line up,
// so a break is compared with the one really in force and is never shortened.

const MINUTE_MS = 60_000

/** What the audit log and the logs read of the request a use case serves. */
export type ProtectionRequest = Pick<FastifyRequest, 'ip' | 'headers' | 'log'>

/**
 * The protection use cases that need other modules (the password, sessions, the wallet, the
 * studios, the register): flows (`server/flows/player-protection.ts`) handed to the routes.
 */
export interface PlayerProtectionFlows {
  /** Checks the password, then starts or extends the break and ends open studio sessions. */
  takeBreak(
    request: ProtectionRequest,
    input: { playerId: string; kind: BreakKind; period: BreakPeriod; password: string },
  ): Promise<void>
  /**
   * Checks the password and that no money is left behind, forfeits bonus money, closes the
   * account and ends every session of the player; answers the ended sessions' id hashes.
   */
  closeAccount(
    request: ProtectionRequest,
    input: { playerId: string; reason: string; password: string },
  ): Promise<string[]>
  /**
   * At every sign-in, once the password (and second factor) are right: asks the register and
   * starts the reality check's count; refuses a closed account (`auth.account_closed`).
   */
  atSignIn(request: ProtectionRequest, playerId: string): Promise<void>
}

/** Who changed a player's protection: the player, or an operator (`operator:<id>`). */
export type ProtectionActor = 'player' | `operator:${string}`

type Detail = Record<string, string | number | boolean | null>

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null
const secondsUntil = (end: Date, now: Date) =>
  Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000))

/**
 * The player's row, created when missing, locked (FOR UPDATE) for the rest of `tx`: one
 * statement (an upsert that changes nothing and returns the row).
 */
export async function lockProtection(tx: Tx, playerId: string): Promise<ProtectionRow> {
  const [row] = await tx
    .insert(playerProtection)
    .values({ playerId })
    .onConflictDoUpdate({
      target: playerProtection.playerId,
      set: { updatedAt: sql`${playerProtection.updatedAt}` },
    })
    .returning()
  if (!row) throw new Error(`player_protection of ${playerId}: the upsert returned no row`)
  return row
}

async function recordEvent(
  tx: Tx,
  playerId: string,
  kind: ProtectionEventKind,
  detail: Detail,
  actor: ProtectionActor,
  now: Date,
) {
  await tx.insert(protectionEvents).values({ playerId, kind, detail, actor, at: now })
}

/** The rules of the player's jurisdiction, from the country on the account. */
export async function jurisdictionOfPlayer(
  db: Db | Tx,
  playerId: string,
): Promise<JurisdictionRules> {
  const [player] = await db
    .select({ country: players.country })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player) throw new AppError('auth.sign_in_required')
  return jurisdictionOf(player.country)
}

/**
 * The reality-check interval in force, in minutes (null: off). The row stores the player's choice:
 * null for the jurisdiction's default, 0 for off; where the jurisdiction keeps the check on, a
 * stored "off" (from before the player moved there) gives way to its default.
 */
export function realityCheckMinutesOf(
  row: Pick<ProtectionRow, 'realityCheckMinutes'> | undefined,
  rules: JurisdictionRules,
): number | null {
  const chosen = row?.realityCheckMinutes ?? null
  if (chosen === null) return rules.realityCheckDefaultMinutes
  if (chosen === 0) return rules.realityCheckOptional ? null : rules.realityCheckDefaultMinutes
  return chosen
}

const playTimeState = (row: ProtectionRow | undefined): LimitState => ({
  amountMinor: row?.playTimeLimitMinutes ?? null,
  pendingAmountMinor: row?.playTimePendingMinutes ?? null,
  pendingFrom: row?.playTimePendingFrom ?? null,
})

/**
 * The columns that forget a break which is over (a time-out past its end, a self-exclusion past
 * its lapse), so that bets stop reading the row for it (`checks_play`); undefined while one is in
 * force or none is stored. The history keeps it (`protection_events`).
 */
function forgetEndedBreak(row: ProtectionRow, now: Date) {
  if (row.breakKind === null || breakOpensAt(protectionStateOf(row), now) !== undefined) {
    return undefined
  }
  return {
    breakKind: null,
    breakPeriod: null,
    breakStartedAt: null,
    breakUntil: null,
    lapseRequestedAt: null,
  }
}

/** Why the player may not play now, by the same rules the bets apply. */
function barOf(row: ProtectionRow | undefined, used: PlayTimeUsed, now: Date): PlayBar | null {
  const state = protectionStateOf(row)
  const standing = standingBar(state, now)
  if (standing) return standing
  if (realityCheckDue(state, now)) return 'reality_check'
  const limit = settleLimit(playTimeState(row), now).amountMinor
  if (limit !== null && used.usedMs >= Number(limit) * MINUTE_MS) return 'play_time'
  return null
}

/** The state the player's calls answer, from the row, the rules and the play time used. */
export function protectionViewOf(
  row: ProtectionRow | undefined,
  rules: JurisdictionRules,
  used: PlayTimeUsed,
  now: Date,
): WireProtectionState {
  const opens = breakOpensAt(protectionStateOf(row), now)
  const playTime = settleLimit(playTimeState(row), now)
  const minutes = (value: bigint | null) => (value === null ? null : Number(value))
  return {
    bar: barOf(row, used, now),
    break:
      row?.breakKind && row.breakUntil && row.breakStartedAt && opens !== undefined
        ? {
            kind: row.breakKind,
            period: row.breakPeriod ?? '',
            started_at: row.breakStartedAt.toISOString(),
            until: row.breakUntil.toISOString(),
            lapse_requested_at: iso(row.lapseRequestedAt),
            opens_at: iso(opens),
            can_request_lapse:
              row.breakKind === 'self_exclusion' &&
              row.lapseRequestedAt === null &&
              row.breakUntil <= now,
          }
        : null,
    jurisdiction: {
      code: rules.code,
      slot_min_cycle_ms: rules.slotMinCycleMs,
      slot_autoplay: rules.slotAutoplay,
      slot_turbo: rules.slotTurbo,
    },
    reality_check: {
      minutes: realityCheckMinutesOf(row, rules),
      default_minutes: rules.realityCheckDefaultMinutes,
      optional: rules.realityCheckOptional,
      signed_in_at: iso(row?.sessionStartedAt),
      due_at: iso(row?.realityCheckDueAt),
    },
    play_time: {
      limit_minutes: minutes(playTime.amountMinor),
      pending_minutes: minutes(playTime.pendingAmountMinor),
      pending_from: iso(playTime.pendingFrom),
      used_seconds: Math.floor(used.usedMs / 1000),
    },
    limit_prompt_answered: row?.limitPromptAnsweredAt != null,
    server_time: now.toISOString(),
  }
}

/** `GET /player/protection`: the player's protection state now. */
export async function protectionView(
  db: Db,
  playerId: string,
  now = new Date(),
): Promise<WireProtectionState> {
  const rules = await jurisdictionOfPlayer(db, playerId)
  const row = await readProtection(db, playerId)
  const used = await playTimeUsed(db, playerId, playUsageRows, now)
  return protectionViewOf(row, rules, used, now)
}

/**
 * Starts a time-out or a self-exclusion now, or extends the break in force. A break is never
 * shortened: one that ends before the break in force is refused (`protection.break_shorter`),
 * and a time-out during a self-exclusion always is (a self-exclusion has no end until its lapse
 * is asked for). A self-exclusion during a time-out replaces it. A new self-exclusion drops a
 * lapse asked for.
 */
export async function startBreak(
  tx: Tx,
  input: { playerId: string; kind: BreakKind; period: BreakPeriod; actor: ProtectionActor },
): Promise<{ at: Date; until: Date; extended: boolean }> {
  const row = await lockProtection(tx, input.playerId)
  // The break starts once the lock is held: breaks asked for at once are recorded in the order
  // they were decided, each against the one before.
  const now = new Date()
  const state = protectionStateOf(row)
  const until = breakEnd(input.period, now)
  const opens = breakOpensAt(state, now)
  const current = state.breakKind !== null && opens !== undefined ? state.breakKind : null
  if (current) {
    // A self-exclusion not yet asked to lapse runs at least to its period's end.
    const currentEnd = opens ?? row.breakUntil
    const refused =
      (current === 'self_exclusion' && input.kind === 'time_out') ||
      (currentEnd !== null && until < currentEnd)
    if (refused) {
      if (currentEnd === null || currentEnd <= now) throw playBarError(current, state, now)
      throw new AppError('protection.break_shorter', {
        params: { waitSeconds: secondsUntil(currentEnd, now) },
        details: { until: currentEnd.toISOString() },
      })
    }
  }
  await tx
    .update(playerProtection)
    .set({
      breakKind: input.kind,
      breakPeriod: input.period,
      breakStartedAt: now,
      breakUntil: until,
      lapseRequestedAt: null,
      updatedAt: now,
    })
    .where(eq(playerProtection.playerId, input.playerId))
  await recordEvent(
    tx,
    input.playerId,
    current ? 'break_extended' : 'break_started',
    {
      kind: input.kind,
      period: input.period,
      until: until.toISOString(),
      ...(current && { previous_kind: current, previous_until: iso(row.breakUntil) }),
    },
    input.actor,
    now,
  )
  return { at: now, until, extended: current !== null }
}

/**
 * The player asks to end a self-exclusion whose period has run: play reopens 24 hours after
 * (`LAPSE_COOLING_OFF_MS`). Before the period's end: `protection.lapse_too_early`; without a
 * self-exclusion in force, or asked already: `protection.no_lapse`.
 */
export async function requestLapse(tx: Tx, playerId: string, now: Date): Promise<Date> {
  const row = await lockProtection(tx, playerId)
  const state = protectionStateOf(row)
  if (
    state.breakKind !== 'self_exclusion' ||
    state.breakUntil === null ||
    state.lapseRequestedAt !== null ||
    breakOpensAt(state, now) === undefined
  ) {
    throw new AppError('protection.no_lapse')
  }
  if (state.breakUntil > now) {
    throw new AppError('protection.lapse_too_early', {
      params: { waitSeconds: secondsUntil(state.breakUntil, now) },
    })
  }
  await tx
    .update(playerProtection)
    .set({ lapseRequestedAt: now, updatedAt: now })
    .where(eq(playerProtection.playerId, playerId))
  const opens = breakOpensAt({ ...state, lapseRequestedAt: now }, now) ?? now
  await recordEvent(
    tx,
    playerId,
    'lapse_requested',
    { opens_at: opens.toISOString() },
    'player',
    now,
  )
  return opens
}

/**
 * The player's reality-check interval (null: off, where the jurisdiction allows it, else
 * `protection.reality_check_required`). The next check is due one interval from now; a check
 * already due stays due until answered, whatever the new interval.
 */
export async function setRealityCheck(
  tx: Tx,
  input: { playerId: string; minutes: number | null; rules: JurisdictionRules },
  now: Date,
): Promise<void> {
  if (input.minutes === null && !input.rules.realityCheckOptional) {
    throw new AppError('protection.reality_check_required')
  }
  const row = await lockProtection(tx, input.playerId)
  const stored = input.minutes ?? 0
  const interval = realityCheckMinutesOf({ realityCheckMinutes: stored }, input.rules)
  const isDue = row.realityCheckDueAt !== null && row.realityCheckDueAt <= now
  const dueAt =
    interval === null
      ? null
      : isDue
        ? row.realityCheckDueAt
        : new Date(now.getTime() + interval * MINUTE_MS)
  await tx
    .update(playerProtection)
    .set({ realityCheckMinutes: stored, realityCheckDueAt: dueAt, updatedAt: now })
    .where(eq(playerProtection.playerId, input.playerId))
  await recordEvent(
    tx,
    input.playerId,
    'reality_check_set',
    { minutes: input.minutes, due_at: iso(dueAt) },
    'player',
    now,
  )
}

/** The player answered the reality check with "continue": the next is due one interval on. */
export async function continueRealityCheck(
  tx: Tx,
  input: { playerId: string; rules: JurisdictionRules },
  now: Date,
): Promise<void> {
  const row = await lockProtection(tx, input.playerId)
  const interval = realityCheckMinutesOf(row, input.rules)
  const dueAt = interval === null ? null : new Date(now.getTime() + interval * MINUTE_MS)
  await tx
    .update(playerProtection)
    .set({ realityCheckDueAt: dueAt, updatedAt: now })
    .where(eq(playerProtection.playerId, input.playerId))
  await recordEvent(
    tx,
    input.playerId,
    'reality_check_answered',
    { answer: 'continue', was_due: iso(row.realityCheckDueAt), due_at: iso(dueAt) },
    'player',
    now,
  )
}

/**
 * The daily play-time limit, as every limit changes (`changeLimit`): lower or first at once;
 * a raise or removal (null) waits 24 hours while the current limit stays in force.
 */
export async function setPlayTimeLimit(
  tx: Tx,
  input: { playerId: string; minutes: number | null },
  now: Date,
): Promise<void> {
  const row = await lockProtection(tx, input.playerId)
  const next = changeLimit(
    playTimeState(row),
    input.minutes === null ? null : BigInt(input.minutes),
    now,
  )
  await tx
    .update(playerProtection)
    .set({
      playTimeLimitMinutes: next.amountMinor,
      playTimePendingMinutes: next.pendingAmountMinor,
      playTimePendingFrom: next.pendingFrom,
      updatedAt: now,
    })
    .where(eq(playerProtection.playerId, input.playerId))
  await recordEvent(
    tx,
    input.playerId,
    'play_time_limit_set',
    {
      minutes: input.minutes,
      limit_minutes: next.amountMinor === null ? null : Number(next.amountMinor),
      pending_from: iso(next.pendingFrom),
    },
    'player',
    now,
  )
}

/**
 * The prompt to set a deposit limit is answered: declined, or by setting a deposit limit
 * (`POST /player/deposit-limits`). Only the first answer is recorded; the prompt never returns.
 */
export async function answerLimitPrompt(
  db: Db,
  input: { playerId: string; answer: 'declined' | 'deposit_limit' },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockProtection(tx, input.playerId)
    if (row.limitPromptAnsweredAt !== null) return
    await tx
      .update(playerProtection)
      .set({ limitPromptAnsweredAt: now, updatedAt: now })
      .where(eq(playerProtection.playerId, input.playerId))
    await recordEvent(
      tx,
      input.playerId,
      'limit_prompt_answered',
      { answer: input.answer },
      'player',
      now,
    )
  })
}

/**
 * Closes the account, on the row the caller locked (`lockProtection`) before it checked that
 * nothing withdrawable is left behind; `cashLeft` names what stays (`EUR:500`, below every
 * withdrawal minimum), null for nothing. Sessions end with the caller.
 */
export async function recordClosure(
  tx: Tx,
  input: { playerId: string; reason: string; cashLeft: string | null },
  now: Date,
): Promise<void> {
  await tx
    .update(playerProtection)
    .set({ closedAt: now, closedReason: input.reason, updatedAt: now })
    .where(eq(playerProtection.playerId, input.playerId))
  await recordEvent(
    tx,
    input.playerId,
    'account_closed',
    { reason: input.reason, cash_left: input.cashLeft },
    'player',
    now,
  )
}

/**
 * An operator reopens a closed account. Refused (`protection.reopen_refused`) when it is not
 * closed or a break is in force: closing is the player's, a break is never lifted by anyone.
 */
export async function reopenAccount(
  tx: Tx,
  input: { playerId: string; operatorId: string },
  now: Date,
): Promise<{ closedAt: Date; reason: string | null }> {
  const row = await lockProtection(tx, input.playerId)
  const state = protectionStateOf(row)
  if (row.closedAt === null || breakOpensAt(state, now) !== undefined) {
    throw new AppError('protection.reopen_refused')
  }
  await tx
    .update(playerProtection)
    .set({ closedAt: null, closedReason: null, updatedAt: now })
    .where(eq(playerProtection.playerId, input.playerId))
  await recordEvent(
    tx,
    input.playerId,
    'account_reopened',
    { closed_at: row.closedAt.toISOString(), reason: row.closedReason },
    `operator:${input.operatorId}`,
    now,
  )
  return { closedAt: row.closedAt, reason: row.closedReason }
}

/**
 * A sign-in (or the sign-in of a sign-up): the reality check counts from now and is due one
 * interval on; the register's answer is kept (undefined: the register could not answer, and the
 * last known answer stays), with an event when it changed; a break that is over is forgotten.
 * Answers `closed` without changing anything for a closed account, which may not sign in.
 */
export async function recordSignIn(
  tx: Tx,
  input: { playerId: string; rules: JurisdictionRules; register: RegisterAnswer | undefined },
  now: Date,
): Promise<{ closed: boolean }> {
  const row = await lockProtection(tx, input.playerId)
  if (row.closedAt !== null) return { closed: true }
  const interval = realityCheckMinutesOf(row, input.rules)
  const { register } = input
  await tx
    .update(playerProtection)
    .set({
      ...forgetEndedBreak(row, now),
      sessionStartedAt: now,
      realityCheckDueAt: interval === null ? null : new Date(now.getTime() + interval * MINUTE_MS),
      ...(register && { registerMatch: register.listed, registerCheckedAt: now }),
      updatedAt: now,
    })
    .where(eq(playerProtection.playerId, input.playerId))
  if (register && register.listed !== row.registerMatch) {
    await recordEvent(
      tx,
      input.playerId,
      register.listed ? 'register_matched' : 'register_cleared',
      { reference: register.reference },
      'player',
      now,
    )
  }
  return { closed: false }
}

/** `GET /player/protection/reality-check`: what the player did since signing in. */
export async function realityCheckSummary(
  db: Db,
  playerId: string,
  now = new Date(),
): Promise<z.infer<typeof RealityCheckSummarySchema>> {
  const [player] = await db
    .select({ currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player || !isCurrencyCode(player.currency)) throw new AppError('auth.sign_in_required')
  const currency = player.currency
  const row = await readProtection(db, playerId)
  // A session from before protection rows existed has no start on record: it counts from now.
  const since = row?.sessionStartedAt ?? now
  // The usage rows hold every open live bet and Mines round whenever it started: only those
  // since the sign-in count here.
  const result = await db.execute(sql`
    select currency, coalesce(sum(stake_minor), 0)::text as staked,
      coalesce(sum(payout_minor), 0)::text as won, count(*)::int as bets
    from (${playUsageRows(playerId, since)}) as stakes where at > ${since}
    group by currency`)
  const rows = (
    result as { rows: { currency: string; staked: string; won: string; bets: number }[] }
  ).rows
  // Bets in another wallet's currency are shown converted at the mid rate, as every shown amount.
  const rates = rows.some((entry) => entry.currency !== currency) ? await loadRates(db) : undefined
  const inWallet = (amount: bigint, from: string) =>
    rates && from !== currency && isCurrencyCode(from)
      ? rates.convert(amount, from, currency, 'half_even')
      : amount
  let staked = 0n
  let won = 0n
  let bets = 0
  for (const entry of rows) {
    if (entry.currency !== currency && !isCurrencyCode(entry.currency)) continue
    staked += inWallet(BigInt(entry.staked), entry.currency)
    won += inWallet(BigInt(entry.won), entry.currency)
    bets += entry.bets
  }
  return {
    signed_in_at: since.toISOString(),
    elapsed_seconds: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)),
    due_at: iso(row?.realityCheckDueAt),
    currency,
    staked: staked.toString(),
    won: won.toString(),
    net: (won - staked).toString(),
    bets,
  }
}

/** How many history entries the operators' view shows, newest first. */
const HISTORY_MAX = 500

/** `GET /admin/api/players/:id/protection`: the state, the closure and register, the history. */
export async function operatorProtectionView(
  db: Db,
  playerId: string,
  now = new Date(),
): Promise<z.infer<typeof OperatorProtectionSchema>> {
  const state = await protectionView(db, playerId, now)
  const row = await readProtection(db, playerId)
  const history = await db
    .select()
    .from(protectionEvents)
    .where(eq(protectionEvents.playerId, playerId))
    .orderBy(desc(protectionEvents.at))
    .limit(HISTORY_MAX)
  return {
    player_id: playerId,
    state,
    closed_at: iso(row?.closedAt),
    closed_reason: row?.closedReason ?? null,
    register_match: row?.registerMatch ?? false,
    register_checked_at: iso(row?.registerCheckedAt),
    history: history.map((event) => ({
      kind: event.kind,
      detail: event.detail,
      actor: event.actor,
      at: event.at.toISOString(),
    })),
  }
}
